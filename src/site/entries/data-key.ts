/*
 * In dev the HTML and the modules the client hydrates with are fetched one after the other, and a
 * rebuild can land between them (an edit, or an error and its fix in quick succession): the page would
 * then hydrate with data other than what the server rendered, a hydration mismatch. The server writes a
 * key of the data it rendered into the page's marker; the client computes the key of the data it loaded
 * and, when they differ, renders afresh instead of hydrating. The export writes no key (one build).
 */

/** A short hash (FNV-1a, 32 bits) of the site data's and page data's JSON, as both sides serialize them. */
export function dataKey(siteJson: string, pageJson: string): string {
  let hash = 0x811c9dc5;
  const text = `${siteJson}\u0000${pageJson}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(36)}:${text.length}`;
}
