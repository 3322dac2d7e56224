/**
 * Deterministic generator of synthetic docs roots for the benchmark suite (`bench/run.ts`).
 *
 * A site of N pages is: N MDX/MD pages of realistic shape (frontmatter, headings, prose with links and
 * inline code, lists, code blocks, tables, callouts, Tabs, Accordions, Steps, Cards, snippet imports),
 * about 10 % of them hand-written API pages (`api:` frontmatter with ParamField / ResponseField /
 * Expandable nesting), a docs.json listing every page in tabs / groups / nested groups, and one
 * OpenAPI 3.1 spec of 500 operations attached to a tab (bulk generation) plus a few explicit endpoint
 * references and `openapi:` frontmatter pages.
 *
 * Everything comes from a seeded PRNG (never Math.random, never the clock), so the same options give
 * the same bytes on every machine: benchmark numbers of two runs are comparable, and a generated site
 * on disk is reused as long as GENERATOR_VERSION and the options are unchanged.
 *
 *   npx tsx bench/generate.ts <pages> [dir] [--seed N]     (writes one site, prints its size)
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Bump whenever the output of the generator changes: sites on disk with another version are regenerated. */
export const GENERATOR_VERSION = 1;
export const DEFAULT_SEED = 20_240_601;
/** Operations of the generated spec (the issue asks for 500). */
export const SPEC_OPERATIONS = 500;
/** Root-relative path of the generated spec. */
export const SPEC_FILE = 'openapi/platform.json';

export interface SiteOptions {
  /** MDX/MD pages (hand-written API pages included; pages generated from the spec come on top). */
  pages: number;
  seed?: number;
}

export interface GeneratedFile {
  /** Root-relative path, forward slashes. */
  path: string;
  text: string;
}

export interface SiteSummary {
  generatorVersion: number;
  seed: number;
  pages: number;
  /** Hand-written API pages among `pages`. */
  apiPages: number;
  /** Pages with `openapi:` frontmatter among `pages`. */
  openapiPages: number;
  operations: number;
  files: number;
  bytes: number;
  /** sha256 over every path and text, in order: equal digests mean byte-identical sites. */
  digest: string;
}

// ---------------------------------------------------------------------------------------------------
// PRNG

/**
 * mulberry32: tiny, fast, and good enough for shaping text. Each page gets its own stream derived
 * from (seed, page index), so a page's text does not depend on how much randomness earlier pages used.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** Geometric-like count with the given mean: a long tail, as real page sizes have. */
  skewed(mean: number, max: number): number {
    return Math.min(max, Math.floor(-Math.log(1 - this.next()) * mean));
  }
}

function streamSeed(seed: number, ...parts: number[]): number {
  let h = seed >>> 0;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x9e3779b1) >>> 0;
    h = (h ^ (h >>> 16)) >>> 0;
  }
  return h;
}

// ---------------------------------------------------------------------------------------------------
// Vocabulary

