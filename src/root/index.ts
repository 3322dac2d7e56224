export { DocsRoot, sameStamp, sha256, stampAt, stampOfStats } from './docs-root.js';
export type { FileStamp, SourceFile, PathProblem, Resolved, ReadResult, DocsRootOptions } from './docs-root.js';
export { invalidUtf8Diagnostic } from './encoding.js';
