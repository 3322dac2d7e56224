/** RFC 6901 JSON pointers. */
export function escapePointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function joinPointer(base: string, ...segments: Array<string | number>): string {
  return base + segments.map((s) => '/' + escapePointerSegment(s)).join('');
}

export function splitPointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  const body = pointer.startsWith('#') ? decodeURIComponent(pointer.slice(1)) : pointer;
  return body.split('/').slice(1).map(unescapePointerSegment);
}

export function parentPointer(pointer: string): string {
  const at = pointer.lastIndexOf('/');
  return at <= 0 ? '' : pointer.slice(0, at);
}

/** Whether `pointer` is `ancestor` or below it (`/a/b` is below `/a`, `/ab` is not). */
export function isPointerWithin(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}