const nouns = [
  'widget', 'gadget', 'invoice', 'customer', 'project', 'workspace', 'member', 'token', 'webhook', 'event',
  'deployment', 'build', 'artifact', 'dataset', 'model', 'pipeline', 'job', 'schedule', 'report', 'alert',
  'dashboard', 'folder', 'file', 'document', 'comment', 'label', 'channel', 'message', 'order', 'payment',
  'refund', 'subscription', 'plan', 'coupon', 'product', 'price', 'shipment', 'warehouse', 'region', 'cluster',
  'node', 'volume', 'snapshot', 'backup', 'domain', 'certificate', 'secret', 'role', 'policy', 'session',
  'device', 'integration', 'connector', 'template', 'form', 'ticket', 'queue', 'topic', 'stream', 'index',
  'query', 'notebook', 'experiment', 'metric', 'trace', 'runner', 'environment', 'release', 'invite', 'team',
] as const;
const qualifiers = ['audit', 'billing', 'usage', 'access', 'batch', 'scheduled', 'shared', 'archived', 'custom', 'public'] as const;
const verbs = [
  'configure', 'create', 'deploy', 'manage', 'monitor', 'rotate', 'export', 'import', 'migrate', 'secure',
  'scale', 'troubleshoot', 'integrate', 'automate', 'filter', 'paginate', 'retry', 'cache', 'validate', 'archive',
  'restore', 'share', 'debug', 'test', 'publish', 'schedule', 'sync', 'tag', 'audit', 'limit',
] as const;
const adjectives = [
  'new', 'existing', 'default', 'custom', 'private', 'public', 'shared', 'active', 'pending', 'stale',
  'large', 'small', 'remote', 'local', 'primary', 'secondary', 'internal', 'external', 'optional', 'required',
] as const;
const subjects = ['The client', 'Your team', 'An administrator', 'The API', 'The dashboard', 'Each request', 'The SDK', 'A webhook'] as const;
const actions = [
  'can update', 'returns', 'stores', 'keeps', 'replaces', 'lists', 'reads', 'writes', 'retries', 'rejects',
  'accepts', 'creates', 'removes', 'caches', 'validates', 'groups', 'signs', 'sends', 'ignores', 'tracks',
] as const;
const tails = [
  'within a few seconds', 'for every region', 'when the request succeeds', 'until the limit is reached',
  'in the same order', 'without downtime', 'after the next deployment', 'for up to thirty days',
  'on the next page', 'as soon as it is ready', 'in the background', 'for each workspace',
  'unless you opt out', 'at most once', 'with exponential backoff', 'in your dashboard',
] as const;
const languages = ['bash', 'ts', 'python', 'json', 'go', 'yaml', 'javascript'] as const;
const callouts = ['Note', 'Warning', 'Tip', 'Info', 'Check'] as const;
const icons = ['book-open', 'bolt', 'gear', 'shield', 'code', 'rocket', 'database', 'key', 'globe', 'chart-line'] as const;
const tabNames = ['Guides', 'Platform', 'Integrations', 'SDKs'] as const;
const snippets = [
  { file: 'snippets/support.mdx', name: 'Support', text: 'Questions? Write to [support@example.com](mailto:support@example.com) or open a ticket in the dashboard.\n' },
  { file: 'snippets/beta-warning.mdx', name: 'BetaWarning', text: '<Warning>\n  This feature is in beta. Its behaviour may change before general availability.\n</Warning>\n' },
  { file: 'snippets/auth-header.mdx', name: 'AuthHeader', text: 'Send your API key in the `Authorization` header:\n\n```bash\ncurl -H "Authorization: Bearer $API_KEY" https://api.example.com/v1/widgets\n```\n' },
  { file: 'snippets/rate-limits.mdx', name: 'RateLimits', text: '<Note>\n  Requests are limited to **100 per minute** per key. A `429` response carries a `Retry-After` header.\n</Note>\n' },
] as const;

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const pascal = (text: string): string => text.split(/[\s-]+/).map(capitalize).join('');
const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const article = (noun: string): string => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);
const plural = (noun: string): string => (noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`);

// ---------------------------------------------------------------------------------------------------
// The plan: which pages exist, where, and what they are

type PageKind = 'guide' | 'markdown' | 'api' | 'openapi';

interface PlannedPage {
  /** Page path without extension (the navigation entry). */
  id: string;
  ext: '.mdx' | '.md';
  kind: PageKind;
  title: string;
  index: number;
  api?: ApiPlan;
  /** `openapi:` frontmatter value. */
  openapiRef?: string;
}

interface ApiPlan {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: string[];
  resource: string;
}

type NavEntry = string | NavGroup;
interface NavGroup {
  group: string;
  icon?: string;
  expanded?: boolean;
  pages: NavEntry[];
}

interface Resource {
  /** Singular, with spaces ("audit widget"). */
  name: string;
  tag: string;
}

/** The spec's resources: nouns first, then qualified nouns, as many as 500 operations need. */
function specResources(count: number): Resource[] {
  const names: string[] = [...nouns];
  for (const qualifier of qualifiers) for (const noun of nouns) names.push(`${qualifier} ${noun}`);
  const tags = ['Core', 'Billing', 'Storage', 'Compute', 'Identity', 'Messaging', 'Analytics', 'Commerce', 'Automation', 'Observability', 'Content', 'Admin'];
  return names.slice(0, count).map((name, i) => ({ name, tag: tags[i % tags.length]! }));
}

interface SpecOperation {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  summary: string;
  operationId: string;
  resource: Resource;
  kind: 'list' | 'create' | 'get' | 'update' | 'replace' | 'delete' | 'archive' | 'events';
}

const operationKinds = ['list', 'create', 'get', 'update', 'delete', 'archive', 'events', 'replace'] as const;
const opsPerResource = 6;

function specOperations(total: number): SpecOperation[] {
  const resources = specResources(Math.ceil(total / opsPerResource));
  const ops: SpecOperation[] = [];
  for (const [r, resource] of resources.entries()) {
    const collection = `/${slug(plural(resource.name))}`;
    const idName = `${pascal(resource.name).charAt(0).toLowerCase()}${pascal(resource.name).slice(1)}Id`;
    const item = `${collection}/{${idName}}`;
    const kinds = operationKinds.slice(0, opsPerResource - 1).concat(operationKinds[opsPerResource - 1 + (r % 3)]!);
    for (const kind of kinds) {
      if (ops.length >= total) break;
      const P = pascal(resource.name);
      const byKind: Record<SpecOperation['kind'], Omit<SpecOperation, 'resource' | 'kind'>> = {
        list: { method: 'get', path: collection, summary: `List ${plural(resource.name)}`, operationId: `list${pascal(plural(resource.name))}` },
        create: { method: 'post', path: collection, summary: `Create ${article(resource.name)}`, operationId: `create${P}` },
        get: { method: 'get', path: item, summary: `Get ${article(resource.name)}`, operationId: `get${P}` },
        update: { method: 'patch', path: item, summary: `Update ${article(resource.name)}`, operationId: `update${P}` },
        replace: { method: 'put', path: item, summary: `Replace ${article(resource.name)}`, operationId: `replace${P}` },
        delete: { method: 'delete', path: item, summary: `Delete ${article(resource.name)}`, operationId: `delete${P}` },
        archive: { method: 'post', path: `${item}/archive`, summary: `Archive ${article(resource.name)}`, operationId: `archive${P}` },
        events: { method: 'get', path: `${item}/events`, summary: `List events of ${article(resource.name)}`, operationId: `list${P}Events` },
      };
      ops.push({ ...byKind[kind], resource, kind });
    }
  }
  return ops;
}

interface Plan {
  pages: PlannedPage[];
  tabs: Array<{ tab: string; icon: string; groups: NavGroup[] }>;
  /** Navigation entries of explicit endpoint references (in the first tab). */
  endpointRefs: string[];
}

function planSite(options: Required<SiteOptions>): Plan {
  const random = new Random(streamSeed(options.seed, 0xa11));
  const pages: PlannedPage[] = [];
  const usedIds = new Set<string>();
  const unique = (id: string): string => {
    let candidate = id;
    for (let n = 2; usedIds.has(candidate); n++) candidate = `${id}-${n}`;
    usedIds.add(candidate);
    return candidate;
  };
  const addPage = (page: Omit<PlannedPage, 'index'>): PlannedPage => {
    const planned = { ...page, index: pages.length };
    pages.push(planned);
    return planned;
  };

  const ops = specOperations(SPEC_OPERATIONS);
  const featuredOps = [0, 2, 7, 13, 26].map((i) => ops[i]!).filter(Boolean);
  const openapiPageCount = Math.min(5, Math.max(0, options.pages - 2));
  const apiCount = Math.round(options.pages * 0.1);
  // The home page and the API reference's introduction page are pages too.
  const guideCount = Math.max(0, options.pages - apiCount - openapiPageCount - 2);

  // Overview tab head: the home page, and the featured operations (frontmatter refs + explicit refs).
  const home = addPage({ id: unique('index'), ext: '.mdx', kind: 'guide', title: 'Welcome' });
  const featured: NavGroup = { group: 'Featured endpoints', icon: 'star', pages: [] };
  for (let i = 0; i < openapiPageCount; i++) {
    const op = featuredOps[i % featuredOps.length]!;
    const page = addPage({
      id: unique(`featured/${slug(op.summary)}`),
      ext: '.mdx',
      kind: 'openapi',
      title: op.summary,
      openapiRef: `${SPEC_FILE} ${op.method.toUpperCase()} ${op.path}`,
    });
    featured.pages.push(page.id);
  }
  const endpointRefs = featuredOps.map((op) => `${SPEC_FILE} ${op.method.toUpperCase()} ${op.path}`);

  // Content tabs: groups of 6-24 pages, some with a nested group (and rarely a nested group in that).
  const tabs: Plan['tabs'] = tabNames.map((tab, t) => ({ tab, icon: icons[t]!, groups: [] }));
  tabs[0]!.groups.push({ group: 'Get started', pages: [home.id] });
  let remaining = guideCount;
  let groupNumber = 0;
  while (remaining > 0) {
    const tab = tabs[groupNumber % tabs.length]!;
    const groupTitle = `${capitalize(random.pick(verbs))} ${plural(random.pick(nouns))}`;
    const groupSlug = unique(`${slug(tab.tab)}/${slug(groupTitle)}`);
    const group: NavGroup = { group: groupTitle, pages: [] };
    if (random.chance(0.3)) group.icon = random.pick(icons);
    if (random.chance(0.1)) group.expanded = true;
    const size = Math.min(remaining, random.int(6, 24));
    const nestedAt = random.chance(0.3) && size >= 8 ? random.int(3, size - 3) : -1;
    let target: NavEntry[] = group.pages;
    for (let i = 0; i < size; i++) {
      if (i === nestedAt) {
        const nested: NavGroup = { group: `${capitalize(random.pick(adjectives))} ${plural(random.pick(nouns))}`, pages: [] };
        group.pages.push(nested);
        target = nested.pages;
        if (random.chance(0.3)) {
          const deeper: NavGroup = { group: `${capitalize(random.pick(verbs))} ${random.pick(nouns)} ${random.pick(['basics', 'limits', 'recipes', 'reference'])}`, pages: [] };
          nested.pages.push(deeper);
          target = deeper.pages;
        }
      }
      const title = pageTitle(random);
      const markdown = random.chance(0.05);
      const page = addPage({ id: unique(`${groupSlug}/${slug(title)}`), ext: markdown ? '.md' : '.mdx', kind: markdown ? 'markdown' : 'guide', title });
      target.push(page.id);
    }
    tab.groups.push(group);
    remaining -= size;
    groupNumber++;
  }
  tabs[0]!.groups.splice(1, 0, { ...featured, pages: [...featured.pages, ...endpointRefs] });

  // Hand-written API tab: one group per resource, its pages in CRUD order.
  const apiTab: Plan['tabs'][number] = { tab: 'API', icon: 'code', groups: [] };
  let apiLeft = apiCount;
  for (let r = 0; apiLeft > 0; r++) {
    const noun = r < nouns.length ? nouns[r]! : `${qualifiers[Math.floor(r / nouns.length - 1) % qualifiers.length]!} ${nouns[r % nouns.length]!}`;
    const group: NavGroup = { group: capitalize(plural(noun)), pages: [] };
    const collection = `/${slug(plural(noun))}`;
    const idName = `${pascal(noun).charAt(0).toLowerCase()}${pascal(noun).slice(1)}Id`;
    const templates: Array<{ method: ApiPlan['method']; path: string; title: string; params: string[] }> = [
      { method: 'GET', path: collection, title: `List ${plural(noun)}`, params: [] },
      { method: 'POST', path: collection, title: `Create ${article(noun)}`, params: [] },
      { method: 'GET', path: `${collection}/{${idName}}`, title: `Get ${article(noun)}`, params: [idName] },
      { method: 'PATCH', path: `${collection}/{${idName}}`, title: `Update ${article(noun)}`, params: [idName] },
      { method: 'DELETE', path: `${collection}/{${idName}}`, title: `Delete ${article(noun)}`, params: [idName] },
      { method: 'GET', path: `${collection}/{${idName}}/members/{memberId}`, title: `Get a member of ${article(noun)}`, params: [idName, 'memberId'] },
      { method: 'PUT', path: `${collection}/{${idName}}/settings`, title: `Replace ${noun} settings`, params: [idName] },
    ];
    for (const template of templates.slice(0, Math.min(apiLeft, random.int(4, templates.length)))) {
      const page = addPage({
        id: unique(`api/${slug(plural(noun))}/${slug(template.title)}`),
        ext: '.mdx',
        kind: 'api',
        title: template.title,
        api: { method: template.method, path: template.path, pathParams: template.params, resource: noun },
      });
      group.pages.push(page.id);
      apiLeft--;
    }
    apiTab.groups.push(group);
  }

  return { pages, tabs: [...tabs, apiTab], endpointRefs };
}

function pageTitle(random: Random): string {
  const noun = random.pick(nouns);
  switch (random.int(0, 5)) {
    case 0:
      return `${capitalize(random.pick(verbs))} ${plural(noun)}`;
    case 1:
      return `${capitalize(random.pick(verbs))} ${random.pick(adjectives)} ${plural(noun)}`;
    case 2:
      return `About ${plural(noun)}`;
    case 3:
      return `${capitalize(noun)} ${random.pick(['limits', 'lifecycle', 'permissions', 'best practices', 'troubleshooting', 'quotas'])}`;
    case 4:
      return `Migrating ${plural(noun)} to v${random.int(2, 5)}`;
    default:
      return `${capitalize(random.pick(verbs))} ${noun} ${plural(random.pick(nouns))}`;
  }
}

// ---------------------------------------------------------------------------------------------------
// Page text

interface TextContext {
  random: Random;
  /** Page ids to link to. */
  linkTargets: readonly PlannedPage[];
  /** Whether JSX is allowed (false for `.md` pages). */
  jsx: boolean;
}

function sentence(ctx: TextContext): string {
  const { random } = ctx;
  const parts: string[] = [random.pick(subjects), random.pick(actions)];
  const noun = random.pick(nouns);
  const object = random.chance(0.5) ? `the ${random.pick(adjectives)} ${noun}` : plural(noun);
  if (random.chance(0.15)) {
    const target = random.pick(ctx.linkTargets);
    parts.push(`[${object}](/${target.id})`);
  } else if (random.chance(0.1)) {
    parts.push(`[${object}](https://example.com/${slug(noun)})`);
  } else if (random.chance(0.2)) {
    parts.push(`\`${slug(noun).replace(/-/g, '_')}_${random.pick(['id', 'name', 'status', 'limit', 'url'])}\``);
  } else if (random.chance(0.1)) {
    parts.push(`**${object}**`);
  } else {
    parts.push(object);
  }
  parts.push(random.pick(tails));
  return `${parts.join(' ')}.`;
}

