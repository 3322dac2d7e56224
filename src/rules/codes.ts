import { catalog } from '../diagnostics/catalog.js';
import { isFixedCode } from './load.js';

/**
 * The codes docs-build.json can set, listed in schema/rules.schema.json for editors (kept current by
 * `npx tsx scripts/diagnostics-doc.ts`): every code of build and check whose severity is not fixed.
 */
export function adjustableCodes(): string[] {
  return Object.keys(catalog)
    .filter((code) => !isFixedCode(code) && !/^(migrate|upgrade|admin)\//.test(code))
    .sort();
}
