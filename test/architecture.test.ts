import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The rules of the house (docs/architecture.md), checked on the imports of src/: data flows one way, a
 * stage imports only from the stages before it and from the shared edges, and nothing imports the CLI.
 */
const srcDir = fileURLToPath(new URL('../src/', import.meta.url));

const edges = ['diagnostics', 'root', 'fields', 'net'];
// `content` holds the page content model and its conversion, which the MDX parse runs in its workers; links resolve over content.
const stages = ['config', 'navigation', 'content', 'mdx', 'links', 'openapi', 'precedence', 'manifest', 'rules'];
/** What each folder may import besides itself: the edges, and for a stage every stage before it. */
const allowed: Record<string, string[]> = {
  diagnostics: [],
  fields: ['diagnostics'],
  net: [],
  root: ['diagnostics'],
  ...Object.fromEntries(stages.map((stage, i) => [stage, [...edges, ...stages.slice(0, i)]])),
  // The engine that wraps the stages: it caches their results (what the rules ignored included) and reads the driver's options.
  incremental: [...edges, 'content', 'mdx', 'links', 'manifest', 'rules', 'pipeline'],
  pipeline: [...edges, ...stages, 'incremental', 'admin'],
  admin: [...edges],
  migrate: [...edges, ...stages],
  upgrade: [...edges, 'config'],
  cli: [...edges, ...stages, 'incremental', 'pipeline', 'admin', 'migrate', 'upgrade', 'site'],
  // The site half: runs the compiler (pipeline) and renders with the theme.
  site: [...edges, ...stages, 'incremental', 'pipeline', 'theme'],
  // The reference theme runs in the browser: it reads the compiler's data types and nothing else (checked below).
  theme: ['content', 'manifest'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `folder -> imported folder` for every relative import that leaves its folder. */
function crossFolderImports(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    const from = path.relative(srcDir, file).split(path.sep)[0]!;
    if (from.endsWith('.ts')) continue; // src/index.ts and src/version.ts: the public API sees everything
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/g)) {
      const target = path.relative(srcDir, path.resolve(path.dirname(file), match[1]!)).split(path.sep)[0]!;
      if (target !== from && !target.endsWith('.js')) found.add(`${from} -> ${target}`);
    }
  }
  return [...found].sort();
}

describe('the layout', () => {
  it('every folder of src/ has its place in the rules', () => {
    const folders = readdirSync(srcDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((folder) => !(folder in allowed))).toEqual([]);
  });

  it('imports go one way: a stage only reads the stages before it and the edges; nothing reads the CLI', () => {
    const wrong = crossFolderImports().filter((edge) => {
      const [from, to] = edge.split(' -> ') as [string, string];
      return !(allowed[from] ?? []).includes(to);
    });
    expect(wrong).toEqual([]);
  });

  it('the theme imports only types from the compiler, and only from its content and manifest type modules', () => {
    const themeDir = path.join(srcDir, 'theme');
    const wrong: string[] = [];
    for (const file of sourceFiles(themeDir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(import|export)\b([^'"]*?)from\s+'(\.[^']+)'/g)) {
        const target = path.resolve(path.dirname(file), match[3]!);
        if (target.startsWith(themeDir + path.sep)) continue;
        const allowedTarget = ['content/types.js', 'manifest/types.js'].includes(path.relative(srcDir, target).split(path.sep).join('/'));
        if (!allowedTarget || !/\btype\b/.test(match[2]!.split('{')[0]!)) wrong.push(`${path.relative(srcDir, file)}: ${match[0].trim()}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