/** A sentence without markup, for frontmatter descriptions. */
function plainSentence(random: Random): string {
  return `${random.pick(subjects)} ${random.pick(actions)} ${plural(random.pick(nouns))} ${random.pick(tails)}.`;
}

function paragraph(ctx: TextContext, min = 1, max = 4): string {
  const count = ctx.random.int(min, max);
  const sentences: string[] = [];
  for (let i = 0; i < count; i++) sentences.push(sentence(ctx));
  return sentences.join(' ');
}

function codeBlock(ctx: TextContext, indent = ''): string {
  const { random } = ctx;
  const language = random.pick(languages);
  const noun = random.pick(nouns);
  const collection = slug(plural(noun));
  let body: string;
  switch (language) {
    case 'bash':
      body = `curl -X POST https://api.example.com/v1/${collection} \\\n  -H "Authorization: Bearer $API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '{"name": "${noun}-${random.int(1, 99)}", "limit": ${random.int(1, 500)}}'`;
      break;
    case 'ts':
    case 'javascript':
      body = `import { Client } from '@example/sdk';\n\nconst client = new Client({ apiKey: process.env.API_KEY });\nconst ${pascal(noun).charAt(0).toLowerCase()}${pascal(noun).slice(1)} = await client.${collection.replace(/-/g, '')}.create({\n  name: '${noun}-${random.int(1, 99)}',\n  limit: ${random.int(1, 500)},\n});\nconsole.log(${pascal(noun).charAt(0).toLowerCase()}${pascal(noun).slice(1)}.id);`;
      break;
    case 'python':
      body = `from example import Client\n\nclient = Client(api_key=os.environ["API_KEY"])\nfor item in client.${collection.replace(/-/g, '_')}.list(limit=${random.int(1, 100)}):\n    print(item.id, item.status)`;
      break;
    case 'json':
      body = `{\n  "id": "${slug(noun)}_${random.int(1000, 9999)}",\n  "object": "${noun}",\n  "status": "${random.pick(['active', 'pending', 'archived'])}",\n  "metadata": { "team": "${random.pick(nouns)}" },\n  "created_at": "2024-0${random.int(1, 9)}-1${random.int(0, 9)}T12:00:00Z"\n}`;
      break;
    case 'go':
      body = `client := example.NewClient(os.Getenv("API_KEY"))\nitems, err := client.${pascal(plural(noun))}.List(ctx, &example.ListParams{Limit: ${random.int(1, 100)}})\nif err != nil {\n\treturn err\n}\nfor _, item := range items {\n\tfmt.Println(item.ID)\n}`;
      break;
    default:
      body = `${slug(noun)}:\n  enabled: true\n  limit: ${random.int(1, 500)}\n  regions:\n    - ${random.pick(['us-east-1', 'eu-west-1', 'ap-south-1'])}`;
  }
  const title = random.chance(0.4) ? ` ${random.pick(['example', 'request', 'config', 'setup'])}.${language === 'javascript' ? 'js' : language === 'bash' ? 'sh' : language}` : '';
  return [`\`\`\`${language}${title}`, ...body.split('\n'), '```'].map((line) => (line ? indent + line : line)).join('\n');
}

