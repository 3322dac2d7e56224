import { createDiagnostic, escapePointerSegment, LineIndex, type Diagnostic } from '../diagnostics/index.js';

/** An object or array being scanned: the keys an object has shown so far, or an array's current index. */
interface Container {
  object: boolean;
  /** Keys and the offset of their first occurrence; a Map only once an object has many keys. */
  names: string[];
  offsets: number[];
  map?: Map<string, number>;
  /** The last key of an object, or the index of an array: the container's segment in a pointer. */
  segment: string;
  index: number;
}

const manyKeys = 16;

/**
 * Warnings for keys written twice in one object of a JSON text that JSON.parse accepted (it keeps the
 * later value without a word). Each repeat is reported at its key, naming where the key came first.
 * One pass over the text, iterative (any nesting depth), reading only keys.
 */
export function duplicateKeys(text: string, file: string): Diagnostic[] {
  const found: Array<{ key: string; first: number; again: number; pointer: string }> = [];
  const stack: Container[] = [];
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      if (top?.object && expectingKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        const first = firstOffset(top, key);
        if (first === undefined) remember(top, key, i);
        else found.push({ key, first, again: i, pointer: pointerOf(stack, key) });
        top.segment = key;
        expectingKey = false;
      }
      i = end;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      stack.push({ object: c === 123, names: [], offsets: [], segment: '', index: 0 });
      expectingKey = c === 123;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
      expectingKey = false;
    } else if (c === 44 /* , */) {
      const top = stack[stack.length - 1];
      if (top?.object) expectingKey = true;
      else if (top) top.index++;
    }
  }
  if (found.length === 0) return [];
  const lines = new LineIndex(text);
  return found.map(({ key, first, again, pointer }) => {
    const firstAt = lines.locate(first);
    return createDiagnostic(
      'config/duplicate-key',
      `"${key}" is written twice in this object (first at line ${firstAt.line}, column ${firstAt.column}); JSON keeps only this later value`,
      { file, ...lines.locate(again), pointer },
      { related: [{ file, ...firstAt, message: `"${key}" first written here` }], suggestion: 'remove one of the two, or merge them' },
    );
  });
}

/** Offset of the closing quote of the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    if (end === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 92 /* \ */) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

function firstOffset(container: Container, key: string): number | undefined {
  if (container.map) return container.map.get(key);
  const at = container.names.indexOf(key);
  return at === -1 ? undefined : container.offsets[at];
}

function remember(container: Container, key: string, offset: number): void {
  if (container.map) {
    container.map.set(key, offset);
    return;
  }
  container.names.push(key);
  container.offsets.push(offset);
  if (container.names.length > manyKeys) container.map = new Map(container.names.map((name, i) => [name, container.offsets[i]!]));
}

/** Pointer of `key` inside the innermost container of `stack`. */
function pointerOf(stack: readonly Container[], key: string): string {
  let pointer = '';
  for (let i = 0; i < stack.length - 1; i++) {
    const container = stack[i]!;
    pointer += `/${container.object ? escapePointerSegment(container.segment) : String(container.index)}`;
  }
  return `${pointer}/${escapePointerSegment(key)}`;
}
