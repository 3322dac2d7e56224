import type { ErrorObject } from 'ajv';
import {
  closestMatch,
  createDiagnostic,
  didYouMean,
  joinPointer,
  splitPointer,
  type Diagnostic,
  type DiagnosticCode,
  type JsonValue,
} from '../diagnostics/index.js';
import { describeValue, displayPath, quoteList, valueAt } from './config-path.js';
import { stringFormats } from './formats.js';
import type { LoadedConfig } from './load.js';
import { allowedChildren, navigationDivisions, type SchemaNode } from './schema.js';

/** A problem before it is placed in a file: reducing and merging work on these. */
interface Finding {
  code: DiagnosticCode;
  message: string;
  /** Pointer of the composed docs.json the finding is about. */
  pointer: string;
  /** Point at the key (unknown keys, missing keys) or at the value. */
  target: 'key' | 'value';
  suggestion?: string;
  /** Missing-required findings: the key that is missing (or the keys of which one is), for merging with a misspelt unknown key. */
  missingKeys?: string[];
  /** Unknown-key findings: the unknown key and the object holding it. */
  unknownKey?: string;
  objectPointer?: string;
}

interface Context {
  value: JsonValue;
  schema: SchemaNode;
}

const listedEnumLimit = 12;

/**
 * Turns ajv's raw errors into one diagnostic per real problem. The schema avoids `anyOf`/`oneOf` for
 * unions (see schema.ts), so most raw errors already sit in the branch the user meant; what remains
 * is dropping `if` bookkeeping errors, collapsing the one `anyOf` (navigation's "one of these
 * divisions"), letting a wrong type hide the other complaints about the same value, and merging a
 * misspelt key with the required key it was meant to be.
 */
