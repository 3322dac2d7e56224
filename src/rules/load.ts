import picomatch from 'picomatch';
import {
  catalog,
  createDiagnostic,
  didYouMean,
  isJsonObject,
  joinPointer,
  parseJsonWithPositions,
  type Diagnostic,
  type DiagnosticCode,
  type JsonValue,
  type PointerLocator,
  type StageResult,
} from '../diagnostics/index.js';
import { ruleLevels, type IgnoreEntry, type IgnoreList, type RuleLevel, type RuleOverride, type RuleSettings } from './types.js';

/**
 * Codes whose severity no setting changes: problems of the settings themselves (a broken settings file
 * cannot vouch for itself), of the machine rather than the docs, and a manifest that could not be written.
 */
export function isFixedCode(code: string): boolean {
  return code.startsWith('rules/') || code === 'cache/ignored' || code === 'cache/unusable' || code === 'manifest/write-failed' || code === 'manifest/output-refused';
}

const knownCodes = Object.keys(catalog);

/** Parses and validates docs-build.json. Problems are diagnostics at file:line:col; what is valid is kept. */
export function parseRuleSettings(text: string, file: string): StageResult<RuleSettings> {
  const settings: RuleSettings = { rules: {}, overrides: [] };
  const parsed = parseObject(text, file);
  if (!parsed.ok) return { value: settings, diagnostics: [parsed.diagnostic] };
  const { value, locator } = parsed;
  const check = new Checker(file, locator);
  for (const key of Object.keys(value)) {
    if (key === '$schema') continue;
    if (key === 'rules') settings.rules = check.rules(value.rules, '/rules');
    else if (key === 'overrides') settings.overrides = check.overrides(value.overrides, '/overrides');
    else check.unknownKey(key, '', ['$schema', 'rules', 'overrides']);
  }
  return { value: settings, diagnostics: check.diagnostics };
}

/** Parses and validates the ignore file (written by `--generate-ignore-file`). */
export function parseIgnoreFile(text: string, file: string): StageResult<IgnoreList> {
  const parsed = parseObject(text, file);
  if (!parsed.ok) return { value: { file, entries: [], locate: () => ({ file }) }, diagnostics: [parsed.diagnostic] };
  const { value, locator } = parsed;
  const list: IgnoreList = { file, entries: [], locate: (pointer) => ({ ...locator.locate(pointer), file, pointer }) };
  const check = new Checker(file, locator);
  for (const key of Object.keys(value)) {
    if (key === '$schema' || key === 'note') continue;
    if (key === 'ignore') list.entries = check.entries(value.ignore, '/ignore');
    else check.unknownKey(key, '', ['$schema', 'note', 'ignore']);
  }
  return { value: list, diagnostics: check.diagnostics };
}

type Parsed = { ok: true; value: Record<string, JsonValue>; locator: PointerLocator } | { ok: false; diagnostic: Diagnostic };

function parseObject(text: string, file: string): Parsed {
  const parsed = parseJsonWithPositions(text, file);
  if (!parsed.ok) {
    const { message, line, column } = parsed.error;
    return { ok: false, diagnostic: createDiagnostic('rules/invalid-json', `${file} is not valid JSON: ${message}`, { file, line, column }) };
  }
  if (!isJsonObject(parsed.json.value)) {
    return { ok: false, diagnostic: createDiagnostic('rules/invalid-setting', `${file} must hold a JSON object`, parsed.json.locator.locate('')) };
  }
  return { ok: true, value: parsed.json.value, locator: parsed.json.locator };
}