function list(ctx: TextContext): string {
  const { random } = ctx;
  const ordered = random.chance(0.4);
  const lines: string[] = [];
  const count = random.int(2, 6);
  for (let i = 0; i < count; i++) {
    lines.push(`${ordered ? `${i + 1}.` : '-'} ${paragraph(ctx, 1, 1)}`);
    if (random.chance(0.2)) {
      const pad = ordered ? '   ' : '  ';
      for (let j = random.int(1, 3); j > 0; j--) lines.push(`${pad}- ${sentence(ctx)}`);
    }
  }
  return lines.join('\n');
}

function table(ctx: TextContext): string {
  const { random } = ctx;
  const columns = random.int(2, 4);
  const headers = ['Name', 'Type', 'Default', 'Description'].slice(0, columns);
  const rows = [`| ${headers.join(' | ')} |`, `| ${headers.map(() => '---').join(' | ')} |`];
  for (let r = random.int(2, 6); r > 0; r--) {
    const name = `\`${slug(random.pick(nouns)).replace(/-/g, '_')}_${random.pick(['id', 'limit', 'mode', 'ttl'])}\``;
    const cells = [name, random.pick(['string', 'integer', 'boolean', 'object']), random.pick(['`null`', '`0`', '`true`', '—']), sentence(ctx)];
    rows.push(`| ${cells.slice(0, columns).join(' | ')} |`);
  }
  return rows.join('\n');
}

