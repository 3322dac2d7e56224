import type { ReactNode } from 'react';
import type { Field } from '../../manifest/types.js';
import type { JsonValue } from '../content/context.js';
import { Markdown } from './markdown.js';

function show(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `min 1`, `max 10`, `> 0`, `length 1..64`, `items ≤ 5`, `pattern ^a$`: the field's limits as short labels. */
export function fieldLimits(field: Field): string[] {
  const limits: string[] = [];
  if (field.minimum !== undefined) limits.push(`>= ${field.minimum}`);
  if (field.exclusiveMinimum !== undefined) limits.push(`> ${field.exclusiveMinimum}`);
  if (field.maximum !== undefined) limits.push(`<= ${field.maximum}`);
  if (field.exclusiveMaximum !== undefined) limits.push(`< ${field.exclusiveMaximum}`);
  if (field.minLength !== undefined || field.maxLength !== undefined) limits.push(`length ${field.minLength ?? 0}..${field.maxLength ?? '∞'}`);
  if (field.minItems !== undefined || field.maxItems !== undefined) limits.push(`items ${field.minItems ?? 0}..${field.maxItems ?? '∞'}`);
  return limits;
}

function FieldBadges({ field }: { field: Field }): ReactNode {
  const flags: Array<[boolean | undefined, string]> = [
    [field.required, 'required'],
    [field.nullable, 'nullable'],
    [field.readOnly, 'read-only'],
    [field.writeOnly, 'write-only'],
    [field.deprecated, 'deprecated'],
  ];
  return (
    <>
      {flags.filter(([on]) => on).map(([, label]) => (
        <span key={label} className={`db-field-flag db-field-${label.replace(/[^a-z]/g, '')}`}>
          {label}
        </span>
      ))}
    </>
  );
}

/** One field of a parameter list, body or response, with its nested properties behind a disclosure. */
export function FieldItem({ field, depth = 0 }: { field: Field; depth?: number }): ReactNode {
  const limits = fieldLimits(field);
  return (
    <li className="db-api-field" data-testid="api-field" data-field={field.name} data-depth={depth}>
      <div className="db-field-head">
        <code className="db-field-name">{field.name}</code>
        <span className="db-field-type">
          {field.type}
          {field.format ? `<${field.format}>` : ''}
        </span>
        <FieldBadges field={field} />
      </div>
      {field.description ? <Markdown text={field.description} className="db-field-description" /> : null}
      <dl className="db-field-facts">
        {field.default !== undefined ? <Fact label="Default"><code>{show(field.default)}</code></Fact> : null}
        {field.enum?.length ? (
          <Fact label="Allowed values">
            <span className="db-field-enum" data-testid="field-enum">
              {field.enum.map((value, index) => <code key={index}>{show(value)}</code>)}
            </span>
          </Fact>
        ) : null}
        {limits.length ? <Fact label="Limits">{limits.join(', ')}</Fact> : null}
        {field.pattern ? <Fact label="Pattern"><code>{field.pattern}</code></Fact> : null}
        {field.example !== undefined ? <Fact label="Example"><code>{show(field.example)}</code></Fact> : null}
        {field.schemaRef ? <Fact label="Schema"><code>{field.schemaRef}</code></Fact> : null}
      </dl>
      {field.properties?.length ? (
        <details className="db-expandable" open={depth === 0 && field.properties.length <= 3}>
          <summary>{`${field.properties.length} ${field.properties.length === 1 ? 'property' : 'properties'}`}</summary>
          <FieldList fields={field.properties} depth={depth + 1} />
        </details>
      ) : null}
    </li>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <div className="db-field-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function FieldList({ fields, depth = 0 }: { fields: readonly Field[]; depth?: number }): ReactNode {
  return (
    <ul className="db-api-fields">
      {fields.map((field, index) => (
        <FieldItem key={`${field.name}-${index}`} field={field} depth={depth} />
      ))}
    </ul>
  );
}
