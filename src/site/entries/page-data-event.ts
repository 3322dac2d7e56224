/**
 * The HMR event that carries the new data of edited pages (`PageData[]`) to the browser, which re-renders
 * the page shown in place (no reload: scroll and open components kept) and keeps the others' for a later
 * visit. The data itself, not a module to fetch again: a module update cost the browser a request and the
 * server a transform of the page's JSON, after the rebuild. (Its own module: the browser entry imports it.)
 */
export const pageDataEvent = 'docs-build:page-data';

/** The HMR event that says a rebuild has no errors left: the browser entry closes Vite's error overlay. */
export const errorsClearedEvent = 'docs-build:errors-cleared';
