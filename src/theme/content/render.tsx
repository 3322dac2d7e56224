import { createElement, Fragment, type ReactNode } from 'react';
import { jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import type { Element as HastElement, ElementContent as HastContent } from 'hast';
import type {
  ContentCode,
  ContentComponent,
  ContentElement,
  ContentIsland,
  ContentNode,
  ContentRaw,
  ContentRoot,
} from '../../content/types.js';
import { ContentContext, useContentEnv, withBase, type ContentEnv, type RenderOptions } from './context.js';
import { builtInComponents } from './builtins.js';

/*
 * The page tree is hast plus our own nodes (component, code, island, raw). hast-util-to-jsx-runtime
 * renders the hast; each of our nodes inside it becomes a placeholder element that a small component
 * renders from context. Children of a component are rendered directly, so that Tabs, Steps and
 * CodeGroup see their Tab, Step and CodeBlock elements with their props.
 */

const placeholderTag = 'docs-build-node';

/** Tags whose content is phrasing: a raw HTML fragment inside them is rendered in a span, not a div. */
const phrasingParents = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'span', 'em', 'strong', 'b', 'i', 'u', 's', 'del', 'code',
  'sup', 'sub', 'small', 'mark', 'label', 'button', 'summary', 'abbr', 'kbd', 'q', 'cite', 'dt', 'th',
]);

/** Built-ins that render phrasing content: a paragraph may hold them. */
const inlineComponents = new Set(['Icon', 'Tooltip', 'Badge', 'Latex']);

/**
 * `<Step title="A">Text</Step>` or `<Note>Text</Note>` written on one line is, to MDX, a paragraph
 * holding the component. The component renders a block (`div`), which HTML does not allow inside `p`:
 * the browser's parser closes the paragraph, so the server's HTML no longer matches what React hydrates
 * (React's error 418, and the page is rendered again on the client), and Steps, Tabs and CodeGroup would
 * see a `p` instead of their Step, Tab and code children. Such a paragraph (only block components and
 * whitespace) stands for its components.
 */
function componentParagraph(node: ContentNode): boolean {
  if (node.type !== 'element' || node.tagName !== 'p') return false;
  let block = false;
  for (const child of node.children) {
    if (child.type === 'text' && child.value.trim() === '') continue;
    if (child.type !== 'component') return false;
    if (!inlineComponents.has(child.name)) block = true;
  }
  return block;
}

/** HTML's phrasing content: what a `p` may hold (anything else ends it in the browser's parser). */
const phrasingTags = new Set([
  'a', 'abbr', 'area', 'audio', 'b', 'bdi', 'bdo', 'br', 'button', 'canvas', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'embed',
  'i', 'iframe', 'img', 'input', 'ins', 'kbd', 'label', 'map', 'mark', 'math', 'meter', 'noscript', 'object', 'output', 'picture',
  'progress', 'q', 's', 'samp', 'script', 'select', 'slot', 'small', 'span', 'strong', 'sub', 'sup', 'svg', 'template', 'textarea',
  'time', 'u', 'var', 'video', 'wbr',
]);

/**
 * What ends a paragraph that holds it: an element that is no phrasing content (`<h1>` written on one line
 * in a JSX block is, to MDX, a paragraph holding it: dify-docs' home pages), a code block, and a built-in
 * that renders a block (`` `Error` `` and an `<Info>` on the next line: dify-docs' error lists). A
 * component name the theme does not know stays in its sentence: it renders phrasing, or only its children.
 */
function endsParagraph(node: ContentNode): boolean {
  if (node.type === 'element') return !phrasingTags.has(node.tagName);
  if (node.type === 'code') return true;
  return node.type === 'component' && !inlineComponents.has(node.name) && Object.hasOwn(builtInComponents, node.name);
}

const isWhitespace = (node: ContentNode): boolean => node.type === 'text' && node.value.trim() === '';

/**
 * The nodes a node stands for in flow content, so that no `p` holds a block (the browser would close it
 * where React's tree goes on):
 * - a component paragraph stands for its components (its whitespace dropped);
 * - a `p` holding only another `p` (`<p className="lead">` around a Markdown paragraph) is one `p`, with
 *   the outer one's properties;
 * - any other `p` holding blocks is split around them, each run of other content a `p` of its own;
 * - anything else is itself.
 */
