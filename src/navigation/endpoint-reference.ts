import { httpMethods } from '../fields/index.js';

/**
 * The one grammar of endpoint references, used for docs.json `pages` entries (navigation), `openapi:`
 * frontmatter and the migration's edits:
 *
 *     [<file>] METHOD /path        [<file>] webhook <name>
 *
 * METHOD is case-insensitive. The path holds no white space, so the reference is read from its end:
 * everything before the last method word is the file, which may itself hold spaces
 * (`my specs/open api.json GET /users`).
 */
export type EndpointReference =
  | { kind: 'operation'; file?: string; method: string; path: string }
  | { kind: 'webhook'; file?: string; name: string };

export type ParsedEndpointReference = EndpointReference | { kind: 'not-a-reference' } | { kind: 'invalid'; message: string };

const methods = httpMethods.join('|');
const operationPattern = new RegExp(`^(?:(.*\\S)\\s+)?(${methods})\\s+(\\S+)$`, 'i');
const webhookPattern = /^(?:(.*\S)\s+)?webhook\s+(\S.*)$/i;
/** Starts like a reference (a method or `webhook` as its first or second word) without being one. */
const lookalikePattern = new RegExp(`^(?:\\S+\\s+)?(?:${methods}|webhook)(?:\\s|$)`, 'i');

/** Reads a reference; `not-a-reference` when the text has no method word at all. */
export function parseEndpointReference(text: string): ParsedEndpointReference {
  const trimmed = text.trim();
  const operation = operationPattern.exec(trimmed);
  if (operation) {
    const [, file, method, path] = operation;
    if (!path!.startsWith('/')) return { kind: 'invalid', message: `the path "${path}" of "${trimmed}" must start with "/"` };
    return withFile({ kind: 'operation', method: method!.toUpperCase(), path: path! }, file);
  }
  // A line break ends `.` and fails `$` after every backtrack: such text is no reference, and is not tried.
  const webhook = /[\r\n]/.test(trimmed) ? null : webhookPattern.exec(trimmed);
  if (webhook) return withFile({ kind: 'webhook', name: webhook[2]!.trim() }, webhook[1]);
  if (!lookalikePattern.test(trimmed)) return { kind: 'not-a-reference' };
  const words = trimmed.split(/\s+/);
  const methodWord = words.find((word) => new RegExp(`^(?:${methods})$`, 'i').test(word));
  if (methodWord === undefined) return { kind: 'invalid', message: `"${trimmed}" names no webhook; write "webhook <name>"` };
  const after = words.slice(words.indexOf(methodWord) + 1);
  if (after.length === 0) return { kind: 'invalid', message: `"${trimmed}" has no path after ${methodWord.toUpperCase()}; write "${methodWord.toUpperCase()} /path"` };
  return { kind: 'invalid', message: `"${trimmed}" has text after the path "${after[0]}"; write "${methodWord.toUpperCase()} /path"` };
}

function withFile<T extends EndpointReference>(reference: T, file: string | undefined): T {
  return file === undefined ? reference : { ...reference, file };
}

/** The reference written back in its canonical form. */
export function formatEndpointReference(reference: EndpointReference): string {
  const body = reference.kind === 'webhook' ? `webhook ${reference.name}` : `${reference.method} ${reference.path}`;
  return reference.file === undefined ? body : `${reference.file} ${body}`;
}
