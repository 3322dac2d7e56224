import type { ReactNode } from 'react';
import type { JsonValue } from '../context.js';

export interface FieldProps {
  /** ParamField names its parameter by location: `path="id"`, `query`, `body`, `header`, `cookie`. */
  path?: string;
  query?: string;
  body?: string;
  header?: string;
  cookie?: string;
  /** ResponseField (and a ParamField without location). */
  name?: string;
  type?: string;
  required?: boolean;
  default?: JsonValue;
  deprecated?: boolean;
  placeholder?: string;
  /** Labels before and after the name. */
  pre?: string[];
  post?: string[];
  /** The anchor the compiler assigned. */
  id?: string;
  children?: ReactNode;
}

const locations = ['path', 'query', 'body', 'header', 'cookie'] as const;

/** The field's name and where it goes (`path="id"` -> id, path). */
export function fieldName(props: FieldProps): { name: string; location?: string } {
  for (const location of locations) {
    const name = props[location];
    if (typeof name === 'string') return { name, location };
  }
  return { name: props.name ?? '' };
}

/** A default as written: strings bare, anything else as JSON. */
export function showValue(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function FieldRow({ props, kind }: { props: FieldProps; kind: 'param' | 'response' }): ReactNode {
  const { name, location } = fieldName(props);
  return (
    <div className={`db-field db-${kind}-field`} id={props.id} data-field={name} data-location={location}>
      <div className="db-field-head">
        {props.pre?.map((label) => <span key={`pre-${label}`} className="db-field-label">{label}</span>)}
        <code className="db-field-name">{name}</code>
        {props.type ? <span className="db-field-type">{props.type}</span> : null}
        {location && location !== 'body' ? <span className="db-field-location">{location}</span> : null}
        {props.required ? <span className="db-field-required">required</span> : null}
        {props.deprecated ? <span className="db-field-deprecated">deprecated</span> : null}
        {props.default !== undefined ? (
          <span className="db-field-default">
            default: <code>{showValue(props.default)}</code>
          </span>
        ) : null}
        {props.post?.map((label) => <span key={`post-${label}`} className="db-field-label">{label}</span>)}
      </div>
      {props.children ? <div className="db-field-description">{props.children}</div> : null}
    </div>
  );
}

export const ParamField = (props: FieldProps): ReactNode => <FieldRow props={props} kind="param" />;
export const ResponseField = (props: FieldProps): ReactNode => <FieldRow props={props} kind="response" />;
