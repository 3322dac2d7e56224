import { statSync } from 'node:fs';
import path from 'node:path';
import { fileIdentityOf, type DocsRoot } from './docs-root.js';
import { isWithin } from './owned-paths.js';

/**
 * A `WriteOptions.refuse` for an output of a command on `root` (the manifest, a drafted spec): the
 * destination must not be one of the files the command read, or it would overwrite its own input
 * (`--out docs.json`). `alsoRead` adds inputs known without a read this run (an earlier run's, proven
 * unchanged by their stamps). An input reached through a link inside the root is recognised by its
 * inode, so a link cannot hide it.
 */
export function refuseInputsOf(root: DocsRoot, alsoRead: Iterable<string> = []): (destination: string) => string | undefined {
  // Each input's identity is taken once per check, however many outputs a run writes (a content
  // patch writes a few files against 5,000 inputs; a stat of each per file cost 80 ms an edit).
  const identities = new Map<string, string | undefined>();
  const identityOf = (input: string): string | undefined => {
    if (!identities.has(input)) identities.set(input, root.knownIdentity(input) ?? fileIdentity(root.absolute(input)));
    return identities.get(input);
  };
  // The inputs, made again only when the root has read more since: the content stage writes 4,000
  // files through one check, and listing and sorting 5,000 reads for each took 12 s of a cold build.
  let inputs: Set<string> | undefined;
  let readsSeen = -1;
  const currentInputs = (): Set<string> => {
    if (inputs === undefined || root.readsVersion() !== readsSeen) {
      readsSeen = root.readsVersion();
      inputs = new Set(alsoRead);
      for (const { path: read } of root.readFiles()) inputs.add(read);
    }
    return inputs;
  };
  return (destination) => {
    const inputs = currentInputs();
    const relative = isWithin(destination, root.dir) ? path.relative(root.dir, destination).split(path.sep).join('/') : undefined;
    const input = relative !== undefined && inputs.has(relative) ? relative : inputAt(destination, inputs, identityOf);
    return input === undefined ? undefined : `${destination} is ${input}, a file of the docs root that this run reads; write the output elsewhere`;
  };
}

/** The input that is the same file as `destination` (an existing file), if one is. */
function inputAt(destination: string, inputs: ReadonlySet<string>, identityOf: (input: string) => string | undefined): string | undefined {
  const target = fileIdentity(destination);
  if (target === undefined) return undefined;
  for (const input of inputs) if (identityOf(input) === target) return input;
  return undefined;
}

/** Device and inode of an existing file; undefined when there is none (gone since it was read: not the destination). */
function fileIdentity(file: string): string | undefined {
  try {
    return fileIdentityOf(statSync(file));
  } catch {
    return undefined;
  }
}
