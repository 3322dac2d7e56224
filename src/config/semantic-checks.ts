import { createDiagnostic, isJsonObject as isObject, joinPointer, type Diagnostic, type JsonObject, type JsonValue } from '../diagnostics/index.js';
import { displayPath, quoteList, valueAt } from './config-path.js';
import type { LoadedConfig } from './load.js';
import { allowedChildren, navigationDivisions, type ChildKey } from './schema.js';

/**
 * A rule JSON Schema cannot express (or cannot say well). Each check reads the composed docs.json and
 * reports through `config.locate`, so positions land in whichever file a value came from.
 */
export interface SemanticCheck {
  name: string;
  run(config: LoadedConfig): Diagnostic[];
}

type NavigationKind = keyof typeof allowedChildren;

/** Visits the navigation root, every division item and every group, following only the children each may hold. */
function walkNavigation(root: JsonValue, visit: (node: JsonObject, pointer: string, kind: NavigationKind) => void): void {
  if (!isObject(root) || !isObject(root['navigation'])) return;
  const walk = (node: JsonObject, pointer: string, kind: NavigationKind): void => {
    visit(node, pointer, kind);
    for (const key of allowedChildren[kind]) {
      const children = node[key];
      if (!Array.isArray(children)) continue;
      const childKind: NavigationKind = key === 'pages' || key === 'groups' ? 'group' : navigationDivisions[key].definition;
      children.forEach((child, index) => {
        if (isObject(child)) walk(child, joinPointer(pointer, key, index), childKind);
      });
    }
  };
  walk(root['navigation'], '/navigation', 'navigation');
}

const kindWords: Record<NavigationKind, string> = {
  navigation: 'the navigation',
  tab: 'a tab',
  anchor: 'an anchor',
  dropdown: 'a dropdown',
  version: 'a version',
  language: 'a language',
  product: 'a product',
  menuItem: 'a menu item',
  group: 'a group',
};

const mixedNavigation: SemanticCheck = {
  name: 'mixed-navigation',
  run(config) {
    const diagnostics: Diagnostic[] = [];
    walkNavigation(config.value, (node, pointer, kind) => {
      const allowed: readonly string[] = allowedChildren[kind];
      const present = Object.keys(node).filter((key) => allowed.includes(key)) as ChildKey[];
      if (present.length < 2) return;
      const [first, second] = present as [ChildKey, ChildKey];
      const suggestion =
        present.length === 2 && present.includes('pages') && present.includes('groups')
          ? 'move the loose "pages" into a group inside "groups"'
          : `keep one kind of children here and nest the others inside it (for example the "${second}" inside each of the "${first}")`;
      diagnostics.push(
        createDiagnostic(
          'config/mixed-navigation',
          `${displayPath(config.value, pointer)} mixes ${quoteList(present, 'and')}; ${kindWords[kind]} holds one kind of children, and the service would drop all but one`,
          config.locate(joinPointer(pointer, second), 'key'),
          { suggestion, related: [{ ...config.locate(joinPointer(pointer, first), 'key'), message: `"${first}" is here` }] },
        ),
      );
    });
    return diagnostics;
  },
};

/** `variations` exists only in the willow theme's variant of the format. */
const themeSpecificKeys: SemanticCheck = {
  name: 'theme-specific-keys',
  run(config) {
    const root = config.value;
    if (!isObject(root) || !Object.hasOwn(root, 'variations') || root['theme'] === 'willow' || typeof root['theme'] !== 'string') return [];
    return [
      createDiagnostic(
        'config/unknown-key',
        `"variations" is only part of the willow theme's configuration (the theme is "${root['theme']}"); the service ignores it`,
        config.locate('/variations', 'key'),
        { suggestion: 'remove "variations", or switch "theme" to "willow"' },
      ),
    ];
  },
};

/** Reports every value of `field` in the items of the array at `arrayPointer` that an earlier item already used. */
function duplicatesIn(config: LoadedConfig, arrayPointer: string, field: string | undefined, what: string): Diagnostic[] {
  const items = valueAt(config.value, arrayPointer);
  if (!Array.isArray(items)) return [];
  const firstIndex = new Map<string, number>();
  const diagnostics: Diagnostic[] = [];
  items.forEach((item, index) => {
    const value = field === undefined ? item : isObject(item) ? item[field] : undefined;
    if (typeof value !== 'string') return;
    const earlier = firstIndex.get(value);
    if (earlier === undefined) {
      firstIndex.set(value, index);
      return;
    }
    const pointer = field === undefined ? joinPointer(arrayPointer, index) : joinPointer(arrayPointer, index, field);
    const earlierPointer = field === undefined ? joinPointer(arrayPointer, earlier) : joinPointer(arrayPointer, earlier, field);
    diagnostics.push(
      createDiagnostic(
        'config/invalid-value',
        `${displayPath(config.value, pointer)} repeats ${JSON.stringify(value)}, already used by ${displayPath(config.value, earlierPointer)}; ${what}`,
        config.locate(pointer),
        { suggestion: 'remove one of the two entries', related: [{ ...config.locate(earlierPointer), message: 'first use' }] },
      ),
    );
  });
  return diagnostics;
}

const uniqueRedirectSources: SemanticCheck = {
  name: 'unique-redirect-sources',
  run: (config) => duplicatesIn(config, '/redirects', 'source', 'each source path can be redirected only once'),
};

const uniqueContextualOptions: SemanticCheck = {
  name: 'unique-contextual-options',
  run: (config) => duplicatesIn(config, '/contextual/options', undefined, 'each contextual option can appear only once'),
};

const uniqueSeoPaths: SemanticCheck = {
  name: 'unique-seo-paths',
  run: (config) => duplicatesIn(config, '/seo/paths', 'path', 'each folder can have one set of meta tags'),
};

const uniqueVariationIds: SemanticCheck = {
  name: 'unique-variation-ids',
  run: (config) => duplicatesIn(config, '/variations/options', 'id', 'variation ids must be unique'),
};

/** Every semantic check, run in this order after the schema. */
export const semanticChecks: readonly SemanticCheck[] = [
  mixedNavigation,
  themeSpecificKeys,
  uniqueRedirectSources,
  uniqueContextualOptions,
  uniqueSeoPaths,
  uniqueVariationIds,
];

export function runSemanticChecks(config: LoadedConfig, checks: readonly SemanticCheck[] = semanticChecks): Diagnostic[] {
  return checks.flatMap((check) => check.run(config));
}
