import type { HighlightPool } from '../content/highlight-pool.js';
import type { CodeThemes, HighlightBatchOptions } from '../content/highlight.js';
import type { SnippetCache } from '../content/snippet-set.js';
import type { HighlightedLines } from '../content/types.js';
import type { DiskCache } from '../incremental/index.js';
import type { PageTextCache } from './content-stage.js';
import type { BuildOptions } from './types.js';

/** How the content stage reaches the cache and the highlighting workers in one run. */
export interface ContentStageEdges {
  /** Blocks found in the cache are never highlighted; the worker pool starts at the first miss. */
  highlight: (themes: CodeThemes) => Omit<HighlightBatchOptions, 'themes'>;
  snippetCache?: SnippetCache;
  textCache?: PageTextCache;
  /**
   * Ends the run's use of the highlighting workers, if any started: a pool holding little is kept warm
   * for the next run of the process (`releasePool`), a larger one stops (a later block starts it again).
   */
  close(): Promise<void>;
}

/** The highlighting pool's module, once a run needed it (loaded late: it brings Shiki's theme list). */
let highlighting: Promise<typeof import('../content/highlight-pool.js')> | undefined;

/** Stops the highlighting worker a run left warm, if any (a host process that closed its preview). */
export async function closeWarmHighlighting(): Promise<void> {
  await (await highlighting)?.closeWarmPool();
}

export function contentStageEdges(cache: DiskCache | undefined, options: Pick<BuildOptions, 'workers' | 'session'>): ContentStageEdges {
  let pool: HighlightPool | undefined;
  const poolOptions = options.workers !== undefined ? { workers: Math.max(1, options.workers) } : {};
  const highlightWith = async (themes: CodeThemes, code: string, lang: string): Promise<HighlightedLines | undefined> => {
    const { takePool } = await (highlighting ??= import('../content/highlight-pool.js'));
    pool ??= takePool(themes, poolOptions);
    return pool.highlight(code, lang);
  };
  return {
    highlight: (themes) => ({
      highlight: (code, lang) => highlightWith(themes, code, lang),
      ...(cache
        ? {
            lookup: (key: string) => cache.get<HighlightedLines | null>('highlight', key),
            store: (key: string, tokens: HighlightedLines | null) => cache.set('highlight', key, tokens),
          }
        : {}),
    }),
    ...(cache
      ? {
          snippetCache: {
            get: (file, hash) => cache.get('snippets', cache.key('snippet', file, hash)),
            set: (file, hash, value) => cache.set('snippets', cache.key('snippet', file, hash), value),
          },
          textCache: {
            get: (key) => cache.get('texts', cache.key('text', key)),
            set: (key, text) => cache.set('texts', cache.key('text', key), text),
          },
        }
      : {}),
    close: async () => {
      const running = pool;
      pool = undefined;
      if (!running) return;
      const { releasePool, keepWarmMs } = await highlighting!;
      await releasePool(running, { keepMs: options.session ? keepWarmMs.session : keepWarmMs.run });
    },
  };
}