/** Indents a multi-line block (JSX children are indented by two spaces, as authors write them). */
const indented = (text: string, indent: string): string =>
  text
    .split('\n')
    .map((line) => (line ? indent + line : line))
    .join('\n');

function component(ctx: TextContext): string {
  const { random } = ctx;
  switch (random.int(0, 5)) {
    case 0: {
      const name = random.pick(callouts);
      return `<${name}>\n${indented(paragraph(ctx, 1, 2), '  ')}\n</${name}>`;
    }
    case 1: {
      const tabs = random.int(2, 3);
      const names = ['npm', 'pnpm', 'yarn', 'Python', 'Go', 'cURL'];
      const start = random.int(0, names.length - tabs);
      const body = names
        .slice(start, start + tabs)
        .map((title) => `  <Tab title="${title}">\n${indented(paragraph(ctx, 1, 1), '    ')}\n\n${codeBlock(ctx, '    ')}\n  </Tab>`)
        .join('\n');
      return `<Tabs>\n${body}\n</Tabs>`;
    }
    case 2: {
      const items = random.int(2, 5);
      const body: string[] = [];
      for (let i = 0; i < items; i++) {
        const question = `How do I ${random.pick(verbs)} ${plural(random.pick(nouns))}?`;
        body.push(`  <Accordion title="${question}">\n${indented(paragraph(ctx, 1, 3), '    ')}\n  </Accordion>`);
      }
      return `<AccordionGroup>\n${body.join('\n')}\n</AccordionGroup>`;
    }
    case 3: {
      const steps = random.int(2, 4);
      const body: string[] = [];
      for (let i = 0; i < steps; i++) {
        const content = random.chance(0.5) ? `${indented(paragraph(ctx, 1, 2), '    ')}\n\n${codeBlock(ctx, '    ')}` : indented(paragraph(ctx, 1, 2), '    ');
        body.push(`  <Step title="${capitalize(random.pick(verbs))} the ${random.pick(nouns)}">\n${content}\n  </Step>`);
      }
      return `<Steps>\n${body.join('\n')}\n</Steps>`;
    }
    case 4: {
      const cards = random.int(2, 4);
      const body: string[] = [];
      for (let i = 0; i < cards; i++) {
        const target = random.pick(ctx.linkTargets);
        body.push(`  <Card title="${target.title}" icon="${random.pick(icons)}" href="/${target.id}">\n${indented(paragraph(ctx, 1, 1), '    ')}\n  </Card>`);
      }
      return `<CardGroup cols={2}>\n${body.join('\n')}\n</CardGroup>`;
    }
    default: {
      const blocks = random.int(2, 3);
      const body: string[] = [];
      for (let i = 0; i < blocks; i++) body.push(codeBlock(ctx));
      return `<CodeGroup>\n${body.join('\n\n')}\n</CodeGroup>`;
    }
  }
}

function frontmatter(values: Array<[string, string | undefined]>): string {
  const lines = values.filter((entry): entry is [string, string] => entry[1] !== undefined).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join('\n')}\n---\n`;
}

function guidePage(page: PlannedPage, ctx: TextContext): string {
  const { random } = ctx;
  const out: string[] = [];
  out.push(
    frontmatter([
      ['title', page.title],
      ['description', plainSentence(random)],
      ['icon', random.chance(0.3) ? random.pick(icons) : undefined],
      ['sidebarTitle', random.chance(0.1) ? page.title.split(' ').slice(0, 2).join(' ') : undefined],
    ]),
  );
  const imported = ctx.jsx && random.chance(0.15) ? random.pick(snippets) : undefined;
  if (imported) out.push(`import ${imported.name} from '/${imported.file}';\n`);
  out.push(paragraph(ctx, 1, 3) + '\n');

  const sections = random.skewed(2.2, 16);
  for (let s = 0; s < sections; s++) {
    out.push(`## ${capitalize(random.pick(verbs))} ${random.pick(adjectives)} ${plural(random.pick(nouns))}\n`);
    const blocks = random.int(1, 3);
    for (let b = 0; b < blocks; b++) {
      const roll = random.next();
      if (roll < 0.4) out.push(paragraph(ctx) + '\n');
      else if (roll < 0.55) out.push(list(ctx) + '\n');
      else if (roll < 0.7) out.push(codeBlock(ctx) + '\n');
      else if (roll < 0.78) out.push(table(ctx) + '\n');
      else if (ctx.jsx) out.push(component(ctx) + '\n');
      else out.push(`> ${paragraph(ctx, 1, 2)}\n`);
    }
    if (random.chance(0.25)) {
      out.push(`### ${capitalize(random.pick(adjectives))} ${random.pick(nouns)} ${random.pick(['options', 'errors', 'examples', 'limits'])}\n`);
      out.push(paragraph(ctx) + '\n');
    }
  }
  if (imported) out.push(`<${imported.name} />\n`);
  return out.join('\n');
}

