export { DocsRoot, OUTPUT_FOLDER_MARKER, sameStamp, sha256, stampAt, stampOfStats } from './docs-root.js';
export type { FileStamp, SourceFile, PathProblem, Resolved, ReadResult, DocsRootOptions } from './docs-root.js';
export { invalidUtf8Diagnostic } from './encoding.js';
export { copyFileAtomic, createNewFile, isRunning, linkFileAtomic, patchFileInPlace, removeFile, writeFileAtomic } from './atomic-write.js';
export type { GrowingFile, InPlaceEdit, WriteOptions } from './atomic-write.js';
export { isWithin, locatePath, openOwnedFile, readOwnedFile, readOwnedRange, UnsafePathError } from './owned-paths.js';
export type { Confinement } from './owned-paths.js';
export { refuseInputsOf } from './output-guard.js';
