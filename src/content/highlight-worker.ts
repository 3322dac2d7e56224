import { parentPort } from 'node:worker_threads';
import { createCodeHighlighter, type CodeHighlighter, type CodeThemes, type HighlightEngine } from './highlight.js';
import type { HighlightRequest, HighlightResponse } from './highlight-pool.js';

// A worker of the highlight pool: one Shiki highlighter for the run's themes, batches of blocks in, tokens out.
let highlighter: Promise<CodeHighlighter> | undefined;
let key = '';

function highlighterFor(themes: CodeThemes, engine: HighlightEngine | undefined): Promise<CodeHighlighter> {
  const wanted = JSON.stringify([themes, engine]);
  if (!highlighter || wanted !== key) {
    key = wanted;
    highlighter = createCodeHighlighter(themes, engine ? { engine } : {});
  }
  return highlighter;
}

parentPort?.on('message', (request: HighlightRequest) => {
  void (async () => {
    const response: HighlightResponse = { batch: request.batch, results: [] };
    try {
      const shiki = await highlighterFor(request.themes, request.engine);
      for (const block of request.blocks) response.results.push((await shiki.highlight(block.code, block.lang)) ?? null);
    } catch (error) {
      response.failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    // This thread's heap and what it holds outside it (Oniguruma's WASM memory, which never shrinks).
    const memory = process.memoryUsage();
    response.retainedBytes = memory.heapUsed + memory.external;
    parentPort?.postMessage(response);
  })();
});
