import MiniSearch from 'minisearch';
import { createSearchHost, type SearchRequest } from './protocol.js';

/*
 * The search worker: the 2-10 MB of records are parsed and indexed, and every query answered, off the
 * page's thread, so opening search never freezes the page and typing never waits for the index.
 */

const host = createSearchHost(MiniSearch);

self.addEventListener('message', (event: MessageEvent<SearchRequest>) => {
  void host.handle(event.data).then((reply) => {
    if (reply) self.postMessage(reply);
  });
});
