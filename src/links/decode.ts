/*
 * Percent-decoding of the paths that links, redirect sources and requests are matched by: one decoding
 * for all, so that `/caf%C3%A9` and `/café` are one path wherever a path is compared.
 */

/** `text` with its percent-escapes decoded, or undefined when one does not decode. */
export function decodeComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** A path decoded segment by segment (an escaped `/` stays inside its segment), or undefined when a segment does not decode. */
export function decodePath(pathname: string): string | undefined {
  const segments = pathname.split('/').map(decodeComponent);
  return segments.some((segment) => segment === undefined) ? undefined : segments.join('/');
}
