export { DocsRoot, sha256 } from './docs-root.js';
export type { SourceFile, PathProblem, Resolved, ReadResult, DocsRootOptions } from './docs-root.js';
export { invalidUtf8Diagnostic } from './encoding.js';
