import { describe, expect, it } from 'vitest';
import { methodSlug, operationSlug, planGeneratedPages, slugify } from '../../src/openapi/index.js';
import { dedent, loadOne } from './helpers.js';

describe('slugs', () => {
  it('lower-cases, joins words with dashes and drops accents but keeps other scripts', () => {
    expect(slugify('List all Users')).toBe('list-all-users');
    expect(slugify('  Créer un  élément! ')).toBe('creer-un-element');
    expect(slugify('ユーザー一覧')).toBe('ユーザー一覧');
    expect(slugify('Users & Teams (v2)')).toBe('users-teams-v2');
    expect(slugify('---')).toBe('');
    expect(methodSlug('GET', '/users/{id}/posts')).toBe('get-users-id-posts');
    expect(methodSlug('DELETE', '/')).toBe('delete');
    const op = { method: 'GET', path: '/users/{id}', pointer: '', tags: [], hidden: false, deprecated: false, servers: [] };
    expect(operationSlug({ ...op, summary: 'Get a user' })).toBe('get-a-user');
    expect(operationSlug({ ...op, summary: '???' })).toBe('get-users-id');
    expect(operationSlug({ ...op, method: 'POST', path: 'userCreated', webhook: 'userCreated' })).toBe('usercreated');
  });
});

describe('planGeneratedPages', () => {
  const yaml = dedent(`
    openapi: 3.1.0
    info: { title: Plan, version: "1" }
    tags:
      - name: Users
      - name: Never used
      - name: Billing
    paths:
      /invoices:
        get: { tags: [Billing, Users], summary: List invoices, responses: { "200": { description: ok } } }
      /health:
        get: { responses: { "200": { description: ok } } }
      /users:
        get: { tags: [Users], summary: List users, responses: { "200": { description: ok } } }
        post: { tags: [Users], summary: List users, responses: { "200": { description: ok } } }
        put: { tags: [Users], summary: List users, responses: { "200": { description: ok } } }
        delete: { tags: [Users], summary: "!!!", responses: { "200": { description: ok } } }
      /users/{id}:
        x-hidden: true
        get: { tags: [Users], summary: Get user, responses: { "200": { description: ok } } }
      /teams:
        get: { tags: [Teams], summary: List teams, responses: { "200": { description: ok } } }
        post:
          tags: [Teams]
          summary: Create team
          x-docs: { href: /api-reference/teams/list-teams }
          responses: { "200": { description: ok } }
        put:
          tags: [Teams]
          summary: Replace team
          x-hidden: true
          responses: { "200": { description: ok } }
    webhooks:
      teamCreated:
        post: { responses: { "200": { description: ok } } }
      invoicePaid:
        post: { tags: [Billing], summary: Invoice paid, responses: { "200": { description: ok } } }
  `);

  it('groups by first tag in the order of the tags list, then of first appearance, numbering duplicates', async () => {
    const { spec } = await loadOne({ 'openapi.yaml': yaml }, 'openapi.yaml', { validate: false });
    const plan = planGeneratedPages(spec!);
    expect(plan.map((p) => [p.group, p.pageId, `${p.operation.method} ${p.operation.path}`])).toEqual([
      ['Users', 'api-reference/users/list-users', 'GET /users'],
      ['Users', 'api-reference/users/list-users-1', 'POST /users'],
      ['Users', 'api-reference/users/list-users-2', 'PUT /users'],
      ['Users', 'api-reference/users/delete-users', 'DELETE /users'],
      ['Billing', 'api-reference/billing/list-invoices', 'GET /invoices'],
      ['Billing', 'api-reference/billing/invoice-paid', 'POST invoicePaid'],
      ['API Reference', 'api-reference/api-reference/get-health', 'GET /health'],
      // The generated slug steps aside for the href another operation claims.
      ['Teams', 'api-reference/teams/list-teams-1', 'GET /teams'],
      ['Teams', 'api-reference/teams/list-teams', 'POST /teams'],
      ['Webhooks', 'api-reference/webhooks/teamcreated', 'POST teamCreated'],
    ]);
  });

  it('puts pages under the given directory', async () => {
    const { spec } = await loadOne({ 'openapi.yaml': yaml }, 'openapi.yaml', { validate: false });
    const plan = planGeneratedPages(spec!, { directory: '/qstash/api-reference/' });
    expect(plan[0]!.pageId).toBe('qstash/api-reference/users/list-users');
    expect(planGeneratedPages(spec!, { directory: '' })[0]!.pageId).toBe('users/list-users');
  });
});
