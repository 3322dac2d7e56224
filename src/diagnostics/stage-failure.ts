import type { Stage } from './diagnostic.js';

/**
 * A bug in docs-build caught at a stage boundary: which stage was working on which file when it threw.
 * User mistakes never become one (they are diagnostics); the CLI turns this into exit code 2 with a
 * one-line request to report it.
 */
export class StageFailure extends Error {
  constructor(
    readonly stage: Stage,
    /** The file (relative to the docs root) the stage was reading, when there was one. */
    readonly file: string | undefined,
    cause: unknown,
  ) {
    super(`${describeCause(cause)}`, { cause });
    this.name = 'StageFailure';
  }

  /** One line for the terminal: what broke, where, and what to do. */
  get summary(): string {
    return `internal error in the ${this.stage} stage${this.file !== undefined ? ` while reading ${this.file}` : ''}: ${this.message}`;
  }
}

/**
 * Runs one stage's work for one file; an exception becomes a `StageFailure` naming both (an inner
 * failure, already attributed, passes through unchanged).
 */
export function inStage<T>(stage: Stage, file: string | undefined, work: () => T): T {
  try {
    const result = work();
    if (result instanceof Promise) return result.catch((error: unknown) => Promise.reject(attribute(stage, file, error))) as T;
    return result;
  } catch (error) {
    throw attribute(stage, file, error);
  }
}

function attribute(stage: Stage, file: string | undefined, error: unknown): StageFailure {
  return error instanceof StageFailure ? error : new StageFailure(stage, file, error);
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) return `${cause.name === 'Error' ? '' : `${cause.name}: `}${cause.message}`;
  return String(cause);
}
