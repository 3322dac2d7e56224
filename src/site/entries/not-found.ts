import type { PageData } from '../../theme/types.js';

/**
 * The page shown for a URL that is no page of the site (dev's unknown routes, the export's 404.html).
 * Its link is site-absolute, as the compiler writes page links: the renderer puts the base in front.
 */
export function notFoundPage(): PageData {
  return {
    page: { id: '404', kind: 'page', title: 'Page not found', source: { file: '', line: 1, column: 1 }, hidden: true, inNavigation: false, contentHash: '' },
    content: {
      id: '404',
      tree: {
        type: 'root',
        children: [
          { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'There is no page at this address. ' }, { type: 'element', tagName: 'a', properties: { href: '/' }, children: [{ type: 'text', value: 'Go to the home page' }] }, { type: 'text', value: '.' }] },
        ],
      },
    },
    diagnostics: [],
  };
}
