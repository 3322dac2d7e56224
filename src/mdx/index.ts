export { parseMdxPage, locateFrontmatter, titleFromPath } from './parse-page.js';
export { parseApiLine } from './frontmatter.js';
export { authMethods, httpMethods, playgroundModes } from './types.js';
export type { HttpMethod, Located, PageApi, PageAuthMethod, PageImport, PagePlayground, ParsedPage, ProseBlock, Span } from './types.js';
