/**
 * docs-build's programmatic API. `build()` never prints and never exits; see docs/api.md.
 */
export { build } from './pipeline/index.js';
export type { BuildOptions, BuildResult, BuildStats, JobCheckOptions } from './pipeline/index.js';
export { loadConfig, normalizeSite, readConfiguration, validateConfig, docsSchema } from './config/index.js';
export type { Configuration, LoadedConfig, SettingOrigins } from './config/index.js';
export { catalog, createDiagnostic, formatGithub, formatHuman, formatJson, sortDiagnostics, StageFailure } from './diagnostics/index.js';
export type { Diagnostic, DiagnosticCode, JsonReport, RelatedLocation, Severity, SourceLocation } from './diagnostics/index.js';
export { compareFields } from './fields/index.js';
export type { DriftKind, Field, FieldDrift, FieldLocation, FieldSource } from './fields/index.js';
export { applyMigration, checkMigration, draftOpenapi, serializeDraft } from './migrate/index.js';
export type { ApplyMigrationOptions, CheckMigrationOptions, DraftOpenapiOptions, MigrationReport, PageReport } from './migrate/index.js';
export { serializeManifest } from './manifest/serialize.js';
export type * from './manifest/types.js';
export { DocsRoot } from './root/index.js';
export * from './admin/index.js';
