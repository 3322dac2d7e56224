import picomatch from 'picomatch';
import { catalog, createDiagnostic, type Diagnostic } from '../diagnostics/index.js';
import { lineHashOf, type SourceText } from './anchor.js';
import { isFixedCode } from './load.js';
import { severityOfLevel, type IgnoredCounts, type IgnoreEntry, type IgnoreList, type RuleLevel, type RuleSettings } from './types.js';

export interface RuleInputs {
  settings?: RuleSettings | undefined;
  ignore?: IgnoreList | undefined;
  /** Source text of root-relative files, for the hash anchors of the ignore file. */
  sourceText?: SourceText | undefined;
}

export interface AppliedRules {
  diagnostics: Diagnostic[];
  ignored: IgnoredCounts;
}

/** What a run of the rules is over. */
export interface RulesRun {
  /** The run stopped before a manifest: its errors keep their severity. */
  stopped?: boolean;
  /**
   * The export's own checks (codes of the `site` stage), which run after the build's: only entries of
   * those codes are theirs to use, and the build never reports them unused (`check` never exports).
   */
  site?: boolean;
}

/**
 * Applies the project's rule settings and ignore file to a run's diagnostics: a code set to `off` is
 * dropped, `info`/`warn`/`error` set its severity (per path glob in `overrides`, the last matching
 * override winning), and a problem the ignore file accepts is dropped. Both are counted. Unused ignore
 * entries of the codes the run checks come back as `rules/unused-ignore` infos. The errors of a run that
 * `stopped` before a manifest keep their severity. Pure: the only outside input is `sourceText`.
 */
export function applyRules(diagnostics: readonly Diagnostic[], inputs: RuleInputs, run: RulesRun = {}): AppliedRules {
  const ignored: IgnoredCounts = { off: 0, ignoreFile: 0, byCode: {} };
  const levelOf = levelResolver(inputs.settings);
  const accepts = ignoreMatcher(inputs.ignore, inputs.sourceText ?? (() => undefined));
  const kept: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    if (isFixedCode(diagnostic.code)) {
      kept.push(diagnostic);
      continue;
    }
    // A run that stopped before a manifest (no docs.json, one that does not parse) stopped on its errors:
    // a setting must not make a run that built nothing pass. An ignore entry for one is still used.
    if (run.stopped && diagnostic.severity === 'error') {
      accepts(diagnostic);
      kept.push(diagnostic);
      continue;
    }
    const level = levelOf(diagnostic);
    if (level === 'off' || accepts(diagnostic)) {
      if (level === 'off') ignored.off++;
      else ignored.ignoreFile++;
      ignored.byCode[diagnostic.code] = (ignored.byCode[diagnostic.code] ?? 0) + 1;
      continue;
    }
    const severity = level === undefined ? diagnostic.severity : severityOfLevel[level];
    kept.push(severity === diagnostic.severity ? diagnostic : { ...diagnostic, severity });
  }
  kept.push(...unusedEntries(inputs.ignore, accepts.used, (entry) => isSiteCode(entry.code) === (run.site === true)));
  return { diagnostics: kept, ignored };
}

/** The level the settings give a diagnostic, or undefined to keep the catalog's severity. */
function levelResolver(settings: RuleSettings | undefined): (diagnostic: Diagnostic) => RuleLevel | undefined {
  if (!settings) return () => undefined;
  const overrides = settings.overrides.map((override) => ({ matches: picomatch(override.files, { dot: true }), rules: override.rules }));
  return (diagnostic) => {
    let level = settings.rules[diagnostic.code];
    if (diagnostic.file === undefined) return level;
    for (const override of overrides) {
      const own = override.rules[diagnostic.code];
      if (own !== undefined && override.matches(diagnostic.file)) level = own;
    }
    return level;
  };
}

type Matcher = ((diagnostic: Diagnostic) => boolean) & { used: Set<IgnoreEntry> };

function ignoreMatcher(ignore: IgnoreList | undefined, sourceText: SourceText): Matcher {
  const byPlace = new Map<string, IgnoreEntry[]>();
  for (const entry of ignore?.entries ?? []) {
    const key = placeKey(entry.code, entry.file);
    byPlace.set(key, [...(byPlace.get(key) ?? []), entry]);
  }
  const used = new Set<IgnoreEntry>();
  const matches = (diagnostic: Diagnostic): boolean => {
    const entries = byPlace.get(placeKey(diagnostic.code, diagnostic.file));
    if (!entries) return false;
    // Hashing reads the file: done only for a problem that has entries of its code in its file.
    let hash: string | undefined | null = null;
    const entry = entries.find((candidate) => {
      if (candidate.pointer !== undefined) return candidate.pointer === diagnostic.pointer;
      if (candidate.hash !== undefined) return candidate.hash === (hash === null ? (hash = lineHashOf(diagnostic, sourceText)) : hash);
      return candidate.message === diagnostic.message;
    });
    if (entry) used.add(entry);
    return entry !== undefined;
  };
  return Object.assign(matches, { used });
}

function placeKey(code: string, file: string | undefined): string {
  return `${code}\u0000${file ?? ''}`;
}

/** A code of the export's own checks (`site/*`), which `check` never reports. */
export function isSiteCode(code: string): boolean {
  return Object.hasOwn(catalog, code) && catalog[code as keyof typeof catalog].stage === 'site';
}

function unusedEntries(ignore: IgnoreList | undefined, used: Set<IgnoreEntry>, checked: (entry: IgnoreEntry) => boolean): Diagnostic[] {
  if (!ignore) return [];
  return ignore.entries
    .filter((entry) => checked(entry) && !used.has(entry))
    .map((entry) =>
      createDiagnostic(
        'rules/unused-ignore',
        `the accepted ${entry.code} problem${entry.file ? ` in ${entry.file}` : ''} no longer occurs; the entry can go`,
        ignore.locate(entry.at),
        { suggestion: 'remove the entry, or regenerate the file with docs-build check --generate-ignore-file' },
      ),
    );
}
