import path from 'node:path';
import {
  compareCodeUnits,
  createDiagnostic,
  joinPointer,
  splitPointer,
  uniqueDiagnostics,
  type Diagnostic,
  type JsonValue,
  type SourceLocation,
  type StageResult,
} from '../diagnostics/index.js';
import type { DocsRoot } from '../root/index.js';
import { ConfigComposer } from './compose.js';

export { MAX_CONFIG_DEPTH, MAX_REF_NESTING } from './compose.js';

export const CONFIG_FILE = 'docs.json';
export const LEGACY_CONFIG_FILE = 'mint.json';

/** docs.json after `$ref` composition, able to point back into whichever file each value came from. */
export interface LoadedConfig {
  /** The composed configuration (not yet validated). */
  value: JsonValue;
  /**
   * Location of a pointer of the composed value, in the file it was written in; the returned `pointer`
   * is the one inside that file (for a value composed from `fr.json`, a pointer of `fr.json`).
   */
  locate(pointer: string, target?: 'key' | 'value'): SourceLocation;
  /** Every file the configuration was composed from, docs.json first, with content hashes. */
  files: Array<{ path: string; hash: string }>;
  /**
   * Composed pointers of objects whose `$ref` could not be resolved (already reported). Validation
   * skips problems at or below them: they are consequences of the missing part, not new mistakes.
   */
  unresolved: string[];
}

function legacyConfig(root: DocsRoot): Diagnostic {
  return createDiagnostic(
    'config/legacy-mint-json',
    'found only the legacy mint.json; docs-build reads docs.json, the format that replaced it',
    { file: LEGACY_CONFIG_FILE, line: 1, column: 1 },
    { suggestion: `convert it with \`docs-build upgrade ${root.dir}\` (offline; docs/upgrade.md), then build again` },
  );
}

/** Names the folder looked in, and a docs.json further down when there is one (a repository's `docs/`). */
function missingConfig(root: DocsRoot): Diagnostic {
  const nested = root
    .files()
    .filter((file) => file.endsWith(`/${CONFIG_FILE}`))
    .sort((a, b) => a.split('/').length - b.split('/').length || compareCodeUnits(a, b))[0];
  const suggestion = nested
    ? `did you mean the docs root ${path.join(root.dir, path.dirname(nested))}? (it holds ${nested})`
    : `create ${CONFIG_FILE} there, or pass the folder that holds it: docs-build build <folder>`;
  return createDiagnostic('config/missing', `no ${CONFIG_FILE} in ${root.dir}, the docs root docs-build looked in`, undefined, { suggestion });
}

/**
 * Loads docs.json with `{"$ref": "./part.json"}` composition: a reference is resolved relative to the
 * file that holds it, must stay inside the docs root, may not form a cycle, and sibling keys override
 * the keys of the referenced object.
 */
export function loadConfig(root: DocsRoot): StageResult<LoadedConfig | undefined> {
  const diagnostics: Diagnostic[] = [];
  if (!root.exists(CONFIG_FILE)) {
    diagnostics.push(root.exists(LEGACY_CONFIG_FILE) ? legacyConfig(root) : missingConfig(root));
    return { value: undefined, diagnostics };
  }

  const composer = new ConfigComposer(root, diagnostics);
  const value = composer.composeFile(CONFIG_FILE);
  if (value === undefined) return { value: undefined, diagnostics };
  const { origins, files, unresolved } = composer;

  const locate = (pointer: string, target: 'key' | 'value' = 'value'): SourceLocation => {
    // Every navigation item is located, so this avoids splitting and re-escaping: the prefixes of an
    // escaped pointer are its slices before each '/', and the remainder is re-appended as it is.
    const escaped = pointer === '' || pointer.startsWith('/') ? pointer : joinPointer('', ...splitPointer(pointer));
    // Walk up to the nearest composed node with a known origin.
    for (let end = escaped.length; end >= 0; end = end === 0 ? -1 : escaped.lastIndexOf('/', end - 1)) {
      const origin = origins.get(escaped.slice(0, end));
      // The pointer is the one inside the file that holds the value, like the line and column.
      if (origin) return composer.locateIn({ file: origin.file, pointer: origin.pointer + escaped.slice(end) }, target);
    }
    return { file: CONFIG_FILE, line: 1, column: 1, pointer };
  };

  return { value: { value, locate, files, unresolved }, diagnostics: uniqueDiagnostics(diagnostics) };
}