/** Validation of the two small formats, collecting one diagnostic per mistake. */
class Checker {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly file: string,
    private readonly locator: PointerLocator,
  ) {}

  rules(value: JsonValue | undefined, pointer: string): Record<string, RuleLevel> {
    const rules: Record<string, RuleLevel> = {};
    if (!isJsonObject(value)) return this.invalid(pointer, 'must be an object of diagnostic codes to "off", "info", "warn" or "error"', rules);
    for (const [code, level] of Object.entries(value)) {
      const at = joinPointer(pointer, code);
      if (!Object.hasOwn(catalog, code)) {
        const hint = didYouMean(code, knownCodes);
        this.report('rules/unknown-code', `"${code}" is not a docs-build diagnostic code; the setting has no effect`, at, 'key', hint ?? 'docs/diagnostics.md lists every code');
        continue;
      }
      if (isFixedCode(code)) {
        this.invalid(at, `the severity of ${code} cannot be changed`, undefined, 'key');
        continue;
      }
      if (typeof level !== 'string' || !ruleLevels.includes(level as RuleLevel)) {
        const hint = typeof level === 'string' ? didYouMean(level, ruleLevels) : undefined;
        this.invalid(at, `must be "off", "info", "warn" or "error" (got ${JSON.stringify(level)})`, undefined, 'value', hint);
        continue;
      }
      rules[code] = level as RuleLevel;
    }
    return rules;
  }

  overrides(value: JsonValue | undefined, pointer: string): RuleOverride[] {
    if (!Array.isArray(value)) return this.invalid(pointer, 'must be an array of { "files": [...], "rules": {...} }', []);
    const overrides: RuleOverride[] = [];
    value.forEach((item, index) => {
      const at = joinPointer(pointer, index);
      if (!isJsonObject(item)) return this.invalid(at, 'must be an object with "files" and "rules"', undefined);
      for (const key of Object.keys(item)) if (key !== 'files' && key !== 'rules') this.unknownKey(key, at, ['files', 'rules']);
      const files = this.globs(item.files, joinPointer(at, 'files'));
      const rules = this.rules(item.rules, joinPointer(at, 'rules'));
      if (files.length > 0) overrides.push({ files, rules });
      return undefined;
    });
    return overrides;
  }

  private globs(value: JsonValue | undefined, pointer: string): string[] {
    const list = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(list) || list.length === 0) return this.invalid(pointer, 'must be a glob or a non-empty array of globs (root-relative, e.g. "es/**")', []);
    const globs: string[] = [];
    list.forEach((glob, index) => {
      const at = Array.isArray(value) ? joinPointer(pointer, index) : pointer;
      if (typeof glob !== 'string' || glob.trim() === '') return this.invalid(at, 'must be a non-empty glob string', undefined);
      if (glob.startsWith('/') || glob.startsWith('./') || glob.includes('\\')) {
        return this.invalid(at, `"${glob}" must be relative to the docs root, with forward slashes and no leading "/" or "./"`, undefined, 'value', `"${glob.replace(/\\/g, '/').replace(/^\.?\/+/, '')}"`);
      }
      // picomatch backtracks over a file name once per `*` of a segment: `*a*a*b` took 37 ms for one
      // 254-character name, `*a` ten times 6 minutes; extended globs nest the same way.
      if (glob.split('/').some((segment) => segment !== '**' && segment.split('*').length - 1 > 2) || /[*+?@!]\(/.test(glob)) {
        return this.invalid(at, `"${glob}" has more than two "*" in one path segment, or an extended glob: matching it could take seconds per file`, undefined);
      }
      try {
        picomatch.makeRe(glob);
      } catch (error) {
        return this.invalid(at, `"${glob}" is not a valid glob (${(error as Error).message})`, undefined);
      }
      globs.push(glob);
      return undefined;
    });
    return globs;
  }

  entries(value: JsonValue | undefined, pointer: string): IgnoreEntry[] {
    if (!Array.isArray(value)) return this.invalid(pointer, 'must be an array of accepted problems', []);
    const entries: IgnoreEntry[] = [];
    value.forEach((item, index) => {
      const entry = this.entry(item, joinPointer(pointer, index));
      if (entry) entries.push(entry);
    });
    return entries;
  }

  private entry(item: JsonValue, at: string): IgnoreEntry | undefined {
    if (!isJsonObject(item)) return this.invalid(at, 'must be an object with "code", "file" and one of "pointer", "hash" or "message"', undefined);
    const allowed = ['code', 'file', 'pointer', 'hash', 'message', 'source'];
    for (const key of Object.keys(item)) if (!allowed.includes(key)) this.unknownKey(key, at, allowed);
    for (const key of allowed) {
      if (item[key] !== undefined && typeof item[key] !== 'string') return this.invalid(joinPointer(at, key), 'must be a string', undefined);
    }
    const { code, file, pointer, hash, message } = item as Record<string, string | undefined>;
    if (code === undefined) return this.invalid(at, 'needs "code"', undefined);
    if (pointer === undefined && hash === undefined && message === undefined) return this.invalid(at, 'needs one of "pointer", "hash" or "message" to say which problem it accepts', undefined);
    const entry: IgnoreEntry = { code, at };
    if (file !== undefined) entry.file = file;
    if (pointer !== undefined) entry.pointer = pointer;
    else if (hash !== undefined) entry.hash = hash;
    else if (message !== undefined) entry.message = message;
    return entry;
  }

  unknownKey(key: string, parent: string, allowed: string[]): void {
    const hint = didYouMean(key, allowed);
    this.report('rules/unknown-key', `"${key}" is not a key of ${this.file}${parent ? ` at ${parent}` : ''}; it is ignored`, joinPointer(parent, key), 'key', hint);
  }

  private invalid<T>(pointer: string, message: string, result: T, target: 'key' | 'value' = 'value', suggestion?: string): T {
    this.report('rules/invalid-setting', `${pointer || '(top level)'} ${message}`, pointer, target, suggestion);
    return result;
  }

  private report(code: DiagnosticCode, message: string, pointer: string, target: 'key' | 'value', suggestion?: string): void {
    const location = { ...this.locator.locate(pointer, target), file: this.file, pointer };
    this.diagnostics.push(createDiagnostic(code, message, location, suggestion ? { suggestion } : {}));
  }
}
