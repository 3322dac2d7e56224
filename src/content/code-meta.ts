import type { CodeMeta } from './types.js';

/**
 * What the meta string after a fence's language says, as the service documents it (docs/content.md,
 * "Code meta"): bare words are the title (`python Example title`), `title="..."` overrides them;
 * `{1,3-5}` or `highlight={1-2,5}` / `highlight=1` / `highlight="4"` highlight lines; `focus={2-3}` or
 * `focus=2,4,5` focuses lines; `icon="..."` or `icon=name`; flags `wrap`, `lines`, `expandable` (also
 * `wrap=true`, `lines={false}`). Other flags (`nocopy`, `twoslash`) and attributes (`theme={null}`)
 * are not title words and stay in `raw` only.
 */
export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  if (meta === null || meta === undefined || meta.trim() === '') return {};
  const result: CodeMeta = {};
  const words: string[] = [];
  for (const token of tokenize(meta)) {
    if (token.kind === 'braces') result.highlight = merge(result.highlight, lineNumbers(token.value));
    else if (token.kind === 'word') {
      if (flags.has(token.value)) setFlag(result, token.value, true);
      else if (!ignoredFlags.has(token.value)) words.push(token.value);
    } else attribute(result, token.key, token.value);
  }
  if (result.title === undefined && words.length > 0) result.title = words.join(' ');
  result.raw = meta;
  return result;
}

const flags = new Set(['wrap', 'lines', 'expandable']);
const ignoredFlags = new Set(['nocopy', 'twoslash']);
/** More line numbers than any real block has: a hostile `{1-999999999}` must not allocate a billion. */
const maxLineNumbers = 10_000;

type Token = { kind: 'word'; value: string } | { kind: 'braces'; value: string } | { kind: 'attribute'; key: string; value: string };

/** `key="a b"`, `key='x'`, `key={1, 2}`, `key=value`, `{1, 3-5}` and bare words; quotes and braces may hold spaces. */
const tokenPattern = /([A-Za-z_][\w-]*)=(?:"([^"]*)"|'([^']*)'|\{([^{}]*)\}|(\S+))|\{([^{}]*)\}|(\S+)/g;

function tokenize(meta: string): Token[] {
  const tokens: Token[] = [];
  for (const match of meta.matchAll(tokenPattern)) {
    const [, key, double, single, braced, bare, braces, word] = match;
    if (key !== undefined) tokens.push({ kind: 'attribute', key, value: double ?? single ?? braced ?? bare ?? '' });
    else if (braces !== undefined) tokens.push({ kind: 'braces', value: braces });
    else if (word !== undefined) tokens.push({ kind: 'word', value: word });
  }
  return tokens;
}

function attribute(result: CodeMeta, key: string, value: string): void {
  switch (key) {
    case 'title':
      result.title = value;
      break;
    case 'icon':
      result.icon = value;
      break;
    case 'highlight':
      result.highlight = merge(result.highlight, lineNumbers(value));
      break;
    case 'focus':
      result.focus = merge(result.focus, lineNumbers(value));
      break;
    default:
      if (flags.has(key)) setFlag(result, key, !/^(false|0)$/i.test(value.trim()));
  }
}

function setFlag(result: CodeMeta, flag: string, on: boolean): void {
  if (flag === 'wrap') result.wrap = on;
  else if (flag === 'lines') result.lines = on;
  else if (flag === 'expandable') result.expandable = on;
}

/** `1,3-5` / `[1, 3]` -> [1, 3, 4, 5]; anything that is not a positive number or range is skipped. */
export function lineNumbers(text: string): number[] {
  const numbers = new Set<number>();
  for (const part of text.replace(/[[\]"']/g, '').split(',')) {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!range) continue;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    for (let line = Math.max(1, from); line <= to && numbers.size < maxLineNumbers; line++) numbers.add(line);
  }
  return [...numbers].sort((a, b) => a - b);
}

function merge(existing: number[] | undefined, added: number[]): number[] | undefined {
  if (added.length === 0) return existing;
  if (!existing) return added;
  return [...new Set([...existing, ...added])].sort((a, b) => a - b);
}
