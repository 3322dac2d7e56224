import { createDiagnostic, type Diagnostic, type StageResult } from '../diagnostics/index.js';
import { DocsRoot, removeFile, writeFileAtomic } from '../root/index.js';
import { unusedAfter } from './check.js';
import { openContext } from './context.js';
import { applyTextEdits } from './edits.js';
import { hardBlockers, type AppliedMigration, type ApplyMigrationOptions, type ConfigEdit, type MigrationReport } from './types.js';

/** Whether `--write` applies an edit: no blocker at all, or with `force` no blocker that force cannot lift. */
export function editApplies(edit: ConfigEdit, force: boolean): boolean {
  return force ? !edit.blockers.some((b) => hardBlockers.includes(b)) : edit.blockers.length === 0;
}

/**
 * Applies the docs.json edits of a report: only for pages that match with nothing lost (all matched
 * pages with `force`), as edits of the text (formatting, key order and everything outside the replaced
 * strings stay byte for byte), each file written atomically and only when its text changes. Nothing is
 * written when the report is blocked (an invalid spec) or when any file no longer holds the strings the
 * report saw. With `deletePages`, the MDX files whose every navigation entry was replaced, and which no
 * page imports, are deleted afterwards.
 */
export function applyMigration(rootOrDir: DocsRoot | string, report: MigrationReport, options: ApplyMigrationOptions = {}): StageResult<AppliedMigration> {
  const applied: AppliedMigration = { edits: [], files: [], deleted: [] };
  const diagnostics: Diagnostic[] = [];
  if (report.blocked !== undefined) return { value: applied, diagnostics };
  const root = typeof rootOrDir === 'string' ? DocsRoot.open(rootOrDir) : rootOrDir;
  if (!root) return { value: applied, diagnostics: [createDiagnostic('root/not-found', `the docs root "${String(rootOrDir)}" does not exist or is not a folder`)] };

  const selected = selectEdits(report.edits, options.force ?? false);
  if (selected.length === 0) {
    // Nothing to edit; pages an earlier run left behind may still be deleted.
    if (options.deletePages) deletePages(root, report.leftoverFiles, applied, diagnostics);
    return { value: applied, diagnostics };
  }
  const byFile = new Map<string, ConfigEdit[]>();
  for (const edit of selected) {
    const list = byFile.get(edit.file) ?? [];
    list.push(edit);
    byFile.set(edit.file, list);
  }

  // Read fresh (the report may be older than the files), and compute every new text before writing any.
  root.invalidate(byFile.keys());
  const writes: Array<{ file: string; text: string }> = [];
  for (const [file, edits] of byFile) {
    const read = root.read(file);
    if (!read.ok) {
      diagnostics.push(createDiagnostic('migrate/write-failed', `${file} could not be read again: ${read.problem.message}; nothing was written`, { file }));
      continue;
    }
    const result = applyTextEdits(read.file.text, edits);
    if (!result.ok) {
      const why = result.conflict ? `cannot be edited: ${result.reason}` : `changed since it was checked (${result.reason})`;
      const suggestion = result.conflict ? 'replace these entries by hand' : 'run the migration again';
      diagnostics.push(createDiagnostic('migrate/write-failed', `${file} ${why}; nothing was written`, { file }, { suggestion }));
      continue;
    }
    if (result.text === read.file.text) continue;
    // DocsRoot drops a byte-order mark when reading; put it back so only the edited strings change.
    const bom = read.file.byteLength - Buffer.byteLength(read.file.text, 'utf8') === 3 ? '\uFEFF' : '';
    writes.push({ file, text: bom + result.text });
  }
  if (diagnostics.length > 0) return { value: applied, diagnostics };

  // The navigation as it was before the edits decides which files the edits free.
  const before = options.deletePages ? openContext(root).context : undefined;
  for (const { file, text } of writes) {
    try {
      writeFileAtomic(root.absolute(file), text, { within: root.dir });
      applied.files.push(file);
    } catch (error) {
      diagnostics.push(createDiagnostic('migrate/write-failed', `${file} could not be written (${errorCode(error)})`, { file }));
      return { value: applied, diagnostics };
    }
  }
  applied.edits = selected.filter((edit) => applied.files.includes(edit.file));
  root.invalidate(applied.files);

  if (before) {
    const appliedPointers = new Set(applied.edits.map((e) => e.pointer));
    const freed = unusedAfter(before, report.edits, (edit) => appliedPointers.has(edit.pointer));
    deletePages(root, [...new Set([...freed, ...report.leftoverFiles])].sort(), applied, diagnostics);
  }
  return { value: applied, diagnostics };
}

/** Deletes MDX files of the root (each checked inside it), recording what went and what could not. */
function deletePages(root: DocsRoot, files: readonly string[], applied: AppliedMigration, diagnostics: Diagnostic[]): void {
  for (const file of files) {
    const resolved = root.resolve(file);
    if (!resolved.ok || !root.exists(resolved.path)) continue;
    try {
      removeFile(root.absolute(resolved.path), { within: root.dir });
      applied.deleted.push(resolved.path);
    } catch (error) {
      diagnostics.push(createDiagnostic('migrate/write-failed', `${file} could not be deleted (${errorCode(error)})`, { file }));
    }
  }
  root.invalidate();
}

/**
 * The edits `--write` applies. A file `$ref`'d from several places holds one string for several entries
 * (one edit per entry, all at one span): editing it edits every one of them, so the span is edited only
 * when each of its entries may be.
 */
function selectEdits(edits: readonly ConfigEdit[], force: boolean): ConfigEdit[] {
  const spanOf = (edit: ConfigEdit): string => `${edit.file}\0${edit.offset}`;
  const held = new Set(edits.filter((edit) => !editApplies(edit, force)).map(spanOf));
  return edits.filter((edit) => !held.has(spanOf(edit)));
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
}
