import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminApiError, createAdminClient } from '../../src/admin/index.js';
import { job, rejection, reply, runJobCli, startServer, type TestServer } from './helpers.js';

/**
 * A key with every character that URL encoding, JSON escaping or HTML escaping rewrites. Its letter runs
 * survive any of those encodings, so finding one of them in an output is an independent proof of a leak.
 */
const key = 'mint_Qz7vXy/Ab+Cd=Ef"Gh\\Jk&Lm<No~Pq9w';
const fragments = ['Qz7vXy', 'Pq9w'];

function expectNoKey(...texts: string[]): void {
  for (const text of texts) for (const fragment of fragments) expect(text).not.toContain(fragment);
}

const form = (text: string): string => new URLSearchParams({ k: text }).toString().slice(2);
const json = (text: string): string => JSON.stringify(text).slice(1, -1);
const lower = (text: string): string => text.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
const rest = key.slice(key.indexOf('_') + 1);

/** How servers, proxies and frameworks echo a value they were given. */
const echoes: Array<[string, string]> = [
  ['as is', key],
  ['URL-encoded', encodeURIComponent(key)],
  ['URL-encoded, lower-case hex', lower(encodeURIComponent(key))],
  ['URL-encoded twice', encodeURIComponent(encodeURIComponent(key))],
  ['form-encoded', form(key)],
  ['encodeURI', encodeURI(key)],
  ['JSON-escaped', json(key)],
  ['JSON-escaped with \\/', json(key).replaceAll('/', '\\/')],
  ['JSON-escaped twice', json(json(key))],
  ['JSON-escaped, URL-encoded', encodeURIComponent(json(key))],
  ['HTML-escaped', key.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;')],
  ['without its public prefix', rest],
  ['without its prefix, URL-encoded', encodeURIComponent(rest)],
];

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

describe('the key is redacted however the server echoes it', () => {
  it.each(echoes)('%s, in the error text (message, serverMessage, JSON summary)', async (_, echo) => {
    server.handle(reply(401, { error: `token ${echo} is revoked` }));
    const error = (await rejection(createAdminClient({ baseUrl: server.baseUrl, apiKey: key }).getAgentJob('p', 'j'))) as AdminApiError;
    expect(error).toBeInstanceOf(AdminApiError);
    expect(error.serverMessage).toBe('token [redacted] is revoked');
    expectNoKey(error.message, JSON.stringify(error), String(error.serverMessage));
  });

  it.each(echoes)('%s, on stderr and in --format json of the CLI', async (_, echo) => {
    server.handle(reply(403, { error: `key=${echo}` }));
    const env = { DOCS_ADMIN_API_KEY: key, DOCS_ADMIN_API_URL: server.baseUrl };
    const human = await runJobCli(['job', 'get', 'p', 'j'], { env });
    const machine = await runJobCli(['job', 'wait', 'p', 'j', '--format', 'json'], { env });
    expect([human.code, machine.code]).toEqual([1, 1]);
    expect(human.stderr).toContain('key=[redacted]');
    expect((JSON.parse(machine.stdout) as { error: { serverMessage: string } }).error.serverMessage).toBe('key=[redacted]');
    expectNoKey(human.stdout, human.stderr, machine.stdout, machine.stderr);
  });

  it('in the fields of a job the server answers with', async () => {
    server.handle(reply(200, job({ status: 'completed', model: `model for ${encodeURIComponent(key)}` })));
    const run = await runJobCli(['job', 'get', 'p', 'j', '--format', 'json'], { env: { DOCS_ADMIN_API_KEY: key, DOCS_ADMIN_API_URL: server.baseUrl } });
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { model: string }).model).toBe('model for [redacted]');
    expectNoKey(run.stdout);
  });
});

describe('a base URL that holds the key', () => {
  it.each([
    ['the key itself', key],
    ['the key as a path', `http://127.0.0.1:9/${encodeURIComponent(key)}`],
    ['the key as a host label', `https://${rest.replace(/[^A-Za-z0-9]/g, '')}.example.com`],
  ])('is refused without quoting it: %s', async (_, baseUrl) => {
    const embedded = baseUrl.includes('.example.com') ? `mint_${rest.replace(/[^A-Za-z0-9]/g, '')}` : key;
    const run = await runJobCli(['job', 'get', 'p', 'j'], { env: { DOCS_ADMIN_API_KEY: embedded, DOCS_ADMIN_API_URL: baseUrl } });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('docs-build: the admin API base URL holds the API key; give the address of the API there, and the key only as the key\n');
    expectNoKey(run.stdout, run.stderr);
    expect(server.requests).toHaveLength(0);
  });
});
