import { parentPort } from 'node:worker_threads';
import { parseMdxPage } from './index.js';
import type { ParseRequest, ParseResponse } from './page-pool.js';

// A worker of the MDX pool: parses the batches the main thread posts and posts plain data back.
parentPort?.on('message', (request: ParseRequest) => {
  const results = request.files.map((file) => {
    try {
      return { path: file.path, result: parseMdxPage(file) };
    } catch (error) {
      // Structured clone would drop the error's class; its text is what the report needs.
      return { path: file.path, failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  });
  const response: ParseResponse = { batch: request.batch, results };
  parentPort?.postMessage(response);
});
