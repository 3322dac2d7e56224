/**
 * Regenerates src/openapi/generated/openapi-validators.ts (the OpenAPI schema checks compiled ahead of
 * time). Run after updating @apidevtools/swagger-parser or ajv:
 *   npx tsx scripts/build-openapi-validators.ts
 */
import { writeFileSync } from 'node:fs';
import { openapiValidatorsModule } from './openapi-validator-artifacts.js';

const target = new URL('../src/openapi/generated/openapi-validators.ts', import.meta.url);
const text = openapiValidatorsModule();
writeFileSync(target, text);
console.log(`wrote ${target.pathname} (${text.length} characters)`);
