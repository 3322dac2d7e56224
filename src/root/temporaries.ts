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

/** The target and process of a temporary's name; undefined for any other name (read from the end: no backtracking over hostile names). */
function temporaryOf(name: string): { target: string; pid: number } | undefined {
  const parts = name.split('.');
  if (parts.length < 5 || parts[0] !== '') return undefined;
  const [pid, random, kind] = parts.slice(-3) as [string, string, string];
  if ((kind !== 'tmp' && kind !== 'old') || !/^[0-9a-f]+$/.test(random) || !/^\d+$/.test(pid)) return undefined;
  const target = parts.slice(1, -3).join('.');
  return target === '' ? undefined : { target, pid: Number(pid) };
}

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
    const temporary = temporaryOf(name);
    if (!temporary || !ownsTarget(temporary.target) || isRunning(temporary.pid)) continue;
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
