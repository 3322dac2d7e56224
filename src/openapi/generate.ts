import type { LoadedSpec, OperationInfo } from './types.js';
import { trimSlashes } from '../fields/http.js';

export const untaggedGroup = 'API Reference';
export const untaggedWebhookGroup = 'Webhooks';
export const defaultDirectory = 'api-reference';

export interface PlannedPage {
  /** Page id: `<directory>/<slug(tag)>/<slug>`, or the operation's `x-docs.href`. */
  pageId: string;
  /** Navigation group label: the operation's first tag, `API Reference` (or `Webhooks`) when untagged. */
  group: string;
  operation: OperationInfo;
}

/**
 * A URL slug: lower-case letters and digits of any script, runs of anything else turned into one `-`.
 * Accents are dropped (`Créer` -> `creer`) but non-Latin scripts are kept, so a Japanese tag keeps a name.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    // Only Latin letters lose their marks; a Japanese voiced mark is part of the letter and is recomposed.
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|(?<!-)-+$/g, '');
}

/** `GET /users/{id}` -> `get-users-id`. */
export function methodSlug(method: string, path: string): string {
  return slugify(`${method} ${path}`) || method.toLowerCase();
}

/**
 * The last segment of an operation's generated page id: `slug(summary)`, else `<method>-<slug(path)>`, else
 * (webhooks) `slug(name)`. Exported so explicit references can name their pages the same way.
 */
export function operationSlug(op: OperationInfo): string {
  const fromSummary = op.summary ? slugify(op.summary) : '';
  if (fromSummary) return fromSummary;
  if (op.webhook !== undefined) return slugify(op.webhook) || 'webhook';
  return methodSlug(op.method, op.path);
}

/**
 * The pages bulk generation creates for a spec: every operation and webhook not marked x-hidden, grouped
 * by first tag. Groups follow the spec's top-level `tags` order, then tags not declared there (and the
 * untagged group) in order of first appearance; pages keep document order inside their group.
 * Duplicate ids get `-1`, `-2`, ... in that order; `x-docs.href` replaces the generated id and is never
 * renumbered (a clash with it is a page-id collision for the caller to report).
 */
export function planGeneratedPages(spec: Pick<LoadedSpec, 'operations' | 'webhooks' | 'tags'>, options: { directory?: string } = {}): PlannedPage[] {
  const directory = trimSlashes(options.directory ?? defaultDirectory);
  const groups = new Map<string, OperationInfo[]>();
  for (const tag of spec.tags) groups.set(tag.name, []);
  for (const op of [...spec.operations, ...spec.webhooks]) {
    if (op.hidden) continue;
    const group = op.tags[0] ?? (op.webhook !== undefined ? untaggedWebhookGroup : untaggedGroup);
    let list = groups.get(group);
    if (!list) groups.set(group, (list = []));
    list.push(op);
  }
  const reserved = new Set<string>();
  for (const list of groups.values()) for (const op of list) if (op.xDocs?.href) reserved.add(op.xDocs.href);
  const used = new Set<string>(reserved);
  const planned: PlannedPage[] = [];
  for (const [group, list] of groups) {
    const groupSlug = slugify(group) || 'group';
    for (const operation of list) {
      if (operation.xDocs?.href) {
        planned.push({ pageId: operation.xDocs.href, group, operation });
        continue;
      }
      const base = [directory, groupSlug, operationSlug(operation)].filter((part) => part !== '').join('/');
      let pageId = base;
      for (let n = 1; used.has(pageId); n++) pageId = `${base}-${n}`;
      used.add(pageId);
      planned.push({ pageId, group, operation });
    }
  }
  return planned;
}
