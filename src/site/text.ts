import type { ContentNode, PageContent } from '../content/types.js';
import type { Page } from '../manifest/types.js';
import type { SearchRecord } from '../theme/types.js';

/*
 * Text projections the site serves: search records per heading section, a Markdown twin per page and
 * llms.txt. The compiler's text stage (src/content/search.ts, markdown.ts, llms.ts) is the authority;
 * until a page's content carries its text, these are made here from the content tree, which holds the
 * same words (headings, prose, code), so search and twins work from the first build.
 */

const headingDepth: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const blockTags = new Set(['p', 'li', 'ul', 'ol', 'blockquote', 'table', 'tr', 'div', 'section', 'pre', 'br', 'hr', 'dd', 'dt']);

/** Plain text of nodes: text and code values, blocks separated by newlines. */
export function nodesText(nodes: readonly ContentNode[]): string {
  let out = '';
  const walk = (node: ContentNode): void => {
    if (node.type === 'text') out += node.value;
    else if (node.type === 'code') out += `\n${node.value}\n`;
    else if (node.type === 'element') {
      if (blockTags.has(node.tagName)) out += '\n';
      node.children.forEach(walk);
      if (blockTags.has(node.tagName)) out += '\n';
    } else if (node.type === 'component') {
      const title = node.props.title;
      if (typeof title === 'string') out += `\n${title}\n`;
      node.children.forEach(walk);
      out += '\n';
    }
  };
  nodes.forEach(walk);
  return out;
}

const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();

interface Section {
  anchor?: string;
  headings: string[];
  nodes: ContentNode[];
}

/** The page split at its headings (at any depth of plain elements), each section with the heading path. */
function sections(content: PageContent): Section[] {
  const found: Section[] = [{ headings: [], nodes: [] }];
  const path: Array<{ depth: number; text: string }> = [];
  const visit = (nodes: readonly ContentNode[], into: (node: ContentNode) => void): void => {
    for (const node of nodes) {
      const depth = node.type === 'element' ? headingDepth[node.tagName] : undefined;
      if (node.type === 'element' && depth !== undefined) {
        const text = squeeze(nodesText(node.children));
        while (path.length > 0 && path[path.length - 1]!.depth >= depth) path.pop();
        path.push({ depth, text });
        const id = node.properties.id;
        const section: Section = { headings: path.map((entry) => entry.text), nodes: [] };
        if (typeof id === 'string') section.anchor = id;
        found.push(section);
      } else if (node.type === 'element' && (node.tagName === 'div' || node.tagName === 'section') && containsHeading(node.children)) {
        visit(node.children, (child) => found[found.length - 1]!.nodes.push(child));
      } else into(node);
    }
  };
  visit(content.tree.children, (node) => found[found.length - 1]!.nodes.push(node));
  return found;
}

function containsHeading(nodes: readonly ContentNode[]): boolean {
  return nodes.some((node) => node.type === 'element' && (headingDepth[node.tagName] !== undefined || containsHeading(node.children)));
}

/** Search records of a page: one per heading section with text, the page's title and description first. */
export function pageSearchRecords(page: Page, content: PageContent | null): SearchRecord[] {
  const records: SearchRecord[] = [];
  const lead = [page.description ?? ''];
  const parts = content ? sections(content) : [{ headings: [], nodes: [] }];
  for (const [index, section] of parts.entries()) {
    const text = squeeze([...(index === 0 ? lead : []), nodesText(section.nodes)].join(' '));
    if (index > 0 && text === '' && section.headings.length === 0) continue;
    const record: SearchRecord = { id: section.anchor ? `${page.id}#${section.anchor}` : index === 0 ? page.id : `${page.id}#${index}`, page: page.id, headings: section.headings, title: section.headings[section.headings.length - 1] ?? page.title, text };
    if (section.anchor) record.anchor = section.anchor;
    records.push(record);
  }
  return records;
}

/** Markdown of nodes: headings, paragraphs, lists, code fences; components as their text. */
export function nodesMarkdown(nodes: readonly ContentNode[]): string {
  const blocks: string[] = [];
  for (const node of nodes) {
    if (node.type === 'code') blocks.push(`\`\`\`${node.lang}${node.meta.title ? ` ${node.meta.title}` : ''}\n${node.value.replace(/\n$/, '')}\n\`\`\``);
    else if (node.type === 'element' && headingDepth[node.tagName]) blocks.push(`${'#'.repeat(headingDepth[node.tagName]!)} ${squeeze(nodesText(node.children))}`);
    else if (node.type === 'element' && (node.tagName === 'ul' || node.tagName === 'ol')) {
      const items = node.children.filter((child) => child.type === 'element' && child.tagName === 'li');
      blocks.push(items.map((item, i) => `${node.tagName === 'ol' ? `${i + 1}.` : '-'} ${squeeze(nodesText([item]))}`).join('\n'));
    } else if (node.type === 'component') {
      const title = typeof node.props.title === 'string' ? `**${node.props.title}**\n\n` : '';
      const inner = nodesMarkdown(node.children);
      if (title || inner) blocks.push(`${title}${inner}`.trim());
    } else if (node.type === 'element' && (node.tagName === 'div' || node.tagName === 'section' || node.tagName === 'blockquote')) {
      const inner = nodesMarkdown(node.children);
      if (inner) blocks.push(node.tagName === 'blockquote' ? inner.replace(/^/gm, '> ') : inner);
    } else {
      const text = squeeze(nodesText([node]));
      if (text) blocks.push(text);
    }
  }
  return blocks.join('\n\n');
}

/** The page's Markdown twin: the compiler's text when the content carries it, else made from the tree. */
export function pageMarkdown(page: Page, content: PageContent | null): string {
  const text = (content as { text?: unknown } | null)?.text;
  if (typeof text === 'string') return text.endsWith('\n') ? text : `${text}\n`;
  const head = [`# ${page.title}`, ...(page.description ? [`> ${page.description}`] : [])];
  const body = content ? nodesMarkdown(content.tree.children) : '';
  return `${[...head, ...(body ? [body] : [])].join('\n\n')}\n`;
}
