import { docsSchema } from './schema.js';

/** The docs.json JSON Schema as printed by `docs-build schema`. */
export function docsSchemaText(): string {
  return JSON.stringify(docsSchema, null, 2) + '\n';
}
