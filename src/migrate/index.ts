export { checkMigration } from './check.js';
export { applyMigration, editApplies } from './apply.js';
export { matchPage } from './match.js';
export type { PageMatch, PageRequest } from './match.js';
export { hardBlockers } from './types.js';
export type {
  DocsExtension,
  AppliedMigration,
  ApplyMigrationOptions,
  Blocker,
  CheckMigrationOptions,
  ConfigEdit,
  DraftOpenapiOptions,
  DraftResult,
  DriftEntry,
  FieldView,
  MigrationReport,
  MigrationSummary,
  OperationRef,
  PageReport,
  PageStatus,
} from './types.js';
export { draftOpenapi, serializeDraft } from './draft.js';
