/**
 * Regenerates schema/docs.schema.json and src/config/generated/docs-validator.ts from
 * src/config/schema.ts. Run after editing the schema:
 *   npx tsx scripts/build-docs-schema.ts
 */
import { writeFileSync } from 'node:fs';
import { docsSchemaJson, docsValidatorModule } from './docs-schema-artifacts.js';

const outputs: Array<[URL, string]> = [
  [new URL('../schema/docs.schema.json', import.meta.url), docsSchemaJson()],
  [new URL('../src/config/generated/docs-validator.ts', import.meta.url), docsValidatorModule()],
];
for (const [target, text] of outputs) {
  writeFileSync(target, text);
  console.log(`wrote ${target.pathname} (${text.length} characters)`);
}
