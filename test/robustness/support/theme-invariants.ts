/**
 * What the theme must do with any manifest a build writes, for the fuzz kinds: render its pages' content
 * and its layout on the server. Apart from invariants.ts so the build child of the robustness suite does
 * not load React and the theme.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, Fragment } from 'react';
import { renderToString } from 'react-dom/server';
import type { Manifest, PageContent } from '../../../src/manifest/types.js';
import { renderContent } from '../../../src/theme/content/index.js';
import { dataOf, pageDataOf, renderPage } from '../../theme/layout-helpers.js';

/**
 * Every page the file `changed` (root-relative) reaches, as its source or as a snippet it inlines, must
 * have a content file with the hash its entry gives, holding a tree the theme renders on the server
 * (as the preview does and as the export does). Returns what went wrong, empty when nothing did.
 */
export function contentProblems(manifestFile: string, changed: string): string[] {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const problems: string[] = [];
  for (const page of Object.values(manifest.pages)) {
    const reached = page.source.file === changed || (page.content?.deps ?? []).includes(changed);
    if (!reached) continue;
    if (!page.content) {
      if (page.kind === 'page') problems.push(`${page.id}: no content reference`);
      continue;
    }
    const file = path.join(path.dirname(manifestFile), page.content.file);
    if (!existsSync(file)) {
      problems.push(`${page.id}: content file ${page.content.file} missing`);
      continue;
    }
    const bytes = readFileSync(file);
    const hash = createHash('sha256').update(bytes).digest('hex');
    if (hash !== page.content.hash) problems.push(`${page.id}: content file hash ${hash} is not the manifest's ${page.content.hash}`);
    try {
      const content = JSON.parse(bytes.toString('utf8')) as PageContent;
      for (const preview of [true, false]) {
        renderToString(createElement(Fragment, null, renderContent(content.tree, { site: manifest.site, page, preview })));
      }
    } catch (error) {
      problems.push(`${page.id}: ${error instanceof Error ? (error.stack ?? error.message).slice(0, 1200) : String(error)}`);
    }
  }
  return problems;
}

/**
 * The whole layout (header, navigation, switchers, sidebar, footer, banner, colours, fonts, ...) for the
 * first page of each kind, as the export renders it from the site data: whatever docs.json held, a
 * manifest that was written renders. Returns what went wrong, empty when nothing did.
 */
export function layoutProblems(manifest: Manifest): string[] {
  const problems: string[] = [];
  const data = dataOf(manifest, '/docs/');
  const firstOfEachKind = new Map<string, string>();
  for (const page of Object.values(manifest.pages)) if (!firstOfEachKind.has(page.kind)) firstOfEachKind.set(page.kind, page.id);
  for (const id of firstOfEachKind.values()) {
    try {
      renderPage(data, pageDataOf(manifest, id));
    } catch (error) {
      problems.push(`${id}: ${error instanceof Error ? (error.stack ?? error.message).slice(0, 1200) : String(error)}`);
    }
  }
  return problems;
}
