/**
 * Child process that runs `build()` for the robustness suite (started by build-runner.ts with
 * `--import tsx`). Builds run here, not in the vitest worker, so that a hang can be ended with SIGKILL,
 * memory is capped by `--max-old-space-size`, and file-system access can be traced.
 *
 * With ROBUST_TRACE_FS=1 every path handed to a `node:fs` / `node:fs/promises` function is recorded
 * (the functions are wrapped on the CommonJS objects and `syncBuiltinESMExports()` propagates the
 * wrappers to ESM named imports such as `import { readFileSync } from 'node:fs'`).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { positionProblems, prototypeState } from './invariants.js';
import type { BuildRequest, BuildReply, FsAccess } from './protocol.js';

let tracing = false;
const accesses: FsAccess[] = [];

const pathArgumentCount: Record<string, number> = {
  // one path argument
  openSync: 1, open: 1, readFileSync: 1, readFile: 1, createReadStream: 1, statSync: 1, stat: 1, lstatSync: 1, lstat: 1,
  realpathSync: 1, realpath: 1, readdirSync: 1, readdir: 1, existsSync: 1, exists: 1, accessSync: 1, access: 1,
  readlinkSync: 1, readlink: 1, opendirSync: 1, opendir: 1, watch: 1, watchFile: 1, writeFileSync: 1, writeFile: 1,
  mkdirSync: 1, mkdir: 1, rmSync: 1, rm: 1, unlinkSync: 1, unlink: 1, createWriteStream: 1, appendFileSync: 1,
  // two path arguments
  renameSync: 2, rename: 2, copyFileSync: 2, copyFile: 2, symlinkSync: 2, linkSync: 2,
};

function wrap(target: Record<string, unknown>, prefix: string): void {
  for (const [name, count] of Object.entries(pathArgumentCount)) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    const wrapped = function (this: unknown, ...args: unknown[]): unknown {
      if (tracing) {
        for (let i = 0; i < count; i++) {
          const arg = args[i];
          const p = typeof arg === 'string' ? arg : arg instanceof URL ? arg.pathname : Buffer.isBuffer(arg) ? arg.toString() : undefined;
          if (p !== undefined) accesses.push({ op: `${prefix}${name}`, path: path.resolve(p) });
        }
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    Object.defineProperty(wrapped, 'name', { value: name });
    // Keep fs.realpathSync.native and similar properties.
    Object.assign(wrapped, original);
    target[name] = wrapped;
  }
}

if (process.env.ROBUST_TRACE_FS === '1') {
  wrap(fs as unknown as Record<string, unknown>, 'fs.');
  wrap(fsp as unknown as Record<string, unknown>, 'fs/promises.');
  syncBuiltinESMExports();
}

// Imported after the wrappers are installed (dynamic import, so the wrapping above runs first).
const { build } = await import('../../../src/pipeline/index.js');

const cleanPrototypes = prototypeState();

async function handle(request: BuildRequest): Promise<BuildReply> {
  const started = performance.now();
  accesses.length = 0;
  tracing = request.trace === true;
  let result;
  try {
    result = await build({
      root: request.root,
      offline: true,
      ...(request.outFile ? { outFile: request.outFile } : {}),
      ...(request.strict ? { strict: true } : {}),
      ...(request.workers !== undefined ? { workers: request.workers } : {}),
      ...(request.cacheDir !== undefined ? { cache: true, cacheDir: request.cacheDir } : {}),
    });
  } catch (error) {
    tracing = false;
    return { id: request.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error), ms: performance.now() - started };
  }
  tracing = false;
  const ms = performance.now() - started;
  const reply: BuildReply = {
    id: request.id,
    ok: true,
    ms,
    diagnosticCount: result.diagnostics.length,
    diagnostics: result.diagnostics.slice(0, request.maxDiagnostics ?? 5000),
    positionProblems: positionProblems(request.root, result.diagnostics),
    pollution: [],
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  if (result.written) reply.written = result.written;
  if (result.stats) reply.stats = result.stats;
  if (result.manifest) {
    try {
      const text = JSON.stringify(result.manifest);
      reply.manifestBytes = text.length;
      if (request.wantManifest) reply.manifest = JSON.parse(text) as unknown;
    } catch (error) {
      reply.manifestError = error instanceof Error ? error.message : String(error);
    }
  }
  if (({} as Record<string, unknown>).polluted !== undefined) reply.pollution.push('({}).polluted is defined');
  if (prototypeState() !== cleanPrototypes) reply.pollution.push('a built-in prototype gained or lost a property');
  if (request.trace) reply.accesses = [...accesses];
  return reply;
}

process.on('message', (request: BuildRequest) => {
  void handle(request).then((reply) => process.send!(reply));
});
process.send!({ ready: true });
