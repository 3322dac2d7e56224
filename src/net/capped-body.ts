// The network edge's one body reader: the admin client and the remote-spec fetcher both read through it.
export type CappedBody = { ok: true; text: string } | { ok: false; reason: string };

/**
 * Reads a response body as UTF-8 text (a BOM is dropped, as `Response.text()` does), stopping at
 * `maxBytes`. The bytes counted are the body as fetch hands it on, after any `Content-Encoding` is
 * undone, so a gzip or brotli bomb stops at the same cap as an endless plain body; a `Content-Length`
 * over the cap (the encoded size) is refused before anything is read. Past the cap the stream is
 * cancelled, which closes the connection.
 */
export async function readCappedBody(response: Response, maxBytes: number): Promise<CappedBody> {
  const over = (): CappedBody => ({ ok: false, reason: `the body is larger than ${formatBytes(maxBytes)}` });
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return over();
  }
  if (response.body === null) return { ok: true, text: '' };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return over();
    }
    chunks.push(value);
  }
  return { ok: true, text: new TextDecoder().decode(Buffer.concat(chunks)) };
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1048576 && bytes % 1048576 === 0) return `${bytes / 1048576} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
