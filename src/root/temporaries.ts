import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/*
 * Every temporary file or folder docs-build makes is named `.<target>.<pid>.<random>.<kind>` and sits
 * beside the target it becomes or replaces: hidden, on the target's file system (so the rename is
 * atomic), and owned by process `pid`. A process killed half way cannot remove its temporaries; the
 * next one to write beside them removes those whose process is gone.
 */

/** `tmp`: becomes the target; `old`: the target moved aside while its replacement is renamed in. */
export type TemporaryKind = 'tmp' | 'old';

/** A fresh temporary path beside `target`. */
export function temporaryBeside(target: string, kind: TemporaryKind = 'tmp'): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.${kind}`);
}

const temporaryName = /^\.(.+)\.(\d+)\.[0-9a-f]+\.(?:tmp|old)$/;

/**
 * Removes the temporaries in `directory` made for a target `ownsTarget` accepts (a name in that
 * directory) by processes that no longer run.
 */
export function removeAbandonedTemporaries(directory: string, ownsTarget: (name: string) => boolean): void {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return;
  }
  for (const name of names) {
    const match = temporaryName.exec(name);
    if (!match || !ownsTarget(match[1]!) || isRunning(Number(match[2]))) continue;
    rmSync(path.join(directory, name), { recursive: true, force: true });
  }
}

/** Whether a process with this id is alive (the owner of a temporary named after it). */
export function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
