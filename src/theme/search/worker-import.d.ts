// Vite's `?worker` import: a constructor of the module's worker, bundled with its imports.
declare module '*?worker' {
  const SearchWorker: new (options?: { name?: string }) => Worker;
  export default SearchWorker;
}
