import type { DocsRoot, SourceFile } from '../root/index.js';
import { parseSnippetFile, snippetParseKey, type SnippetParse } from './snippet-set.js';
import { resolveSnippetElement, resolveSnippetImport } from './snippets.js';
import type { ConvertedBody } from './types.js';

/**
 * Snippets parsed ahead of the content stage. While the pages parse on the worker threads the main
 * thread mostly waits; it parses meanwhile the snippets those pages import or name in `<Snippet file>`,
 * and the content stage's `SnippetSet` takes each by path and hash instead of parsing it then (1.1 s of
 * firecrawl-docs' cold build). Only what a page brings in directly: a snippet's own imports are read
 * when it is inlined, as before, so nothing is read that the content stage would not read.
 */
export class SnippetPrefetch {
  private readonly parsed = new Map<string, SnippetParse>();
  private readonly queued = new Set<string>();
  private readonly queue: string[] = [];
  private draining: Promise<void> | undefined;

  constructor(
    private readonly root: DocsRoot,
    private readonly parse: (file: SourceFile) => SnippetParse,
    /** Snippets not to parse ahead (found unchanged by their stamp: the cache has them). */
    private readonly skip: (path: string) => boolean = () => false,
  ) {}

  /** Queues the snippets a freshly parsed page brings in. */
  page(file: string, body: ConvertedBody | undefined): void {
    if (!body) return;
    const set = { root: this.root };
    for (const statement of body.snippetImports) {
      const target = resolveSnippetImport(statement.specifier, file, set);
      if (target?.ok) this.add(target.path);
    }
    for (const element of body.snippetElements ?? []) {
      const target = resolveSnippetElement(element.file, set);
      if (target.ok) this.add(target.path);
    }
  }

  /** Every queued snippet parsed: their parses by `snippetParseKey`. */
  async settled(): Promise<ReadonlyMap<string, SnippetParse>> {
    while (this.draining) await this.draining;
    return this.parsed;
  }

  private add(path: string): void {
    if (this.queued.has(path)) return;
    this.queued.add(path);
    if (!this.root.exists(path) || this.skip(path)) return;
    this.queue.push(path);
    this.draining ??= this.drain();
  }

  private async drain(): Promise<void> {
    for (let path = this.queue.shift(); path !== undefined; path = this.queue.shift()) {
      // One snippet per turn of the event loop: the workers' pages and the OpenAPI stage go on meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
      // Kept by the root: the content stage reads it again (for its hash) without opening it twice.
      const read = this.root.read(path);
      if (read.ok) this.parsed.set(snippetParseKey(read.file.path, read.file.hash), parseSnippetFile(read.file, this.parse));
    }
    this.draining = undefined;
  }
}
