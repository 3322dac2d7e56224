import type { ReactNode } from 'react';
import type { Page, SchemaEntry } from '../../manifest/types.js';
import { FieldList } from './field-list.js';
import { Markdown } from './markdown.js';

/**
 * An `openapi-schema:` page's schema (`page.schema.ref`, its entry in `PageData.schemas`): name and
 * type, description and fields, after the page's own content.
 */
export function SchemaReference({ page, schemas }: { page: Page; schemas: Record<string, SchemaEntry> | undefined }): ReactNode {
  const ref = page.schema?.ref;
  const entry = ref !== undefined && schemas && Object.hasOwn(schemas, ref) ? schemas[ref] : undefined;
  if (!entry) return null;
  return (
    <section className="db-api db-api-section" data-testid="schema-reference" data-schema={entry.name}>
      <h2 className="db-api-section-title">
        {entry.name} <span className="db-field-type">{entry.type}</span>
      </h2>
      {entry.description ? <Markdown text={entry.description} /> : null}
      {entry.properties?.length ? <FieldList fields={entry.properties} /> : null}
    </section>
  );
}
