import type { BuildProgress } from '../pipeline/index.js';
import type { CliIo } from './io.js';

/**
 * Progress of long builds' page parse: a bar redrawn in place on a TTY, a plain line every 25% otherwise
 * (CI logs). Short runs print nothing: the first report comes after a second of parsing. One reporter
 * serves every build of a long-lived command (`dev`): a build's first report (the pages it found in the
 * cache) comes with no more pages done than the last report of the build before, and starts anew; a
 * build that parses nothing prints nothing.
 */
export function progressReporter(io: CliIo): (event: BuildProgress) => void {
  let started = performance.now();
  let fromCache: number | undefined;
  let lastDone = 0;
  let lastQuarter = 0;
  let lastDrawn = 0;
  return (event) => {
    const now = performance.now();
    if (fromCache === undefined || event.done <= lastDone) {
      if (fromCache !== undefined) started = now;
      fromCache = event.done;
      lastQuarter = 0;
      lastDrawn = 0;
    }
    lastDone = event.done;
    if (event.total === 0 || event.done === fromCache || now - started < 1000) return;
    const fraction = event.done / event.total;
    if (io.isTTY) {
      // Progress comes page by page; a redraw every 50 ms is smooth enough.
      if (event.done < event.total && now - lastDrawn < 50) return;
      lastDrawn = now;
      const width = 30;
      const filled = Math.round(fraction * width);
      io.stderr(`\r  pages [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${event.done}/${event.total}${event.done === event.total ? '\n' : ''}`);
    } else {
      const quarter = Math.floor(fraction * 4);
      if (quarter > lastQuarter) {
        lastQuarter = quarter;
        io.stderr(`pages: ${event.done}/${event.total} parsed\n`);
      }
    }
  };
}
