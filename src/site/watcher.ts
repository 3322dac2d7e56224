import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { sameStamp, stampAt, type FileStamp } from '../root/index.js';
import { ignoredUnder } from '../root/index.js';

/*
 * The one file watcher of `build --watch` and `docs-build dev`. Node 20's recursive fs.watch loses a
 * file after a rename-over save (`sed -i`, JetBrains' safe write, vim's backupcopy=no): the inode it
 * watched is gone and the new one is never watched. chokidar re-watches on rename and, with `atomic`,
 * folds the delete-then-create of such a save into one change. Vite's own `server.watcher` is chokidar
 * too, and is given the same `ignoredPath` (`src/root/ignored-paths.ts`), so both modes see the same files.
 */

export interface DocsWatcher {
  close(): Promise<void>;
}

export interface DocsWatcherOptions {
  /** Called for every change, with the path relative to the root (`/`-separated). */
  onChange: (relative: string) => void;
  onError: (error: Error) => void;
  /** Absolute paths that are not inputs even inside the root (the manifest the build writes). */
  alsoIgnore?: readonly string[];
  /** Resolves once the initial scan is done and changes are reported. */
  onReady?: () => void;
}

/** How long chokidar keeps back a file's next change event after one (its `_throttle` of `change`, 50 ms), and a margin. */
const changeThrottleMs = 50 + 25;

/**
 * `onChange` for each event, and once more for a file that changed again within chokidar's throttle
 * window: chokidar drops a file's change events for 50 ms after it reported one, so a second save that
 * soon (a formatter writing after the editor, an edit right after the preview showed the last one) was
 * never reported and the preview kept the first. After a change the file's stamp is taken, and again once
 * the window has passed: a different stamp is a change (reported, and followed the same way).
 */
export function withThrottledChanges(root: string, onChange: (relative: string) => void): { onEvent: (event: string, relative: string) => void; close: () => void } {
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const changed = (relative: string): void => {
    onChange(relative);
    const absolute = path.join(root, relative);
    const stamp: FileStamp | undefined = stampAt(absolute);
    clearTimeout(pending.get(relative));
    const check = setTimeout(() => {
      pending.delete(relative);
      if (!sameStamp(stampAt(absolute), stamp)) changed(relative);
    }, changeThrottleMs);
    check.unref();
    pending.set(relative, check);
  };
  return {
    onEvent: (event, relative) => (event === 'change' ? changed(relative) : onChange(relative)),
    close: () => {
      for (const check of pending.values()) clearTimeout(check);
      pending.clear();
    },
  };
}

/** Watches the docs root recursively (new folders included), reporting each change relative to it. */
export function watchDocsRoot(root: string, options: DocsWatcherOptions): DocsWatcher {
  const absoluteRoot = path.resolve(root);
  const changes = withThrottledChanges(absoluteRoot, options.onChange);
  const watcher: FSWatcher = watch(absoluteRoot, {
    ignored: ignoredUnder(absoluteRoot, options.alsoIgnore),
    ignoreInitial: true,
    atomic: true,
    // The root itself going away is noticed by the caller; symbolic links stay links (the build refuses those leading out).
    followSymlinks: false,
  });
  let ready = false;
  watcher.on('ready', () => (ready = true));
  watcher.on('all', (event, file) => {
    // chokidar reports the root's symbolic links as added during its first scan, `ignoreInitial` or
    // not (with `followSymlinks: false`): an `add` before `ready` is a file that was there, not a change.
    if (!ready && (event === 'add' || event === 'addDir')) return;
    const relative = path.relative(absoluteRoot, file).split(path.sep).join('/');
    if (relative !== '' && !relative.startsWith('..')) changes.onEvent(event, relative);
  });
  watcher.on('error', (error) => options.onError(error instanceof Error ? error : new Error(String(error))));
  if (options.onReady) watcher.on('ready', options.onReady);
  return {
    close: () => {
      changes.close();
      return watcher.close();
    },
  };
}
