import { createDiagnostic } from '../../diagnostics/index.js';
import type { DivisionItem, NavItem, NavTree } from '../../navigation/index.js';
import type { GeneratedGroup } from '../types.js';
import type { ExplicitReferences } from './explicit.js';
import type { OpenapiSession } from './session.js';

/**
 * Generates a page for every visible operation of a spec attached to a division that lists no endpoint
 * of that spec below it, grouped by first tag. Returns the generated groups by division pointer. A
 * division that lists some endpoints of its spec gets only those, and an info says how many were left.
 */
export function generateBulkPages(session: OpenapiSession, tree: NavTree, explicit: ExplicitReferences): Map<string, GeneratedGroup[]> {
  const generated = new Map<string, GeneratedGroup[]>();
  const visit = (items: readonly NavItem[]): void => {
    for (const item of items) {
      if (item.type !== 'division') continue;
      if (item.spec) {
        const nav = generateAt(session, item, explicit);
        if (nav.length) generated.set(item.pointer, nav);
      }
      visit(item.children);
    }
  };
  visit(tree.items);
  return generated;
}

function generateAt(session: OpenapiSession, division: DivisionItem, explicit: ExplicitReferences): GeneratedGroup[] {
  const attachment = division.spec!;
  const referencedBelow = referencedSpecsBelow(division, explicit);
  const nav: GeneratedGroup[] = [];
  for (const spec of session.specsInScope(attachment)) {
    if (referencedBelow.has(spec.id)) {
      const visible = [...spec.operations, ...spec.webhooks].filter((op) => !op.hidden).length;
      const skipped = Math.max(0, visible - (explicit.operationsBySpec.get(spec.id)?.size ?? 0));
      if (skipped > 0) {
        session.diagnostics.push(
          createDiagnostic('openapi/bulk-generation-off', `${division.label || division.kind} lists endpoints of ${spec.id} explicitly, so its other ${skipped} operation${skipped === 1 ? ' was' : 's were'} not generated`, attachment.location),
        );
      }
      continue;
    }
    const groups = new Map<string, GeneratedGroup>();
    for (const planned of session.planFor(spec, attachment.directory).values()) {
      const id = session.operationPage(spec, planned.operation, planned.pageId);
      let group = groups.get(planned.group);
      if (!group) {
        group = { label: planned.group, spec: spec.id, pages: [] };
        groups.set(planned.group, group);
        nav.push(group);
      }
      const page = session.page(id);
      group.pages.push({ id, label: page?.sidebarTitle ?? page?.title ?? id });
    }
  }
  return nav;
}

/** Spec ids that endpoint references inside a division (its subtree) point at, resolved or not. */
function referencedSpecsBelow(division: DivisionItem, explicit: ExplicitReferences): Set<string> {
  const found = new Set<string>();
  const visit = (items: readonly NavItem[]): void => {
    for (const item of items) {
      if (item.type === 'endpoint') {
        const id = explicit.specOf.get(item.pointer);
        if (id) found.add(id);
      } else if (item.type === 'division') visit(item.children);
    }
  };
  visit(division.children);
  return found;
}
