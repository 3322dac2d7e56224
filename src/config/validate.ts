import { sortDiagnostics, type Diagnostic } from '../diagnostics/index.js';
import { stringFormats } from './formats.js';
import { createDocsValidator, type DocsValidateFunction } from './generated/docs-validator.js';
import type { LoadedConfig } from './load.js';
import { schemaErrorsToDiagnostics } from './schema-errors.js';
import { docsSchema } from './schema.js';
import { runSemanticChecks } from './semantic-checks.js';

let validator: DocsValidateFunction | undefined;

/**
 * The docs.json validator: ajv code generated ahead of time from schema.ts (by
 * scripts/build-docs-schema.ts), instantiated once per process on first use. Compiling the schema at
 * run time instead would cost 150-350 ms per process.
 */
function docsValidator(): DocsValidateFunction {
  validator ??= createDocsValidator(stringFormats);
  return validator;
}

/**
 * Checks a loaded docs.json against the schema and the semantic rules. Returns one diagnostic per
 * problem, each placed (file, line, column, pointer) in the file the offending value was written in,
 * sorted in the project's deterministic order. Unknown keys are warnings; everything else is an error.
 */
export function validateConfig(config: LoadedConfig): Diagnostic[] {
  const validate = docsValidator();
  const errors = validate(config.value) ? [] : (validate.errors ?? []).filter((error) => !belowUnresolvedReference(error.instancePath, config.unresolved));
  const schemaDiagnostics = errors.length ? schemaErrorsToDiagnostics(errors, config, docsSchema) : [];
  return sortDiagnostics([...schemaDiagnostics, ...runSemanticChecks(config)]);
}

function belowUnresolvedReference(pointer: string, unresolved: readonly string[]): boolean {
  return unresolved.some((at) => pointer === at || pointer.startsWith(at + '/'));
}
