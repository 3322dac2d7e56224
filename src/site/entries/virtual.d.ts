declare module 'virtual:docs-build/site' {
  const data: import('../../theme/types.js').SiteData;
  export default data;
}

declare module 'virtual:docs-build/routes' {
  const routes: Record<string, () => Promise<import('../../theme/types.js').PageData>>;
  export default routes;
}
