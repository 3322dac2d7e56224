import { parentPort } from 'node:worker_threads';
import { parseMdxPage } from './index.js';
import type { ParseRequest, ParseResponse } from './page-pool.js';

// A worker of the MDX pool: parses the batches the main thread posts and posts plain data back.
parentPort?.on('message', (request: ParseRequest) => {
  const results = request.files.map((file) => ({ path: file.path, result: parseMdxPage(file) }));
  const response: ParseResponse = { batch: request.batch, results };
  parentPort?.postMessage(response);
});
