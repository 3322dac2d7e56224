/**
 * Child process of corpus.test.ts: parses every .mdx/.md page of the corpora named in argv and sends
 * back counts, crashes and diagnostics without a position. A separate process so that the two halves of
 * the corpora are parsed on two cores.
 */
import type { Field } from '../../src/fields/index.js';
import { parseMdxPage } from '../../src/mdx/index.js';
import { isEndpointPage, resolveEndpoint, type ApiSettings } from '../../src/precedence/index.js';
import { DocsRoot } from '../../src/root/index.js';

export interface CorpusResult {
  name: string;
  pages: number;
  bytes: number;
  endpointPages: number;
  fields: number;
  byCode: Record<string, number>;
  crashes: string[];
  unplaced: string[];
  ms: number;
}

const countFields = (fields: readonly Field[]): number => fields.reduce((n, field) => n + 1 + countFields(field.properties ?? []), 0);

/** The `api` block of the corpus's docs.json, read directly: the config stage is not under test here. */
function settingsOf(root: DocsRoot): ApiSettings {
  const settings: ApiSettings = { server: [], auth: {}, playgroundDisplay: null };
  const read = root.read('docs.json');
  if (!read.ok) return settings;
  type Api = { mdx?: { server?: string | string[]; auth?: { method?: string; name?: string } }; playground?: { display?: string } };
  const api = (JSON.parse(read.file.text) as { api?: Api }).api;
  const server = api?.mdx?.server;
  settings.server = server === undefined ? [] : Array.isArray(server) ? server : [server];
  const method = api?.mdx?.auth?.method;
  if (method === 'bearer' || method === 'basic' || method === 'key') settings.auth.method = method;
  if (api?.mdx?.auth?.name) settings.auth.name = api.mdx.auth.name;
  const display = api?.playground?.display;
  if (display === 'interactive' || display === 'simple' || display === 'none') settings.playgroundDisplay = display;
  return settings;
}

function parseCorpus(dir: string, name: string): CorpusResult {
  const started = performance.now();
  const result: CorpusResult = { name, pages: 0, bytes: 0, endpointPages: 0, fields: 0, byCode: {}, crashes: [], unplaced: [], ms: 0 };
  const root = DocsRoot.open(`${dir}/${name}`);
  if (!root) throw new Error(`no corpus at ${dir}/${name}`);
  const settings = settingsOf(root);
  for (const path of root.files()) {
    if (!/\.(mdx|md)$/i.test(path)) continue;
    const read = root.read(path);
    if (!read.ok) continue;
    try {
      const { value: page, diagnostics } = parseMdxPage(read.file);
      if (isEndpointPage(page)) {
        result.endpointPages++;
        diagnostics.push(...resolveEndpoint(page, settings).diagnostics);
      }
      JSON.stringify(page);
      result.pages++;
      result.bytes += read.file.byteLength;
      result.fields += countFields(page.params) + countFields(page.responseFields);
      for (const d of diagnostics) {
        result.byCode[d.code] = (result.byCode[d.code] ?? 0) + 1;
        const placed = Number.isInteger(d.line) && (d.line ?? 0) > 0 && Number.isInteger(d.column) && (d.column ?? 0) > 0;
        // Diagnostics about the page must point into it (a docs.json one would point at docs.json).
        if (d.file === path && !placed) result.unplaced.push(`${path}: ${d.code} ${d.message}`);
        if (d.file === undefined) result.unplaced.push(`${path}: ${d.code} has no file`);
      }
    } catch (error) {
      result.crashes.push(`${path}: ${(error as Error).stack ?? String(error)}`);
    }
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}

const [dir, ...names] = process.argv.slice(2);
if (dir && process.send) {
  const results = names.map((name) => parseCorpus(dir, name));
  process.send(results, () => process.exit(0));
}
