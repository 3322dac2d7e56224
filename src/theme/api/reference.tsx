import { Fragment, useState, type ReactNode } from 'react';
import type { ApiMediaType, ApiServer, Field, Page, PlaygroundMode, SchemaEntry, Site } from '../../manifest/types.js';
import { CodeBlock } from '../content/components/code.js';
import { CopyButton } from '../content/components/copy.js';
import { TabSet } from '../content/components/tabset.js';
import { FieldList } from './field-list.js';
import { Markdown } from './markdown.js';
import { Playground } from './playground.js';
import { bodySkeleton, bodyValue, defaultVariables, fieldsByLocation, fillServer, pageAuth, pageServers, unfilledVariables, type PageAuth } from './request.js';

export interface ApiReferenceProps {
  page: Page;
  site: Site;
  /** The page's own content: shown after the endpoint and playground, before the generated reference. */
  children?: ReactNode;
  /** The entries of `schemas` the page shows (`PageData.schemas`): bodies given by reference. */
  schemas?: Schemas | undefined;
}

type Schemas = Record<string, SchemaEntry>;

/** The playground mode in effect: the page's resolved one, else docs.json's, else interactive; webhooks have none. */
export function playgroundMode(page: Page, site: Site): PlaygroundMode {
  if (page.operation?.webhook) return 'none';
  return page.playground?.mode ?? site.api.playground.display ?? 'interactive';
}

/**
 * An API page: method and URL with a server choice, the auth it needs, the playground, then (for a page
 * made from an OpenAPI operation) parameters by location, the request body by media type, responses by
 * status, examples and code samples. A hand-written `api:` page documents its fields in its content.
 */
export function ApiReference({ page, site, children, schemas }: ApiReferenceProps): ReactNode {
  const servers = pageServers(page);
  const [serverIndex, setServerIndex] = useState(0);
  const [variables, setVariables] = useState(() => defaultVariables(servers[0]));
  const server = servers[serverIndex];
  const serverUrl = server ? fillServer(server, variables) : '';
  const method = (page.api?.method ?? page.operation?.method ?? 'GET').toUpperCase();
  const path = page.api?.path ?? page.operation?.path ?? '';
  const mode = playgroundMode(page, site);
  const auth = pageAuth(page);
  const chooseServer = (index: number): void => {
    setServerIndex(index);
    setVariables(defaultVariables(servers[index]));
  };
  return (
    <div className="db-api" data-testid="api-reference" data-playground={mode}>
      <Endpoint method={method} path={path} serverUrl={serverUrl} mode={mode} webhook={page.operation?.webhook} />
      {servers.length > 1 || server?.variables ? (
        <ServerChooser servers={servers} index={serverIndex} onIndex={chooseServer} variables={variables} onVariables={setVariables} />
      ) : null}
      <AuthSummary page={page} auth={auth} />
      {mode === 'interactive' ? <Playground method={method} path={path} serverUrl={serverUrl} auth={auth} params={page.params ?? []} unfilled={unfilledVariables(server, variables)} {...playgroundBody(page, schemas)} /> : null}
      {children}
      {page.operation ? <OperationReference page={page} schemas={schemas} /> : null}
      <Samples page={page} />
    </div>
  );
}

function Endpoint({ method, path, serverUrl, mode, webhook }: { method: string; path: string; serverUrl: string; mode: PlaygroundMode; webhook?: string | undefined }): ReactNode {
  const url = `${serverUrl.replace(/(?<!\/)\/+$/, '')}${path}`;
  return (
    <div className="db-api-endpoint" data-testid="api-endpoint">
      <span className={`db-method db-method-${method.toLowerCase()}`} data-testid="api-method">
        {webhook ? 'WEBHOOK' : method}
      </span>
      <code className="db-api-url" data-testid="api-url">
        {serverUrl ? <span className="db-api-server">{serverUrl.replace(/(?<!\/)\/+$/, '')}</span> : null}
        {pathSegments(webhook ?? path)}
      </code>
      {mode === 'simple' ? <CopyButton text={`${method} ${url}`} label="Copy endpoint" testId="endpoint-copy" /> : null}
    </div>
  );
}

