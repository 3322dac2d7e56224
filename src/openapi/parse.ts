import yaml from 'js-yaml';
import { isJsonObject, LineIndex, jsonLocator, parseJsonWithPositions, yamlLocator, type JsonValue, type PointerLocator } from '../diagnostics/index.js';

/** The OpenAPI stage's name for it. */
export { isJsonObject as isObject };

export type SpecFormat = 'json' | 'yaml';

export type ParsedSpecText =
  | { ok: true; value: JsonValue; format: SpecFormat; locator: PointerLocator }
  | { ok: false; format: SpecFormat; message: string; line: number; column: number };

/**
 * YAML 1.2 core types (no timestamps: `version: 2024-01-01` stays a string, as JSON would keep it) plus
 * merge keys, which real specs use to share parameter lists.
 */
const mergeType = (yaml as unknown as { types: { merge: yaml.Type } }).types.merge;
const yamlSchema = yaml.CORE_SCHEMA.extend({ implicit: [mergeType] });

/** `.json` is JSON, `.yaml`/`.yml` is YAML; anything else (a URL without extension) is sniffed. */
export function formatOf(name: string, text: string): SpecFormat {
  const bare = name.replace(/[?#].*$/s, '').toLowerCase();
  if (bare.endsWith('.json')) return 'json';
  if (bare.endsWith('.yaml') || bare.endsWith('.yml')) return 'yaml';
  return /^\s*[{[]/.test(text) ? 'json' : 'yaml';
}

/**
 * Parses a spec file fast: `JSON.parse` or js-yaml (several times faster than a position-keeping parse
 * on big files). Positions are computed by the locator only when a diagnostic asks for one.
 */
export function parseSpecText(text: string, file: string, format: SpecFormat): ParsedSpecText {
  if (format === 'json') {
    try {
      const value = JSON.parse(text) as JsonValue;
      return { ok: true, value, format, locator: jsonLocator(text, file) };
    } catch {
      const failed = parseJsonWithPositions(text, file);
      if (failed.ok) return { ok: true, value: failed.json.value, format, locator: failed.json.locator };
      return { ok: false, format, message: failed.error.message, line: failed.error.line, column: failed.error.column };
    }
  }
  try {
    // `json: true`: a duplicated key keeps the last value, as JSON.parse does, instead of failing the spec.
    const value = (yaml.load(text, { schema: yamlSchema, json: true, filename: file }) as JsonValue | undefined) ?? null;
    if (text.includes('&') && text.includes('*')) {
      const problem = aliasProblem(value, text.length + 100_000);
      if (problem) return { ok: false, format, message: problem, line: 1, column: 1 };
    }
    return { ok: true, value, format, locator: yamlLocator(text, file) };
  } catch (error) {
    if (error instanceof yaml.YAMLException) {
      // js-yaml appends a newline to text that lacks one, so its mark can sit one line past the end:
      // the position is taken from the offset (js-yaml drops a BOM first), clamped into the real text.
      // Only "more than one document" comes without a mark.
      if (!error.mark) return { ok: false, format, message: error.reason || 'invalid YAML', ...documentBoundaryAt(text) };
      const at = new LineIndex(text).locate(error.mark.position + (text.charCodeAt(0) === 0xfeff ? 1 : 0));
      return { ok: false, format, message: error.reason || 'invalid YAML', ...at };
    }
    return { ok: false, format, message: error instanceof Error ? error.message : String(error), line: 1, column: 1 };
  }
}

/**
 * Where a YAML stream holding several documents starts its second one: the first `---` or `...` line
 * that is not the opening `---` of the first document (only comments and blank lines before it).
 */
function documentBoundaryAt(text: string): { line: number; column: number } {
  const lines = text.split(/\r\n|\n|\r/);
  let content = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/^\uFEFF/, '');
    if (/^(---|\.\.\.)(\s|$)/.test(line)) {
      if (content || line.startsWith('...')) return { line: i + 1, column: 1 };
      content = true;
      continue;
    }
    if (!/^\s*(#.*)?$/.test(line)) content = true;
  }
  return { line: 1, column: 1 };
}

/**
 * YAML aliases share objects: an anchor that contains its own alias makes a cycle, and aliases of aliases
 * can stand for billions of nodes in a few lines. Every later walk of the document would loop or hang, so
 * such a file is refused here. `limit` bounds the nodes visited (a document without aliases has fewer
 * nodes than characters).
 */
function aliasProblem(root: JsonValue, limit: number): string | undefined {
  let visited = 0;
  const ancestors = new Set<object>();
  const stack: Array<{ node: object; children: JsonValue[]; next: number }> = [];
  const enter = (node: JsonValue): string | undefined => {
    if (typeof node !== 'object' || node === null) return undefined;
    if (ancestors.has(node)) return 'an anchor contains an alias of itself (a recursive YAML alias), which JSON cannot represent';
    if (++visited > limit) return `YAML aliases expand to more than ${limit} values (an alias bomb?)`;
    ancestors.add(node);
    stack.push({ node, children: Array.isArray(node) ? node : Object.values(node), next: 0 });
    return undefined;
  };
  const first = enter(root);
  if (first) return first;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next >= top.children.length) {
      ancestors.delete(top.node);
      stack.pop();
      continue;
    }
    const problem = enter(top.children[top.next++]!);
    if (problem) return problem;
  }
  return undefined;
}
