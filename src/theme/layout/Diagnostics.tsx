import type { PageDiagnostic } from '../types.js';

/** The page's diagnostics (dev preview): the page still renders below them. */
export function Diagnostics({ diagnostics }: { diagnostics: PageDiagnostic[] }) {
  if (diagnostics.length === 0) return null;
  return (
    <aside className="page-diagnostics" data-testid="page-diagnostics" role="status">
      <ul role="list">
        {diagnostics.map((d, index) => (
          <li key={index} className={`diagnostic diagnostic-${d.severity}`} data-testid="page-diagnostic">
            <span className="diagnostic-where">{d.file ?? ''}{d.line !== undefined ? `:${d.line}${d.column !== undefined ? `:${d.column}` : ''}` : ''}</span>{' '}
            <strong>{d.severity}</strong> <code>{d.code}</code> {d.message}
          </li>
        ))}
      </ul>
    </aside>
  );
}
