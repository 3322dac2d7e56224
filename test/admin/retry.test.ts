import { describe, expect, it } from 'vitest';
import * as admin from '../../src/admin/index.js';
import { backoffCap, backoffDelay, parseRetryAfter, resolveBackoff } from '../../src/admin/index.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it.each([
    ['0', 0],
    ['3', 3000],
    [' 120 ', 120_000],
    ['Wed, 01 Jan 2025 00:00:05 GMT', 5000],
    ['Tue, 31 Dec 2024 23:59:00 GMT', 0],
  ])('%j -> %i ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });

  it.each([[null], [undefined], [''], ['-1'], ['1.5'], ['soon'], ['2025-01-01'], ['+5']])('ignores %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});

describe('backoff', () => {
  const backoff = resolveBackoff({ baseMs: 100, factor: 2, maxMs: 1000 }, 5000);

  it('caps grow by the factor up to maxMs', () => {
    expect([1, 2, 3, 4, 5, 10].map((n) => backoffCap(n, backoff))).toStrictEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('equal jitter spans [cap/2, cap]; full jitter spans [0, cap]', () => {
    expect(backoffDelay(3, backoff, undefined, () => 0)).toBe(200);
    expect(backoffDelay(3, backoff, undefined, () => 0.999999)).toBe(400);
    const full = { ...backoff, jitter: 'full' as const };
    expect(backoffDelay(3, full, undefined, () => 0)).toBe(0);
    expect(backoffDelay(3, full, undefined, () => 0.999999)).toBe(400);
  });

  it('Retry-After is a floor', () => {
    expect(backoffDelay(1, backoff, 5000, () => 0.5)).toBe(5000);
    expect(backoffDelay(5, backoff, 10, () => 0)).toBe(500);
  });

  it('defaults: base = poll interval, factor 2, max 60 s, equal jitter', () => {
    expect(resolveBackoff(undefined, 5000)).toStrictEqual({ baseMs: 5000, factor: 2, maxMs: 60_000, jitter: 'equal' });
    expect(resolveBackoff(undefined, 120_000).maxMs).toBe(120_000);
  });
});

describe('the public API of src/admin', () => {
  it('exports these names', () => {
    expect(Object.keys(admin).sort()).toStrictEqual(
      [
        'AdminApiError',
        'agentJobSchema',
        'agentJobStatuses',
        'assertApiKeyShape',
        'backoffCap',
        'backoffDelay',
        'createAdminClient',
        'errorSchema',
        'finalAgentJobStatuses',
        'isAdminApiError',
        'isApiKeyShape',
        'isFinalStatus',
        'normalizeBaseUrl',
        'parseRetryAfter',
        'resolveBackoff',
        'runJobChecks',
        'waitForAgentJob',
      ].sort(),
    );
  });
});
