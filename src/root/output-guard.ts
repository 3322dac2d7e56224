import { statSync } from 'node:fs';
import path from 'node:path';
import type { DocsRoot } from './docs-root.js';
import { isWithin } from './owned-paths.js';

/**
 * A `WriteOptions.refuse` for an output of a command on `root` (the manifest, a drafted spec): the
 * destination must not be one of the files the command read, or it would overwrite its own input
 * (`--out docs.json`). `alsoRead` adds inputs known without a read this run (an earlier run's, proven
 * unchanged by their stamps). An input reached through a link inside the root is recognised by its
 * inode, so a link cannot hide it.
 */
export function refuseInputsOf(root: DocsRoot, alsoRead: Iterable<string> = []): (destination: string) => string | undefined {
  return (destination) => {
    const inputs = new Set(alsoRead);
    for (const { path: read } of root.readFiles()) inputs.add(read);
    const relative = isWithin(destination, root.dir) ? path.relative(root.dir, destination).split(path.sep).join('/') : undefined;
    const input = relative !== undefined && inputs.has(relative) ? relative : inputAt(root, destination, inputs);
    return input === undefined ? undefined : `${destination} is ${input}, a file of the docs root that this run reads; write the output elsewhere`;
  };
}

/** The input that is the same file as `destination` (an existing file), if one is. */
function inputAt(root: DocsRoot, destination: string, inputs: ReadonlySet<string>): string | undefined {
  let target;
  try {
    target = statSync(destination);
  } catch {
    return undefined;
  }
  for (const input of inputs) {
    try {
      const stats = statSync(root.absolute(input));
      if (stats.ino === target.ino && stats.dev === target.dev) return input;
    } catch {
      // Gone since it was read: not the destination.
    }
  }
  return undefined;
}
