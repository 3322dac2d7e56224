import type { ProseBlock } from '../mdx/index.js';

/**
 * Headings that only organize the field components (`## Request`, `### Response fields`): a generated
 * page lays its fields out under its own headings, so losing these loses nothing.
 */
const structuralHeading =
  /^#{1,6}\s+(?:request|response|responses|returns|parameters|params|arguments|body|request body|response body|(?:path|query|header|body|cookie)\s+param(?:eter)?s|headers|response fields|fields|authorization|authentication)\s*(?::\s*)?$/i;

function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The prose blocks of a page that the generated page would not show: every block outside field
 * components, except structural headings and blocks already present (whitespace aside) in the
 * operation's `x-docs.content`.
 */
export function lostProse(prose: readonly ProseBlock[], xDocsContent: string | undefined): ProseBlock[] {
  const kept = xDocsContent === undefined ? '' : normalizeWhitespace(xDocsContent);
  return prose.filter((block) => !structuralHeading.test(block.text.trim()) && !(kept !== '' && kept.includes(normalizeWhitespace(block.text))));
}

/** The `x-docs.content` that keeps the blocks: the blocks in page order, separated by blank lines. */
export function contentFor(blocks: readonly ProseBlock[]): string {
  return blocks.map((b) => b.text.trim()).join('\n\n') + '\n';
}