function flowNodes(node: ContentNode): readonly ContentNode[] {
  if (node.type !== 'element' || node.tagName !== 'p') return [node];
  if (componentParagraph(node)) return node.children.filter((child) => child.type === 'component');
  if (!node.children.some(endsParagraph)) return [node];
  const significant = node.children.filter((child) => !isWhitespace(child));
  const only = significant.length === 1 ? significant[0] : undefined;
  if (only?.type === 'element' && only.tagName === 'p') return flowNodes({ ...only, properties: { ...only.properties, ...node.properties } });
  const nodes: ContentNode[] = [];
  let run: ContentNode[] = [];
  const endRun = (): void => {
    if (!run.every(isWhitespace)) nodes.push({ ...node, children: run });
    run = [];
  };
  for (const child of node.children) {
    if (!endsParagraph(child)) run.push(child);
    else {
      endRun();
      nodes.push(...flowNodes(child));
    }
  }
  endRun();
  return nodes;
}

type OwnNode = ContentComponent | ContentCode | ContentIsland | ContentRaw;

interface PlaceholderData {
  node: OwnNode;
  inline: boolean;
}

export function environment(options: RenderOptions): ContentEnv {
  return {
    site: options.site,
    page: options.page ?? null,
    components: { ...builtInComponents, ...stripUndefined(options.components ?? {}) },
    preview: options.preview ?? false,
    base: options.base ?? '/',
  };
}

/** React nodes for a page's content tree; wrap them anywhere (the context travels with them). */
export function renderContent(tree: ContentRoot, options: RenderOptions): ReactNode {
  const env = environment(options);
  return createElement(ContentContext.Provider, { value: env }, withChildren(Fragment, null, renderNodes(tree.children, env, false)));
}

/** Children passed as arguments at most this many at a time (more overflow the call stack). */
const maxChildArguments = 8192;

/**
 * `createElement(type, props, ...children)`, as JSX passes children (no keys needed), for any number of
 * them: a page of 200,000 blocks (a large snippet inlined 200 times) overflowed the stack as one
 * argument list. Past `maxChildArguments` they go in unkeyed Fragments of that many, which render to
 * the same HTML; no page of the corpora has a list that long, so components that read their children
 * (Tabs, Steps) never meet the grouping.
 */
export function withChildren(type: Parameters<typeof createElement>[0], props: Record<string, unknown> | null, children: readonly ReactNode[]): ReactNode {
  if (children.length <= maxChildArguments) return createElement(type, props, ...children);
  const groups: ReactNode[] = [];
  for (let at = 0; at < children.length; at += maxChildArguments) groups.push(createElement(Fragment, null, ...children.slice(at, at + maxChildArguments)));
  return withChildren(type, props, groups);
}

/** Renders a list of content nodes (as children of a component or of the root). */
export function renderNodes(nodes: readonly ContentNode[], env: ContentEnv, inline: boolean): ReactNode[] {
  return nodes.flatMap(flowNodes).map((node) => renderNode(node, env, inline));
}

function renderNode(node: ContentNode, env: ContentEnv, inline: boolean): ReactNode {
  switch (node.type) {
    case 'text':
      return node.value;
    case 'element':
      return toJsxRuntime(toHast(node), { Fragment, jsx, jsxs, components: hastComponents, passNode: true });
    default:
      return renderOwn(node, env, inline);
  }
}

function renderOwn(node: OwnNode, env: ContentEnv, inline: boolean): ReactNode {
  switch (node.type) {
    case 'component':
      return renderComponent(node, env);
    case 'code':
      return renderCode(node, env);
    case 'island':
      return env.preview ? createElement(node.inline ? 'span' : 'div', { 'data-island': node.kind, className: 'db-island', title: node.source }) : null;
    case 'raw':
      return renderRaw(node, inline);
  }
}