function fieldType(random: Random): string {
  return random.pick(['string', 'integer', 'boolean', 'number', 'string[]']);
}

/** A ResponseField (or body ParamField) with `depth` more levels of Expandable below it. */
function nestedField(ctx: TextContext, tag: 'ResponseField' | 'ParamField', name: string, depth: number, indent: string): string {
  const { random } = ctx;
  const attr = tag === 'ResponseField' ? `name="${name}"` : `body="${name}"`;
  const required = random.chance(0.5) ? ' required' : '';
  if (depth === 0) {
    const type = fieldType(random);
    const extra = type === 'integer' && random.chance(0.3) ? ` default={${random.int(1, 100)}}` : '';
    return `${indent}<${tag} ${attr} type="${type}"${required}${extra}>\n${indented(sentence(ctx), indent + '  ')}\n${indent}</${tag}>`;
  }
  const children: string[] = [];
  const used = new Set<string>();
  for (let i = random.int(2, 4); i > 0; i--) {
    let child = `${slug(random.pick(nouns)).replace(/-/g, '_')}_${random.pick(['id', 'name', 'count', 'status', 'config', 'url'])}`;
    while (used.has(child)) child += '_2';
    used.add(child);
    const childDepth = depth > 1 && random.chance(0.5) ? depth - 1 : 0;
    children.push(nestedField(ctx, tag, child, childDepth, indent + '    '));
  }
  return [
    `${indent}<${tag} ${attr} type="object"${required}>`,
    indented(sentence(ctx), indent + '  '),
    '',
    `${indent}  <Expandable title="${name} properties">`,
    children.join('\n'),
    `${indent}  </Expandable>`,
    `${indent}</${tag}>`,
  ].join('\n');
}

function apiPage(page: PlannedPage, ctx: TextContext): string {
  const { random } = ctx;
  const api = page.api!;
  const out: string[] = [];
  out.push(
    frontmatter([
      ['title', page.title],
      ['description', plainSentence(random)],
      ['api', `${api.method} ${api.path}`],
      ['playground', random.chance(0.1) ? 'simple' : undefined],
      ['authMethod', random.chance(0.1) ? 'key' : undefined],
    ]),
  );
  out.push(paragraph(ctx, 1, 3) + '\n');
  if (random.chance(0.2)) out.push(`<Note>\n  ${sentence(ctx)}\n</Note>\n`);
  for (const param of api.pathParams) {
    out.push(`<ParamField path="${param}" type="string" required>\n  ${sentence(ctx)}\n</ParamField>\n`);
  }
  if (api.method === 'GET') {
    out.push(`<ParamField query="limit" type="integer" default={20}>\n  Maximum number of items to return, from 1 to 100.\n</ParamField>\n`);
    if (random.chance(0.6)) out.push(`<ParamField query="cursor" type="string">\n  ${sentence(ctx)}\n</ParamField>\n`);
    if (random.chance(0.4)) out.push(`<ParamField query="expand" type="string[]" default={["owner"]}>\n  Related objects to embed.\n</ParamField>\n`);
  }
  if (api.method === 'POST' || api.method === 'PATCH' || api.method === 'PUT') {
    out.push(`<ParamField header="Idempotency-Key" type="string">\n  ${sentence(ctx)}\n</ParamField>\n`);
    out.push(`<ParamField body="name" type="string"${api.method === 'POST' ? ' required' : ''}>\n  Display name of the ${api.resource}.\n</ParamField>\n`);
    out.push(nestedField(ctx, 'ParamField', 'settings', random.int(1, 2), '') + '\n');
  }
  if (api.method === 'DELETE') {
    out.push(`<ResponseField name="deleted" type="boolean" required>\n  Always \`true\`.\n</ResponseField>\n`);
  } else {
    out.push(`<ResponseField name="id" type="string" required>\n  Unique identifier of the ${api.resource}.\n</ResponseField>\n`);
    out.push(nestedField(ctx, 'ResponseField', slug(api.resource).replace(/-/g, '_'), random.int(1, 3), '') + '\n');
  }
  out.push(`<RequestExample>\n\n${codeBlock(ctx)}\n\n</RequestExample>\n`);
  return out.join('\n');
}

function openapiPage(page: PlannedPage, ctx: TextContext): string {
  return `${frontmatter([
    ['title', page.title],
    ['openapi', page.openapiRef],
  ])}\n${paragraph(ctx, 1, 3)}\n\n<Tip>\n  ${sentence(ctx)}\n</Tip>\n`;
}