/** `{id}` in a path stands out from the literal segments. */
function pathSegments(path: string): ReactNode[] {
  return path.split(/(\{[^{}]+\})/).map((part, index) =>
    part.startsWith('{') ? (
      <span key={index} className="db-api-path-param">
        {part}
      </span>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

interface ServerChooserProps {
  servers: ApiServer[];
  index: number;
  onIndex(index: number): void;
  variables: Record<string, string>;
  onVariables(values: Record<string, string>): void;
}

function ServerChooser({ servers, index, onIndex, variables, onVariables }: ServerChooserProps): ReactNode {
  const server = servers[index];
  return (
    <div className="db-api-servers" data-testid="api-servers">
      {servers.length > 1 ? (
        <label className="db-playground-field">
          <span>Server</span>
          <select data-testid="server-select" value={index} onChange={(event) => onIndex(Number(event.target.value))}>
            {servers.map((option, optionIndex) => (
              <option key={optionIndex} value={optionIndex}>
                {option.description ? `${option.description} (${option.url})` : option.url}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {Object.entries(server?.variables ?? {}).map(([name, variable]) => (
        <label key={name} className="db-playground-field" title={variable.description}>
          <span>
            <code>{name}</code>
          </span>
          {variable.enum?.length ? (
            <select data-testid="server-variable" data-variable={name} value={variables[name] ?? variable.default} onChange={(event) => onVariables({ ...variables, [name]: event.target.value })}>
              {variable.enum.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          ) : (
            <input data-testid="server-variable" data-variable={name} value={variables[name] ?? variable.default} onChange={(event) => onVariables({ ...variables, [name]: event.target.value })} />
          )}
        </label>
      ))}
    </div>
  );
}

const authLabels: Record<PageAuth['method'], string> = { bearer: 'Bearer token', basic: 'Basic authentication', key: 'API key', none: 'None' };

/** The auth the page resolved, and the spec's security alternatives when it gives them. */
function AuthSummary({ page, auth }: { page: Page; auth: PageAuth }): ReactNode {
  const alternatives = (page.security ?? []).filter((requirement) => requirement.schemes.length > 0);
  if (auth.method === 'none' && alternatives.length === 0) return null;
  return (
    <div className="db-api-auth" data-testid="api-auth" data-method={auth.method}>
      <p className="db-api-section-title">Authorization</p>
      {auth.method !== 'none' ? (
        <p>
          {authLabels[auth.method]}
          {auth.method === 'key' && auth.headerName ? (
            <>
              {' '}
              in header <code>{auth.headerName}</code>
            </>
          ) : null}
        </p>
      ) : null}
      {alternatives.length ? (
        <ul className="db-api-security" data-testid="api-security">
          {alternatives.map((requirement, index) => (
            <li key={index}>
              {requirement.schemes.map((scheme) => (
                <span key={scheme.name} className="db-api-scheme" data-scheme={scheme.name}>
                  <code>{scheme.name}</code> {scheme.type}
                  {scheme.scheme ? ` ${scheme.scheme}` : ''}
                  {scheme.in && scheme.parameterName ? ` (${scheme.in} ${scheme.parameterName})` : ''}
                  {scheme.scopes?.length ? ` scopes: ${scheme.scopes.join(', ')}` : ''}
                </span>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A media type's fields. The manifest gives each once: the request body's preferred media type has its
 * fields in the page's `params` (`in: 'body'`), the first 2xx JSON response's in `responseFields`
 * (`fieldsFrom`), a body given by reference in the `schemas` entry (`schemaRef`: a request leaves out
 * its read-only properties, a response its write-only ones; docs/manifest.md); others carry their own.
 */
function mediaFields(page: Page, media: ApiMediaType, schemas: Schemas | undefined, location: 'request' | 'response'): Field[] {
  if (media.fieldsFrom === 'params') return (page.params ?? []).filter((field) => field.in === 'body');
  if (media.fieldsFrom === 'responseFields') return page.responseFields ?? [];
  if (media.schemaRef !== undefined) {
    const properties = (schemas && Object.hasOwn(schemas, media.schemaRef) ? schemas[media.schemaRef]?.properties : undefined) ?? [];
    return withoutHidden(properties, location);
  }
  return media.fields;
}

/** Fields without the read-only ones (a request) or the write-only ones (a response), at every depth. */
function withoutHidden(fields: readonly Field[], location: 'request' | 'response'): Field[] {
  return fields
    .filter((field) => !(location === 'request' ? field.readOnly : field.writeOnly))
    .map((field) => (field.properties ? { ...field, properties: withoutHidden(field.properties, location) } : field));
}

/** The playground's body: a JSON example of the page when it has one, else a skeleton from the fields. */
function playgroundBody(page: Page, schemas: Schemas | undefined): { initialBody?: string; contentType?: string } {
  const media = page.requestBody?.mediaTypes.find((candidate) => candidate.fieldsFrom === 'params') ?? page.requestBody?.mediaTypes[0];
  const example = page.examples?.request?.find((candidate) => candidate.lang === 'json' && (!media || !candidate.mediaType || candidate.mediaType === media.mediaType));
  if (media) {
    const text = example?.code ?? (media.type.startsWith('object') ? JSON.stringify(bodyValue(media.type, mediaFields(page, media, schemas, 'request')), null, 2) : '');
    return { initialBody: text, contentType: media.mediaType };
  }
  const bodyFields = (page.params ?? []).filter((field) => field.in === 'body');
  return bodyFields.length ? { initialBody: JSON.stringify(bodySkeleton(bodyFields), null, 2) } : {};
}

const locationTitles: Record<string, string> = { path: 'Path parameters', query: 'Query parameters', header: 'Headers', cookie: 'Cookies', body: 'Body' };

function OperationReference({ page, schemas }: { page: Page; schemas: Schemas | undefined }): ReactNode {
  const params = (page.params ?? []).filter((field) => !(page.requestBody && field.in === 'body'));
  return (
    <div className="db-api-reference">
      {fieldsByLocation(params).map(([location, fields]) => (
        <section key={location} className="db-api-section" data-testid={`api-params-${location}`}>
          <h2 className="db-api-section-title">{locationTitles[location] ?? location}</h2>
          <FieldList fields={fields} />
        </section>
      ))}
      {page.requestBody ? (
        <section className="db-api-section" data-testid="api-request-body">
          <h2 className="db-api-section-title">
            Request body {page.requestBody.required ? <span className="db-field-required">required</span> : null}
          </h2>
          {page.requestBody.description ? <Markdown text={page.requestBody.description} /> : null}
          <MediaTypes page={page} schemas={schemas} location="request" mediaTypes={page.requestBody.mediaTypes} />
        </section>
      ) : null}
      <Responses page={page} schemas={schemas} />
    </div>
  );
}

function MediaTypes({ page, schemas, location, mediaTypes }: { page: Page; schemas: Schemas | undefined; location: 'request' | 'response'; mediaTypes: ApiMediaType[] }): ReactNode {
  if (mediaTypes.length === 0) return null;
  const items = mediaTypes.map((media) => {
    const fields = mediaFields(page, media, schemas, location);
    return {
      label: media.mediaType,
      content: (
        <div className="db-api-media" data-media-type={media.mediaType}>
          <p className="db-field-type">{media.type}</p>
          {fields.length ? <FieldList fields={fields} /> : null}
        </div>
      ),
    };
  });
  return items.length === 1 ? items[0]!.content : <TabSet className="db-tabs db-api-media-types" items={items} />;
}

function Responses({ page, schemas }: { page: Page; schemas: Schemas | undefined }): ReactNode {
  if (!page.responses?.length) {
    return page.responseFields?.length ? (
      <section className="db-api-section" data-testid="api-responses">
        <h2 className="db-api-section-title">Response</h2>
        <FieldList fields={page.responseFields} />
      </section>
    ) : null;
  }
  const items = page.responses.map((response) => ({
    label: response.status,
    content: (
      <div className="db-api-response" data-testid="api-response" data-status={response.status}>
        {response.description ? <Markdown text={response.description} /> : null}
        <MediaTypes page={page} schemas={schemas} location="response" mediaTypes={response.mediaTypes} />
        {response.headers?.length ? (
          <>
            <p className="db-api-section-title">Headers</p>
            <FieldList fields={response.headers} />
          </>
        ) : null}
      </div>
    ),
  }));
  return (
    <section className="db-api-section" data-testid="api-responses">
      <h2 className="db-api-section-title">Responses</h2>
      <TabSet className="db-tabs db-api-statuses" items={items} />
    </section>
  );
}

/**
 * Code samples and examples. On a hand-written page whose content has its own RequestExample the
 * generated samples would repeat it, so they show only on operation pages or pages without one.
 */
function Samples({ page }: { page: Page }): ReactNode {
  const ownContent = page.operation === undefined;
  const samples = ownContent && page.examples?.request?.length ? [] : (page.codeSamples ?? []);
  const requests = ownContent ? [] : (page.examples?.request ?? []);
  const responses = ownContent ? [] : (page.examples?.response ?? []);
  return (
    <>
      {samples.length ? (
        <TabSet
          className="db-code-group db-example db-api-code-samples"
          testId="api-code-samples"
          caption={<span className="db-example-caption">Request</span>}
          items={samples.map((sample) => ({ label: sample.label, content: <CodeBlock lang={sample.lang} value={sample.source} inGroup /> }))}
        />
      ) : null}
      {requests.length ? (
        <TabSet
          className="db-code-group db-example db-request-example"
          testId="api-request-examples"
          caption={<span className="db-example-caption">Request example</span>}
          items={requests.map((example, index) => ({ label: example.title ?? example.mediaType ?? `Example ${index + 1}`, content: <CodeBlock lang={example.lang} value={example.code} inGroup /> }))}
        />
      ) : null}
      {responses.length ? (
        <TabSet
          className="db-code-group db-example db-response-example"
          testId="api-response-examples"
          caption={<span className="db-example-caption">Response example</span>}
          items={responses.map((example, index) => ({
            label: [example.status, example.title].filter(Boolean).join(' ') || `Example ${index + 1}`,
            content: <CodeBlock lang={example.lang} value={example.code} inGroup />,
          }))}
        />
      ) : null}
    </>
  );
}