function renderComponent(node: ContentComponent, env: ContentEnv): ReactNode {
  const children = renderNodes(node.children, env, node.inline === true);
  const Component = env.components[node.name];
  if (!Component) return unknownComponent(node, env, children);
  const props: Record<string, unknown> = { ...node.props };
  for (const [slot, nodes] of Object.entries(node.slots ?? {})) {
    props[slot] = withChildren(Fragment, null, renderNodes(nodes, env, true));
  }
  return withChildren(Component, props, children);
}

/** A name with no component (defined in a `.jsx` file, or a typo): its children still show. */
function unknownComponent(node: ContentComponent, env: ContentEnv, children: ReactNode[]): ReactNode {
  if (!env.preview) return withChildren(Fragment, null, children);
  const marker = {
    className: 'db-unknown-component',
    'data-unknown-component': node.name,
    ...(node.island ? { 'data-island': node.island } : {}),
  };
  return withChildren(node.inline ? 'span' : 'div', marker, children);
}

function renderCode(node: ContentCode, env: ContentEnv): ReactNode {
  const { type: _type, ...props } = node;
  const mermaid = env.components.Mermaid;
  if (node.lang === 'mermaid' && mermaid) return createElement(mermaid, { chart: node.value });
  // ```math is display math (as GitHub renders it), through the same component as <Latex>.
  const latex = env.components.Latex;
  if (node.lang === 'math' && latex) return createElement(latex, { display: true }, node.value);
  const block = env.components.CodeBlock;
  return block ? createElement(block, props) : null;
}

/** Raw HTML of a `.md` page is the repository's own content, trusted like its MDX: rendered as written; comments dropped. */
function renderRaw(node: ContentRaw, inline: boolean): ReactNode {
  const html = node.value.trim();
  if (html === '' || (html.startsWith('<!--') && html.endsWith('-->'))) return null;
  return createElement(inline ? 'span' : 'div', { className: 'db-raw', dangerouslySetInnerHTML: { __html: node.value } });
}

/** The element as hast, with our nodes below it turned into placeholders. */
function toHast(node: ContentElement): HastElement {
  const inline = phrasingParents.has(node.tagName);
  return {
    type: 'element',
    tagName: node.tagName,
    properties: node.properties,
    children: node.children.flatMap(flowNodes).map((child): HastContent => {
      if (child.type === 'element') return toHast(child);
      if (child.type === 'text') return child;
      const data: PlaceholderData = { node: child, inline };
      return { type: 'element', tagName: placeholderTag, properties: {}, children: [], data: data as HastElement['data'] };
    }),
  };
}

function Placeholder({ node }: { node?: HastElement }): ReactNode {
  const env = useContentEnv();
  const data = node?.data as PlaceholderData | undefined;
  return data ? renderOwn(data.node, env, data.inline) : null;
}

/** Site-absolute links and image sources get the public base path. */
function Anchor({ node: _node, href, ...rest }: { node?: HastElement; href?: string } & Record<string, unknown>): ReactNode {
  const { base } = useContentEnv();
  return createElement('a', { ...rest, href: href === undefined ? undefined : withBase(base, href) });
}

function Image({ node: _node, src, ...rest }: { node?: HastElement; src?: string } & Record<string, unknown>): ReactNode {
  const { base } = useContentEnv();
  return createElement('img', { ...rest, src: src === undefined ? undefined : withBase(base, src) });
}

/** `$x$` and `$$x$$` as mdast-util-math writes them in hast (`code.language-math.math-inline|math-display`). */
function Code({ node: _node, className, children, ...rest }: { node?: HastElement; className?: string; children?: ReactNode } & Record<string, unknown>): ReactNode {
  const { components } = useContentEnv();
  const classes = className?.split(' ') ?? [];
  const latex = components.Latex;
  if (latex && classes.includes('language-math')) return createElement(latex, { display: classes.includes('math-display') }, children);
  return createElement('code', { ...rest, className }, children);
}

const hastComponents = { [placeholderTag]: Placeholder, a: Anchor, img: Image, code: Code } as unknown as Partial<Components>;

function stripUndefined<T>(map: Partial<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(Object.entries(map).filter((entry): entry is [string, T] => entry[1] !== undefined));
}
