import { findNodeAtOffset, parseTree } from 'jsonc-parser';
import { LineIndex } from '../diagnostics/index.js';
import type { LoadedConfig } from '../config/index.js';
import type { PageItem } from '../navigation/index.js';
import type { DocsRoot } from '../root/index.js';
import type { ConfigEdit } from './types.js';

export type LocatedEdit = Omit<ConfigEdit, 'blockers' | 'pageFile'>;

/**
 * Finds the exact text of a `pages` entry in whichever file of a `$ref`-composed configuration holds it:
 * the locator gives the line and column of the string, and the JSON tree of that file gives its extent.
 * The string must still read as the entry's reference, so an edit never lands on anything else.
 */
export function locateEntry(root: DocsRoot, config: LoadedConfig, item: PageItem, to: string): { ok: true; edit: LocatedEdit } | { ok: false; reason: string } {
  const at = config.locate(item.pointer);
  if (at.line === undefined || at.column === undefined) return { ok: false, reason: `the entry could not be located in ${at.file}` };
  const read = root.read(at.file);
  if (!read.ok) return { ok: false, reason: read.problem.message };
  if (read.file.invalidUtf8) return { ok: false, reason: `${at.file} is not valid UTF-8, so it is not edited` };
  const text = read.file.text;
  const offset = new LineIndex(text).offsetOf(at.line, at.column);
  const tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const node = tree && findNodeAtOffset(tree, offset);
  if (!node || node.type !== 'string' || node.offset !== offset || node.value !== item.reference) {
    return { ok: false, reason: `the text at ${at.file}:${at.line}:${at.column} is not the string "${item.reference}"` };
  }
  return { ok: true, edit: { file: at.file, line: at.line, column: at.column, pointer: item.pointer, offset: node.offset, length: node.length, from: item.reference, to } };
}

type TextEdit = Pick<ConfigEdit, 'offset' | 'length' | 'from' | 'to'>;

/**
 * Applies edits to one file's text, last offset first so earlier offsets stay valid. A file that is
 * `$ref`'d from several places holds one string for several navigation entries, so identical edits of one
 * span are one edit; edits of one span that disagree, or spans that overlap, are a conflict (`conflict:
 * true`). Every edit is checked against the text first: when a string is no longer what the report saw
 * (the file changed in between), nothing is applied and the reason is returned.
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): { ok: true; text: string } | { ok: false; reason: string; conflict: boolean } {
  const sorted = uniqueEdits(edits).sort((a, b) => b.offset - a.offset);
  for (let i = 1; i < sorted.length; i++) {
    const later = sorted[i - 1]!;
    const earlier = sorted[i]!;
    if (earlier.offset === later.offset && earlier.length === later.length) {
      return { ok: false, conflict: true, reason: `one string at offset ${earlier.offset} would become both "${earlier.to}" and "${later.to}"` };
    }
    if (earlier.offset + earlier.length > later.offset) return { ok: false, conflict: true, reason: 'two edits overlap' };
  }
  let out = text;
  for (const edit of sorted) {
    const current = out.slice(edit.offset, edit.offset + edit.length);
    let value: unknown;
    try {
      value = JSON.parse(current);
    } catch {
      value = undefined;
    }
    if (value !== edit.from) return { ok: false, conflict: false, reason: `expected the string "${edit.from}" at offset ${edit.offset}, found ${current}` };
    out = out.slice(0, edit.offset) + JSON.stringify(edit.to) + out.slice(edit.offset + edit.length);
  }
  return { ok: true, text: out };
}

function uniqueEdits(edits: readonly TextEdit[]): TextEdit[] {
  const seen = new Map<string, TextEdit>();
  for (const edit of edits) seen.set(JSON.stringify([edit.offset, edit.length, edit.from, edit.to]), edit);
  return [...seen.values()];
}
