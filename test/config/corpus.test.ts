import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig, validateConfig } from '../../src/config/index.js';
import { DocsRoot } from '../../src/root/index.js';

const corpora = fileURLToPath(new URL('../../../shared/corpora', import.meta.url));

/**
 * What each real repository's configuration gets. Every corpus whose docs.json the real service
 * accepts must produce no error; the only diagnostics allowed are the ones listed, each judged:
 * - box `footer.notice` and `analytics`: not part of the docs.json format (the service drops them
 *   silently); `analytics.customScripts` is box's own convention. Real unknown keys, so warnings.
 * - agentops: only a legacy mint.json.
 */
const expected: Record<string, string[]> = {
  box: ['warning config/unknown-key /analytics', 'warning config/unknown-key /footer/notice'],
  'dify-docs': [],
  'firecrawl-docs': [],
  'hoppscotch-docs': [],
  'mintlify-docs': [],
  'trigger-dev': [],
  'upstash-docs': [],
  agentops: ['error config/legacy-mint-json'],
};

describe.skipIf(!existsSync(corpora))('validateConfig on the real corpora', () => {
  it.each(Object.entries(expected))('%s', (name, diagnostics) => {
    const root = DocsRoot.open(`${corpora}/${name}`);
    expect(root).toBeDefined();
    const loaded = loadConfig(root as DocsRoot);
    const all = loaded.value ? [...loaded.diagnostics, ...validateConfig(loaded.value)] : loaded.diagnostics;
    expect(all.map((d) => `${d.severity} ${d.code}${d.pointer ? ` ${d.pointer}` : ''}`).sort()).toEqual(diagnostics);
  });

  it('composes mintlify-docs from docs.json, fr.json, es.json, zh.json and redirects.json', () => {
    const loaded = loadConfig(DocsRoot.open(`${corpora}/mintlify-docs`) as DocsRoot);
    expect(loaded.value?.files.map((file) => file.path)).toEqual(['docs.json', 'fr.json', 'es.json', 'zh.json', 'redirects.json']);
  });

  it('locates box unknown keys on the key in docs.json', () => {
    const loaded = loadConfig(DocsRoot.open(`${corpora}/box`) as DocsRoot);
    const [first] = validateConfig(loaded.value as NonNullable<typeof loaded.value>);
    expect(first).toMatchObject({ file: 'docs.json', pointer: '/footer/notice', line: 6655, column: 5, severity: 'warning' });
  });
});
