import { existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeAbandonedTemporaries, temporaryBeside } from '../../src/root/index.js';
import { pruneBundles } from '../../src/site/bundle-cache.js';

/* One naming and one sweep for every temporary docs-build makes: atomic files, export folders, bundles. */

// Above Linux's largest pid (4,194,304): never a running process.
const deadPid = 4_194_999;

function folder(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'docs-build-temporaries-'));
}

describe('temporaries', () => {
  it('are hidden, beside their target, named after it and this process, new each time', () => {
    const dir = folder();
    const target = path.join(dir, 'site');
    const [a, b, aside] = [temporaryBeside(target), temporaryBeside(target), temporaryBeside(target, 'old')];
    for (const temporary of [a, b, aside]) {
      expect(path.dirname(temporary)).toBe(dir);
      expect(path.basename(temporary).startsWith(`.site.${process.pid}.`)).toBe(true);
    }
    expect(a).not.toBe(b);
    expect([a, aside].map((p) => path.extname(p))).toEqual(['.tmp', '.old']);
  });

  it("removes only the abandoned ones of the targets it is given: not a live process's, another target's, or other names", () => {
    const dir = folder();
    const dead = (name: string, kind = 'tmp') => `.${name}.${deadPid}.abcdef012345.${kind}`;
    mkdirSync(path.join(dir, dead('site')));
    writeFileSync(path.join(dir, dead('site'), 'index.html'), 'half an export');
    mkdirSync(path.join(dir, dead('site', 'old')));
    writeFileSync(path.join(dir, dead('manifest.json')), 'half a file');
    const outside = folder();
    writeFileSync(path.join(outside, 'keep.txt'), 'not ours');
    symlinkSync(outside, path.join(dir, dead('site.v2')));
    const kept = [
      `.site.${process.pid}.abcdef012345.tmp`, dead('other'), '.site.export-4194999-abcd', 'site', `.site.${deadPid}.abcdef012345.bak`,
      `.site.${deadPid}.xyz.tmp`, `..${deadPid}.abcdef.tmp`, `site.${deadPid}.abcdef.tmp`, `.${'1.'.repeat(120)}tmp`,
    ];
    for (const name of kept) writeFileSync(path.join(dir, name), 'x');
    removeAbandonedTemporaries(dir, (target) => target === 'site' || target === 'manifest.json' || target === 'site.v2');
    expect(readdirSync(dir).sort()).toEqual([...kept].sort());
    // A link is removed as a link: what it pointed at is untouched.
    expect(readdirSync(outside)).toEqual(['keep.txt']);
  });

  it('a bundle prune keeps the bundle asked for, other kinds and live temporaries, and removes the rest', () => {
    const dir = folder();
    for (const name of ['ssr-aaaa', 'ssr-bbbb', 'client-dddd', `.ssr-cccc.${deadPid}.abcdef.tmp`, `.ssr-cccc.${process.pid}.abcdef.tmp`, `.client-eeee.${deadPid}.abcdef.tmp`]) mkdirSync(path.join(dir, name));
    pruneBundles(dir, 'ssr', 'ssr-aaaa');
    expect(readdirSync(dir).sort()).toEqual([`.client-eeee.${deadPid}.abcdef.tmp`, `.ssr-cccc.${process.pid}.abcdef.tmp`, 'client-dddd', 'ssr-aaaa'].sort());
    expect(existsSync(path.join(dir, 'ssr-bbbb'))).toBe(false);
  });
});
