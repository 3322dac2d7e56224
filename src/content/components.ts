import { closestMatches, createDiagnostic, type Diagnostic, type SourceLocation } from '../diagnostics/index.js';
import type { ConvertedBody } from './types.js';

/**
 * The components the service provides without an import: the table of docs/content.md (measured over
 * the corpora) plus the ones its component reference documents (`Color.Item`, `GitHub.Repo`, `Tile`,
 * `Prompt`, `View`, `FileTree`, ...). A theme maps each name to its own component; a name outside this
 * list must be imported or defined in the file that uses it.
 */
export const builtinComponents: ReadonlySet<string> = new Set([
  'Accordion',
  'AccordionGroup',
  'Badge',
  'Callout',
  'Card',
  'CardGroup',
  'Check',
  'CodeGroup',
  'Color',
  'Color.Item',
  'Color.Row',
  'Column',
  'Columns',
  'Danger',
  'Expandable',
  'FileTree',
  'Frame',
  'GitHub.Repo',
  'Icon',
  'Info',
  'Latex',
  'Mermaid',
  'Note',
  'Panel',
  'ParamField',
  'Prompt',
  'RequestExample',
  'ResponseExample',
  'ResponseField',
  'Snippet',
  'Step',
  'Steps',
  'Tab',
  'Tabs',
  'Tile',
  'Tip',
  'Tooltip',
  'Tree',
  'Tree.File',
  'Tree.Folder',
  'Update',
  'View',
  'Visibility',
  'Warning',
]);

/** The names a file brings into scope itself: its imports (snippets and `.jsx`) and its `export const`s. */
function namesInScope(body: Pick<ConvertedBody, 'snippetImports' | 'islands' | 'exportedValues'>): { imported: Set<string>; defined: Set<string> } {
  const imported = new Set<string>();
  const defined = new Set<string>(Object.keys(body.exportedValues ?? {}));
  for (const { names } of body.snippetImports) for (const local of Object.keys(names)) imported.add(local);
  for (const island of body.islands) for (const name of island.names) (island.kind === 'import' ? imported : defined).add(name);
  return { imported, defined };
}

/**
 * The checks of a file's own body, a page's or a snippet's: each file's problems are reported once, at
 * that file. Heading levels are checked on the page as inlined (`checkHeadingOrder`).
 */
export function checkFileBody(body: ConvertedBody): Diagnostic[] {
  const { imported, defined } = namesInScope(body);
  return [...checkComponents(body, imported, defined), ...checkImageAlt(body)];
}

/**
 * A heading more than one level below the heading before it: an h4 right after an h2, or a page's first
 * heading below h2 (the title is its h1). Readers of screen readers move through a page by heading level
 * and hear the outline as written; axe's `heading-order` reports the same. `outline` is the page's
 * headings in reading order with snippets inlined, each at the file it was written in (a snippet's h4
 * after the page's h2 is the skip, and the page's h5 after it is not); going back up is fine.
 */
export function checkHeadingOrder(outline: ReadonlyArray<{ depth: number; location: SourceLocation }>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let previous = 1;
  for (const [at, { depth, location }] of outline.entries()) {
    if (depth > previous + 1) {
      const before = at === 0 ? "the page's title (its h1)" : `an h${previous}`;
      diagnostics.push(
        createDiagnostic('content/heading-level-skipped', `this h${depth} follows ${before}: the h${previous + 1} between them is missing`, location, {
          suggestion: `make it an h${previous + 1}, or put it under an h${depth - 1}`,
        }),
      );
    }
    previous = depth;
  }
  return diagnostics;
}

/**
 * An `<img>` without `alt`: screen readers then read out its file name. `alt=""` says the image is
 * decoration; Markdown images always have an alt text, empty or not, and are left alone.
 */
function checkImageAlt(body: Pick<ConvertedBody, 'imagesWithoutAlt'>): Diagnostic[] {
  return (body.imagesWithoutAlt ?? []).map((location) =>
    createDiagnostic('content/image-missing-alt', '<img> has no alt text: screen readers read out its file name instead', location, {
      suggestion: 'describe what it shows with alt="...", or write alt="" if it is only decoration',
    }),
  );
}

/**
 * A capitalized component that is neither built in, imported nor defined in the file: a warning at its
 * first use, with the closest names in scope or built in. `Tree.Folder` counts as known when `Tree.Folder`
 * is built in or `Tree` is imported or defined (a member of an imported module).
 */
function checkComponents(body: Pick<ConvertedBody, 'components'>, imported: ReadonlySet<string>, defined: ReadonlySet<string>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const { name, location } of body.components) {
    const base = name.split('.')[0]!;
    if (builtinComponents.has(name) || imported.has(base) || defined.has(base)) continue;
    const candidates = [...builtinComponents, ...imported, ...defined];
    const close = closestMatches(name, candidates, 2);
    diagnostics.push(
      createDiagnostic('content/unknown-component', `<${name}> is not a built-in component, and nothing in this file imports or defines it`, location, {
        suggestion: close.length > 0 ? `did you mean ${close.map((candidate) => `<${candidate}>`).join(' or ')}?` : `import it (import ${base} from '/snippets/...') or define it with export const ${base} = ...`,
      }),
    );
  }
  return diagnostics;
}
