import { joinPointer, type JsonValue } from '../diagnostics/index.js';
import { childMode, isReference, valueAt, type SpecDocument, type WalkMode } from './document.js';

/** Where the count passed its limit: the `$ref` being followed at that moment (or the document root). */
export type ExpansionResult = { within: true; values: number } | { within: false; file: string; pointer: string };

class OverLimit extends Error {}

/**
 * Counts the values of swagger-parser's dereferenced copy of a spec, and stops as soon as the count
 * passes `limit`. The copy is a graph: each `$ref` target is dereferenced once and shared by every place
 * that references it, and a target whose expansion meets a cycle stays a `$ref` everywhere
 * (json-schema-ref-parser with `circular: 'ignore'`). Its crawl, and ajv after it, walk that graph as a
 * tree: every path counts. Here the size of each target is remembered, so the count costs one walk of
 * the spec; 17 schemas each `allOf: [{$ref: next}, {$ref: next}]` cost 17 walks for a count of 2^17.
 */
export function countExpandedValues(doc: SpecDocument, limit: number): ExpansionResult {
  const counter = new ExpansionCounter(doc, limit);
  try {
    return { within: true, values: counter.size(doc.main.value, doc.mainId, '', 'keyword').values };
  } catch (error) {
    if (error instanceof OverLimit) return { within: false, ...counter.passedAt };
    throw error;
  }
}

class ExpansionCounter {
  private readonly memo = new Map<string, Sized>();
  /** Targets being expanded: a `$ref` to one of them is a cycle. */
  private readonly expanding = new Set<string>();
  private counted = 0;
  /** The `$ref` being followed (the document root before any). */
  private at = { file: '', pointer: '' };
  passedAt = { file: '', pointer: '' };

  constructor(
    private readonly doc: SpecDocument,
    private readonly limit: number,
  ) {
    this.at = { file: doc.mainId, pointer: '' };
  }

  private add(values: number): void {
    this.counted += values;
    if (this.counted <= this.limit) return;
    this.passedAt = this.at;
    throw new OverLimit();
  }

  size(value: JsonValue, file: string, pointer: string, mode: WalkMode): Sized {
    this.add(1);
    if (typeof value !== 'object' || value === null) return { values: 1, circular: false };
    if (mode === 'keyword' && isReference(value)) return this.sizeOfTarget(value.$ref, file, pointer);
    const sized = { values: 1, circular: false };
    const visit = (child: JsonValue, key: string | number, childModeOf: WalkMode): void => {
      const inner = this.size(child, file, joinPointer(pointer, key), childModeOf);
      sized.values += inner.values;
      sized.circular ||= inner.circular;
    };
    if (Array.isArray(value)) value.forEach((child, i) => visit(child, i, 'keyword'));
    else for (const key of Object.keys(value)) visit(value[key]!, key, childMode(mode, key, value[key]!));
    return sized;
  }

  private sizeOfTarget(ref: string, file: string, pointer: string): Sized {
    const target = this.doc.target(file, ref);
    if (!target.ok) return { values: 2, circular: false };
    const key = `${target.file}#${target.pointer}`;
    const outer = this.at;
    this.at = { file, pointer };
    try {
      const known = this.memo.get(key);
      if (known) {
        this.add(known.values);
        return known;
      }
      if (this.expanding.has(key)) return { values: 2, circular: true };
      this.expanding.add(key);
      const inner = this.size(valueAt(this.doc.files.get(target.file)!.value, target.pointer) ?? null, target.file, target.pointer, 'keyword');
      this.expanding.delete(key);
      // A target whose expansion meets a cycle stays a `$ref` (an object and its string).
      const sized = inner.circular ? { values: 2, circular: true } : inner;
      this.memo.set(key, sized);
      return sized;
    } finally {
      this.at = outer;
    }
  }
}

interface Sized {
  values: number;
  /** The expansion met a `$ref` back to a target being expanded. */
  circular: boolean;
}