// ---------------------------------------------------------------------------------------------------
// The spec

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function specDocument(seed: number): Json {
  const random = new Random(streamSeed(seed, 0x5bec));
  const ops = specOperations(SPEC_OPERATIONS);
  const resources = [...new Map(ops.map((op) => [op.resource.name, op.resource])).values()];
  const schemas: Record<string, Json> = {
    Error: {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message'],
          properties: {
            code: { type: 'string', description: 'Machine-readable error code.' },
            message: { type: 'string', description: 'Human-readable explanation.' },
            details: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, reason: { type: 'string' } } } },
          },
        },
      },
    },
    User: {
      type: 'object',
      required: ['id', 'email'],
      properties: { id: { type: 'string' }, email: { type: 'string', format: 'email' }, name: { type: ['string', 'null'] } },
    },
    // Recursive on purpose: resolving it must stop at the cycle.
    TreeNode: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string' }, name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/TreeNode' } } },
    },
  };
  for (const [r, resource] of resources.entries()) {
    const P = pascal(resource.name);
    const settings: Json = {
      type: 'object',
      description: `Settings of the ${resource.name}.`,
      properties: {
        enabled: { type: 'boolean', default: true },
        limits: {
          type: 'object',
          properties: {
            max_items: { type: 'integer', minimum: 1, maximum: 10000 },
            window: { type: 'object', properties: { unit: { type: 'string', enum: ['second', 'minute', 'hour'] }, size: { type: 'integer' } } },
          },
        },
        regions: { type: 'array', items: { type: 'string', enum: ['us-east-1', 'eu-west-1', 'ap-south-1'] } },
      },
    };
    const properties: Record<string, Json> = {
      id: { type: 'string', description: `Unique identifier of the ${resource.name}.`, example: `${slug(resource.name)}_${random.int(1000, 9999)}` },
      object: { type: 'string', const: slug(resource.name) },
      name: { type: 'string', description: 'Display name.' },
      status: { type: 'string', enum: ['active', 'pending', 'archived'] },
      owner: { $ref: '#/components/schemas/User' },
      settings,
      metadata: { type: 'object', additionalProperties: { type: 'string' } },
      created_at: { type: 'string', format: 'date-time' },
    };
    if (r % 4 === 0) properties['tree'] = { $ref: '#/components/schemas/TreeNode' };
    schemas[P] = { type: 'object', required: ['id', 'object', 'created_at'], properties };
    schemas[`${P}Input`] = {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, settings, metadata: { type: 'object', additionalProperties: { type: 'string' } } },
    };
    schemas[`${P}List`] = {
      type: 'object',
      required: ['data', 'has_more'],
      properties: { data: { type: 'array', items: { $ref: `#/components/schemas/${P}` } }, has_more: { type: 'boolean' }, next_cursor: { type: ['string', 'null'] } },
    };
  }

  const paths: Record<string, Record<string, Json>> = {};
  for (const op of ops) {
    const P = pascal(op.resource.name);
    const params: Json[] = [];
    for (const match of op.path.matchAll(/\{([^}]+)\}/g)) {
      params.push({ name: match[1]!, in: 'path', required: true, description: `Id of the ${op.resource.name}.`, schema: { type: 'string' } });
    }
    if (op.method === 'get') params.push({ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/Cursor' });
    if (op.kind === 'get') params.push({ $ref: '#/components/parameters/Expand' });
    if (op.method === 'post' || op.method === 'put') params.push({ $ref: '#/components/parameters/IdempotencyKey' });
    const ok: Json =
      op.kind === 'list' || op.kind === 'events'
        ? { description: 'A page of results.', content: { 'application/json': { schema: { $ref: `#/components/schemas/${P}List` } } } }
        : op.kind === 'delete'
          ? { description: 'Deleted.', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' }, deleted: { type: 'boolean', const: true } } } } } }
          : { description: `The ${op.resource.name}.`, content: { 'application/json': { schema: { $ref: `#/components/schemas/${P}` } } } };
    const operation: Record<string, Json> = {
      tags: [op.resource.tag],
      summary: op.summary,
      description: `${capitalize(op.summary.toLowerCase())}. ${capitalize(random.pick(actions))} ${plural(op.resource.name)} ${random.pick(tails)}.`,
      operationId: op.operationId,
      parameters: params,
      responses: {
        [op.kind === 'create' ? '201' : '200']: ok,
        '401': { $ref: '#/components/responses/Unauthorized' },
        '404': { $ref: '#/components/responses/NotFound' },
        '429': { $ref: '#/components/responses/RateLimited' },
      },
    };
    if (op.method === 'post' || op.method === 'patch' || op.method === 'put') {
      operation['requestBody'] = op.kind === 'archive'
        ? { content: { 'application/json': { schema: { type: 'object', properties: { reason: { type: 'string' } } } } } }
        : { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${P}Input` } } } };
    }
    (paths[op.path] ??= {})[op.method] = operation;
  }

  const tags = [...new Set(resources.map((r) => r.tag))].map((name) => ({ name, description: `Endpoints of the ${name.toLowerCase()} area.` }));
  return {
    openapi: '3.1.0',
    info: { title: 'Synthetic Platform API', version: '1.0.0', description: 'Generated by bench/generate.ts for the benchmark suite.' },
    servers: [{ url: 'https://api.example.com/v1' }],
    security: [{ bearerAuth: [] }],
    tags,
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      parameters: {
        Limit: { name: 'limit', in: 'query', description: 'Page size.', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
        Cursor: { name: 'cursor', in: 'query', description: 'Cursor of the next page.', schema: { type: 'string' } },
        Expand: { name: 'expand', in: 'query', description: 'Related objects to embed.', schema: { type: 'array', items: { type: 'string' } } },
        IdempotencyKey: { name: 'Idempotency-Key', in: 'header', description: 'Makes retries safe.', schema: { type: 'string', maxLength: 64 } },
      },
      responses: {
        Unauthorized: { description: 'Missing or invalid API key.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        NotFound: { description: 'No such object.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        RateLimited: { description: 'Too many requests.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
      schemas,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The site

function docsJson(plan: Plan, options: Required<SiteOptions>): string {
  const config = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: `Synthetic docs (${options.pages} pages)`,
    colors: { primary: '#16A34A', light: '#4ADE80', dark: '#166534' },
    api: { mdx: { server: 'https://api.example.com/v1', auth: { method: 'bearer', name: 'X-API-Key' } }, playground: { display: 'interactive' } },
    navigation: {
      tabs: [
        ...plan.tabs,
        { tab: 'API Reference', icon: 'terminal', openapi: SPEC_FILE, groups: [{ group: 'Overview', pages: ['api-reference/introduction'] }] },
      ],
    },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** Every file of the site, in a fixed order. Pure: the same options give the same files. */
export function* generateFiles(options: SiteOptions): Generator<GeneratedFile> {
  const full: Required<SiteOptions> = { pages: options.pages, seed: options.seed ?? DEFAULT_SEED };
  if (!Number.isInteger(full.pages) || full.pages < 1) throw new Error(`pages must be a positive integer (got ${options.pages})`);
  const plan = planSite(full);
  yield { path: 'docs.json', text: docsJson(plan, full) };
  yield { path: SPEC_FILE, text: `${JSON.stringify(specDocument(full.seed), null, 2)}\n` };
  for (const snippet of snippets) yield { path: snippet.file, text: snippet.text };
  const intro: TextContext = { random: new Random(streamSeed(full.seed, 0x1a7)), linkTargets: plan.pages, jsx: true };
  yield {
    path: 'api-reference/introduction.mdx',
    text: [
      frontmatter([['title', 'API reference'], ['description', 'Every endpoint of the platform API.']]),
      `import AuthHeader from '/snippets/auth-header.mdx';\n`,
      `${paragraph(intro, 2, 4)}\n`,
      '<AuthHeader />\n',
    ].join('\n'),
  };
  for (const page of plan.pages) {
    const ctx: TextContext = { random: new Random(streamSeed(full.seed, 0x9a9e, page.index)), linkTargets: plan.pages, jsx: page.ext === '.mdx' };
    const text = page.kind === 'api' ? apiPage(page, ctx) : page.kind === 'openapi' ? openapiPage(page, ctx) : guidePage(page, ctx);
    yield { path: `${page.id}${page.ext}`, text };
  }
}

/** Generates a site into `dir` (which must not exist or be empty of other sites) and describes it. */
export function writeSite(dir: string, options: SiteOptions): SiteSummary {
  const seed = options.seed ?? DEFAULT_SEED;
  const digest = createHash('sha256');
  const madeDirs = new Set<string>();
  let files = 0;
  let bytes = 0;
  let apiPages = 0;
  let openapiPages = 0;
  for (const file of generateFiles({ pages: options.pages, seed })) {
    const target = path.join(dir, file.path);
    const parent = path.dirname(target);
    if (!madeDirs.has(parent)) {
      mkdirSync(parent, { recursive: true });
      madeDirs.add(parent);
    }
    writeFileSync(target, file.text);
    digest.update(file.path).update('\0').update(file.text).update('\0');
    files++;
    bytes += Buffer.byteLength(file.text);
    if (/^api\/.*\.mdx$/.test(file.path)) apiPages++;
    if (file.path.startsWith('featured/')) openapiPages++;
  }
  return { generatorVersion: GENERATOR_VERSION, seed, pages: options.pages, apiPages, openapiPages, operations: SPEC_OPERATIONS, files, bytes, digest: digest.digest('hex') };
}

/**
 * The site `name` under `baseDir`, generated unless a previous run left one made by this generator
 * version with the same options (its summary sits next to it as `<name>.json`, written last, so a
 * half-written site is never reused).
 */
export function ensureSite(baseDir: string, name: string, options: SiteOptions): { dir: string; summary: SiteSummary; reused: boolean } {
  const dir = path.join(baseDir, name);
  const marker = path.join(baseDir, `${name}.json`);
  const seed = options.seed ?? DEFAULT_SEED;
  if (existsSync(marker) && existsSync(dir)) {
    try {
      const summary = JSON.parse(readFileSync(marker, 'utf8')) as SiteSummary;
      if (summary.generatorVersion === GENERATOR_VERSION && summary.seed === seed && summary.pages === options.pages) return { dir, summary, reused: true };
    } catch {
      // An unreadable marker means an unknown site: regenerate it.
    }
  }
  rmSync(marker, { force: true });
  rmSync(dir, { recursive: true, force: true });
  const summary = writeSite(dir, { pages: options.pages, seed });
  writeFileSync(marker, `${JSON.stringify(summary, null, 2)}\n`);
  return { dir, summary, reused: false };
}

const thisFile = fileURLToPath(import.meta.url);
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === thisFile) {
  const args = process.argv.slice(2);
  const seedAt = args.indexOf('--seed');
  const seed = seedAt === -1 ? DEFAULT_SEED : Number(args[seedAt + 1]);
  const positional = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--seed');
  const pages = Number(positional[0] ?? 100);
  const dir = path.resolve(positional[1] ?? path.join(path.dirname(thisFile), '.sites', `synthetic-${pages}`));
  rmSync(dir, { recursive: true, force: true });
  const started = performance.now();
  const summary = writeSite(dir, { pages, seed });
  console.log(`${dir}: ${summary.files} files, ${(summary.bytes / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms (${summary.apiPages} API pages, digest ${summary.digest.slice(0, 12)})`);
}