export function schemaErrorsToDiagnostics(errors: readonly ErrorObject[], config: LoadedConfig, schema: SchemaNode): Diagnostic[] {
  const context: Context = { value: config.value, schema };
  const reduced = preferWrongType(collapseAnyOf(errors.filter((error) => error.keyword !== 'if')));
  const findings = mergeMisspeltRequiredKeys(reduced.map((error) => toFinding(error, context)));
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const finding of findings) {
    const identity = `${finding.code}|${finding.pointer}|${finding.message}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    const location = config.locate(finding.pointer, finding.target);
    diagnostics.push(createDiagnostic(finding.code, finding.message, location, { suggestion: finding.suggestion }));
  }
  return diagnostics;
}

/**
 * An `anyOf` whose branches each failed on one missing key becomes one "needs one of" error; any
 * other `anyOf` keeps only the errors of its closest branch (the one with the fewest errors).
 */
function collapseAnyOf(errors: readonly ErrorObject[]): ErrorObject[] {
  const anyOfs = errors.filter((error) => error.keyword === 'anyOf');
  if (anyOfs.length === 0) return [...errors];
  const dropped = new Set<ErrorObject>();
  const added: ErrorObject[] = [];
  for (const anyOf of anyOfs) {
    dropped.add(anyOf);
    const prefix = `${anyOf.schemaPath}/`;
    const branches = new Map<string, ErrorObject[]>();
    for (const error of errors) {
      if (!error.schemaPath.startsWith(prefix) || !error.instancePath.startsWith(anyOf.instancePath)) continue;
      dropped.add(error);
      const branch = error.schemaPath.slice(prefix.length).split('/')[0] ?? '';
      branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    const all = [...branches.values()].flat();
    if (all.length > 0 && all.every((error) => error.keyword === 'required' && error.instancePath === anyOf.instancePath)) {
      const keys = all.map((error) => String(error.params['missingProperty']));
      added.push({ ...anyOf, keyword: 'required', params: { missingProperty: keys[0], oneOf: keys } });
      continue;
    }
    const closest = [...branches.values()].sort((a, b) => a.length - b.length)[0];
    if (closest) added.push(...closest);
  }
  return [...errors.filter((error) => !dropped.has(error)), ...added];
}

/**
 * A value of the wrong type makes every other complaint about it noise. When a union's `else` branch
 * repeats the type check, the union's own error (the one saying every accepted form) is kept.
 */
function preferWrongType(errors: readonly ErrorObject[]): ErrorObject[] {
  const typeErrors = new Map<string, ErrorObject>();
  for (const error of errors) {
    if (error.keyword !== 'type') continue;
    const kept = typeErrors.get(error.instancePath);
    if (!kept || (!describesUnion(kept) && describesUnion(error))) typeErrors.set(error.instancePath, error);
  }
  return errors.filter((error) => {
    const typeError = typeErrors.get(error.instancePath);
    return typeError === undefined || typeError === error;
  });
}

function describesUnion(error: ErrorObject): boolean {
  const schema = error.parentSchema as JsonValue | undefined;
  return isSchemaNode(schema) && typeof schema['x-expected'] === 'string';
}

/**
 * `"primay": "#000"` gives an unknown key and a missing `primary`: one mistake, reported once, as the
 * missing key, pointing at the misspelt one. Same for `"tab": [...]` where the navigation needs one of
 * its divisions.
 */
function mergeMisspeltRequiredKeys(findings: Finding[]): Finding[] {
  const unknownByObject = new Map<string, Finding[]>();
  for (const finding of findings) {
    if (finding.unknownKey === undefined || finding.objectPointer === undefined) continue;
    unknownByObject.set(finding.objectPointer, [...(unknownByObject.get(finding.objectPointer) ?? []), finding]);
  }
  const absorbed = new Set<Finding>();
  for (const finding of findings) {
    if (!finding.missingKeys) continue;
    const wanted = finding.missingKeys;
    for (const unknown of unknownByObject.get(finding.pointer) ?? []) {
      const meant = absorbed.has(unknown) ? undefined : closestMatch(unknown.unknownKey ?? '', wanted);
      if (meant === undefined) continue;
      absorbed.add(unknown);
      finding.message = `${finding.message}; "${unknown.unknownKey}" looks like a misspelling of "${meant}"`;
      finding.suggestion = `rename "${unknown.unknownKey}" to "${meant}"`;
      finding.pointer = unknown.pointer;
      break;
    }
  }
  return findings.filter((finding) => !absorbed.has(finding));
}

function toFinding(error: ErrorObject, context: Context): Finding {
  const pointer = error.instancePath;
  const path = displayPath(context.value, pointer);
  const value = valueAt(context.value, pointer);
  // ajv's schemaPath is relative to the innermost non-inlined $ref, so the node comes from `parentSchema` (verbose mode).
  const node = isSchemaNode(error.parentSchema as JsonValue | undefined) ? (error.parentSchema as SchemaNode) : undefined;
  const rule = typeof node?.['x-rule'] === 'string' ? node['x-rule'] : undefined;
  const got = `(got ${describeValue(value)})`;
  const params = error.params as Record<string, unknown>;

  switch (error.keyword) {
    case 'type': {
      const expected = typeof node?.['x-expected'] === 'string' ? node['x-expected'] : typeWords(params['type']);
      return { code: 'config/invalid-type', message: `${path} must be ${expected} ${got}`, pointer, target: 'value' };
    }
    case 'enum':
    case 'const': {
      const allowed = (error.keyword === 'enum' ? (params['allowedValues'] as unknown[]) : [params['allowedValue']]).map(String);
      const listed = allowed.length <= listedEnumLimit ? `one of ${quoteList(allowed)}` : `one of the ${allowed.length} supported values`;
      const suggestion =
        (typeof value === 'string' ? didYouMean(value, allowed) : undefined) ??
        (allowed.length > listedEnumLimit ? `supported values: ${allowed.join(', ')}` : undefined);
      return { code: 'config/invalid-enum', message: `${path} must be ${listed} ${got}`, pointer, target: 'value', ...(suggestion ? { suggestion } : {}) };
    }
    case 'format': {
      const format = stringFormats[String(params['format'])];
      return {
        code: 'config/invalid-format',
        message: `${path} must be ${format?.expected ?? `a valid ${String(params['format'])}`} ${got}`,
        pointer,
        target: 'value',
        ...(format?.hint ? { suggestion: format.hint } : {}),
      };
    }
    case 'pattern':
      return { code: 'config/invalid-value', message: `${path} ${rule ?? `must match the pattern ${String(params['pattern'])}`} ${got}`, pointer, target: 'value' };
    case 'minLength': {
      const limit = Number(params['limit']);
      const message = rule ? `${path} ${rule} ${got}` : limit === 1 ? `${path} must not be empty` : `${path} must be at least ${limit} characters long ${got}`;
      return { code: 'config/invalid-value', message, pointer, target: 'value' };
    }
    case 'minItems':
    case 'maxItems': {
      const limit = Number(params['limit']);
      const count = Array.isArray(value) ? value.length : 0;
      const bound = error.keyword === 'minItems' ? `at least ${limit} ${limit === 1 ? 'entry' : 'entries'}` : `at most ${limit} entries`;
      return { code: 'config/invalid-value', message: `${path} ${rule ?? `must hold ${bound}`} (got ${count})`, pointer, target: 'value' };
    }
    case 'required':
      return missingKeyFinding(error, context, node, rule);
    case 'additionalProperties':
      return unknownKeyFinding(error, context, node);
    default:
      return { code: 'config/invalid-value', message: `${path} ${error.message ?? 'is not valid'}`, pointer, target: 'value' };
  }
}

function missingKeyFinding(error: ErrorObject, context: Context, node: SchemaNode | undefined, rule: string | undefined): Finding {
  const pointer = error.instancePath;
  const where = displayPath(context.value, pointer);
  const oneOf = error.params['oneOf'];
  if (Array.isArray(oneOf)) {
    const keys = oneOf.map(String);
    return {
      code: 'config/missing-required',
      message: `${where} needs one of ${quoteList(keys)}`,
      pointer,
      target: 'key',
      missingKeys: keys,
      suggestion: `add the top-level division of the site, for example "groups": [{ "group": "Get started", "pages": ["index"] }]`,
    };
  }
  const key = String(error.params['missingProperty']);
  const propertySchema = propertySchemaOf(context.schema, node, key);
  const description = typeof propertySchema?.['description'] === 'string' ? propertySchema['description'] : undefined;
  const message = rule ? `${where} is missing "${key}": ${rule}` : `${where} is missing the required key "${key}"`;
  return {
    code: 'config/missing-required',
    message,
    pointer,
    target: 'key',
    missingKeys: [key],
    suggestion: description ? `add "${key}" (${lowerFirst(description.replace(/\.$/, ''))})` : `add "${key}"`,
  };
}

function unknownKeyFinding(error: ErrorObject, context: Context, node: SchemaNode | undefined): Finding {
  const objectPointer = error.instancePath;
  const key = String(error.params['additionalProperty']);
  const pointer = joinPointer(objectPointer, key);
  const where = displayPath(context.value, objectPointer);
  const properties = node?.['properties'];
  const known = properties && typeof properties === 'object' && !Array.isArray(properties) ? Object.keys(properties) : [];
  const kind = navigationKindOf(node);
  const childKeys = ['groups', 'pages', ...Object.keys(navigationDivisions)];
  if (kind && childKeys.includes(key)) {
    const allowed = allowedChildren[kind.definition];
    return {
      code: 'config/unknown-key',
      message: `${where} is a ${kind.label}, which cannot hold "${key}"; the service ignores them`,
      pointer,
      target: 'key',
      suggestion: `a ${kind.label} holds ${quoteList([...allowed])}`,
      unknownKey: key,
      objectPointer,
    };
  }
  const suggestion = didYouMean(key, known) ?? (known.length > 0 && known.length <= 16 ? `known keys here: ${known.join(', ')}` : undefined);
  return {
    code: 'config/unknown-key',
    message: `${where} has an unknown key "${key}"`,
    pointer,
    target: 'key',
    unknownKey: key,
    objectPointer,
    ...(suggestion ? { suggestion } : {}),
  };
}

/** The navigation kind whose object schema `node` is (tab, group, ...), from its label key. */
function navigationKindOf(node: SchemaNode | undefined): { label: string; definition: keyof typeof allowedChildren } | undefined {
  const required = node?.['required'];
  const label = Array.isArray(required) ? required[0] : undefined;
  if (label === 'group') return { label: 'group', definition: 'group' };
  for (const division of Object.values(navigationDivisions)) {
    if (division.label === label && node?.['properties'] && !isGlobalLink(node)) return { label: division.label === 'item' ? 'menu item' : label, definition: division.definition };
  }
  return undefined;
}

/** `navigation.global` items require `href` too and hold no children. */
function isGlobalLink(node: SchemaNode): boolean {
  const required = node['required'];
  return Array.isArray(required) && required.includes('href');
}

function propertySchemaOf(schema: SchemaNode, node: SchemaNode | undefined, key: string): SchemaNode | undefined {
  const properties = node?.['properties'];
  let property = properties && typeof properties === 'object' && !Array.isArray(properties) ? properties[key] : undefined;
  if (isSchemaNode(property) && typeof property['$ref'] === 'string' && property['description'] === undefined) {
    property = schemaNodeAt(schema, property['$ref']);
  }
  return isSchemaNode(property) ? property : undefined;
}

function typeWords(type: unknown): string {
  const words: Record<string, string> = {
    string: 'a string',
    number: 'a number',
    integer: 'a whole number',
    boolean: 'true or false',
    array: 'an array',
    object: 'an object',
    null: 'null',
  };
  const types = Array.isArray(type) ? type.map(String) : String(type).split(',');
  return types.map((name) => words[name] ?? name).join(' or ');
}

/** The schema node at an ajv schema path such as `#/definitions/group/properties/pages`. */
export function schemaNodeAt(schema: SchemaNode, schemaPath: string): SchemaNode | undefined {
  let node: JsonValue | undefined = schema;
  for (const segment of splitPointer(schemaPath)) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isSchemaNode(node)) node = node[segment];
    else return undefined;
  }
  return isSchemaNode(node) ? node : undefined;
}

function isSchemaNode(value: JsonValue | undefined): value is SchemaNode {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
