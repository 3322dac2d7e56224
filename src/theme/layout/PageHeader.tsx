import type { Page } from '../../manifest/types.js';

export function PageHeader({ page, eyebrow }: { page: Page; eyebrow: string[] }) {
  return (
    <header className="page-header">
      {eyebrow.length > 0 && (
        <p className="eyebrow" data-testid="eyebrow">
          {eyebrow.map((label, index) => (
            <span key={index} className="eyebrow-item">{label}</span>
          ))}
        </p>
      )}
      <h1 className="page-title" data-testid="page-title">{page.title}</h1>
      {page.description && <p className="page-description" data-testid="page-description">{page.description}</p>}
    </header>
  );
}
