import path from 'node:path';
import { createDiagnostic, isJsonObject, parseJsonWithPositions, type Diagnostic, type JsonObject, type StageResult } from '../diagnostics/index.js';
import { DocsRoot, writeFileAtomic } from '../root/index.js';
import { MINT_FILE } from './context.js';
import { convertMintJson } from './convert.js';

export interface UpgradeOptions {
  /** Write over an existing docs.json. Default false: an existing docs.json is never touched. */
  force?: boolean;
  /** Convert and report, write nothing. Default false. */
  dryRun?: boolean;
}

export interface UpgradeResult {
  /** The docs.json written (or that would be written), when mint.json could be read. */
  docs?: JsonObject;
  /** Absolute path of the written docs.json. */
  written?: string;
}

const DOCS_FILE = 'docs.json';

/**
 * `docs-build upgrade`: reads `<root>/mint.json` through the docs root, converts it (`convertMintJson`)
 * and writes `<root>/docs.json` atomically, unless one exists and `force` is not set. Never throws for
 * a problem in the user's files; never writes when mint.json cannot be read.
 */
export function upgradeRoot(rootDir: string, options: UpgradeOptions = {}): StageResult<UpgradeResult> {
  const root = DocsRoot.open(rootDir);
  if (!root) return { value: {}, diagnostics: [createDiagnostic('root/not-found', `the docs root "${rootDir}" does not exist or is not a folder`)] };
  const read = root.read(MINT_FILE);
  if (!read.ok) {
    const missing = read.problem.code === 'root/file-not-found';
    const diagnostic = missing
      ? createDiagnostic('upgrade/no-mint-json', `no ${MINT_FILE} in ${root.dir}: there is nothing to upgrade`)
      : createDiagnostic(read.problem.code, read.problem.message, { file: MINT_FILE });
    return { value: {}, diagnostics: [diagnostic] };
  }
  const parsed = parseJsonWithPositions(read.file.text, MINT_FILE);
  if (!parsed.ok || !isJsonObject(parsed.json.value)) {
    const where = parsed.ok ? { line: 1, column: 1 } : { line: parsed.error.line, column: parsed.error.column };
    const why = parsed.ok ? 'it does not hold a JSON object' : parsed.error.message;
    return { value: {}, diagnostics: [createDiagnostic('upgrade/invalid-mint-json', `${MINT_FILE} cannot be upgraded: ${why}`, { file: MINT_FILE, ...where })] };
  }
  const { locator } = parsed.json;
  const { docs, diagnostics } = convertMintJson(parsed.json.value, (pointer, target) => locator.locate(pointer, target));
  if (options.dryRun) return { value: { docs }, diagnostics };
  return write(root, docs, diagnostics, options.force ?? false);
}

function write(root: DocsRoot, docs: JsonObject, diagnostics: Diagnostic[], force: boolean): StageResult<UpgradeResult> {
  const target = path.join(root.dir, DOCS_FILE);
  if (root.exists(DOCS_FILE) && !force) {
    const exists = createDiagnostic('upgrade/docs-json-exists', `${DOCS_FILE} already exists in ${root.dir}; it was left as it is`, { file: DOCS_FILE }, { suggestion: 'pass --force to write over it' });
    return { value: { docs }, diagnostics: [...diagnostics, exists] };
  }
  try {
    writeFileAtomic(target, `${JSON.stringify(docs, null, 2)}\n`, { within: root.dir });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { value: { docs }, diagnostics: [...diagnostics, createDiagnostic('upgrade/write-failed', `${DOCS_FILE} could not be written (${reason})`, { file: DOCS_FILE })] };
  }
  return { value: { docs, written: target }, diagnostics };
}
