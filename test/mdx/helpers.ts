import { sha256, type SourceFile } from '../../src/root/index.js';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import type { Field } from '../../src/fields/index.js';

/** A SourceFile that never touched a disk; the MDX stage only reads `path`, `text` and `hash`. */
export function sourceFile(path: string, text: string): SourceFile {
  return { path, absolutePath: `/virtual/${path}`, text, hash: sha256(text), byteLength: Buffer.byteLength(text) };
}

/** Compact view of diagnostics for assertions: code, line, column and message. */
export function brief(diagnostics: readonly Diagnostic[]): Array<{ code: string; line: number | undefined; column: number | undefined; message: string }> {
  return diagnostics.map((d) => ({ code: d.code, line: d.line, column: d.column, message: d.message }));
}

export interface FieldShape {
  name: string;
  in: string;
  type: string;
  required: boolean;
  properties?: FieldShape[];
}

/** Names, locations, types, required flags and nesting, without descriptions and sources. */
export function shape(fields: readonly Field[]): FieldShape[] {
  return fields.map((field) => {
    const out: FieldShape = { name: field.name, in: field.in, type: field.type, required: field.required };
    if (field.properties) out.properties = shape(field.properties);
    return out;
  });
}
