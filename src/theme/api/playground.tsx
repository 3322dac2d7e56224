import { useEffect, useState, type ReactNode } from 'react';
import type { Field } from '../../manifest/types.js';
import { browserSendsBody, prepareRequest, unfilledPathParams, type AuthValues, type PageAuth } from './request.js';

export interface PlaygroundProps {
  method: string;
  path: string;
  serverUrl: string;
  auth: PageAuth;
  /** Path, query and header parameters get inputs. */
  params: readonly Field[];
  /** The body's starting text (a JSON skeleton), or undefined when the request has no body. */
  initialBody?: string;
  contentType?: string;
  /** The chosen server's variables that have no value yet: the request waits for them. */
  unfilled?: readonly string[];
}

interface Result {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: string;
  ms: number;
}

/** Where ticked "remember" keeps the auth values: one entry per auth method and header. */
export function storageKey(auth: PageAuth): string {
  return `docs-build:auth:${auth.method}${auth.headerName ? `:${auth.headerName.toLowerCase()}` : ''}`;
}

function readStored(auth: PageAuth): AuthValues | null {
  try {
    const text = window.localStorage.getItem(storageKey(auth));
    return text ? (JSON.parse(text) as AuthValues) : null;
  } catch {
    return null;
  }
}

function writeStored(auth: PageAuth, values: AuthValues | null): void {
  try {
    if (values) window.localStorage.setItem(storageKey(auth), JSON.stringify(values));
    else window.localStorage.removeItem(storageKey(auth));
  } catch {
    // Storage off (private mode, quota): the values live for this page view only.
  }
}

/** The body pretty-printed when it is JSON. */
function formatBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * The interactive playground: inputs for the parameters, the body and the page's auth; Send makes the
 * request from the browser to the chosen server (so the API must allow it: CORS) and shows what came
 * back. Nothing is stored unless the reader ticks "remember".
 */
export function Playground({ method, path, serverUrl, auth, params, initialBody, contentType, unfilled = [] }: PlaygroundProps): ReactNode {
  const [values, setValues] = useState<Record<string, string>>({});
  const [authValues, setAuthValues] = useState<AuthValues>({});
  const [remember, setRemember] = useState(false);
  const [body, setBody] = useState(initialBody ?? '');
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  // Read after hydration: the server's HTML never holds a reader's credentials.
  useEffect(() => {
    const stored = readStored(auth);
    if (stored) {
      setAuthValues(stored);
      setRemember(true);
    }
  }, [auth.method, auth.headerName]);

  const changeAuth = (next: AuthValues): void => {
    setAuthValues(next);
    if (remember) writeStored(auth, next);
  };
  const changeRemember = (next: boolean): void => {
    setRemember(next);
    writeStored(auth, next ? authValues : null);
  };

  const inputs = params.filter((field) => field.in === 'path' || field.in === 'query' || field.in === 'header');
  const byLocation = (location: string): Record<string, string> =>
    Object.fromEntries(inputs.filter((field) => field.in === location).map((field) => [field.name, values[`${location}.${field.name}`] ?? '']));

  const send = async (): Promise<void> => {
    if (unfilled.length > 0) {
      setResult(null);
      return setError(`Fill in the server's ${unfilled.map((name) => `{${name}}`).join(', ')} first: the request has nowhere to go without it.`);
    }
    const gaps = unfilledPathParams(path, byLocation('path'));
    if (gaps.length > 0) {
      setResult(null);
      return setError(`Fill in ${gaps.map((name) => `{${name}}`).join(', ')} first: the path needs ${gaps.length === 1 ? 'it' : 'them'}.`);
    }
    const request = prepareRequest({
      method,
      serverUrl,
      path,
      pathParams: byLocation('path'),
      query: byLocation('query'),
      headers: byLocation('header'),
      body: initialBody === undefined ? '' : body,
      ...(contentType ? { contentType } : {}),
      auth,
      authValues,
    });
    setSending(true);
    setError(null);
    const started = performance.now();
    try {
      const response = await fetch(request.url, request.init);
      const text = await response.text();
      setResult({ status: response.status, statusText: response.statusText, headers: [...response.headers.entries()], body: formatBody(text), ms: Math.round(performance.now() - started) });
    } catch (thrown) {
      setResult(null);
      setError(`The request did not complete (${thrown instanceof Error ? thrown.message : String(thrown)}). The server may be down or may not allow requests from this site (CORS).`);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="db-playground" data-testid="playground">
      <AuthInputs auth={auth} values={authValues} onChange={changeAuth} remember={remember} onRemember={changeRemember} />
      {inputs.length ? (
        <div className="db-playground-params">
          {inputs.map((field) => {
            const key = `${field.in}.${field.name}`;
            return (
              <label key={key} className="db-playground-field">
                <span>
                  <code>{field.name}</code> <span className="db-field-location">{field.in}</span>
                  {field.required ? <span className="db-field-required">required</span> : null}
                </span>
                <input
                  data-testid="playground-param"
                  data-param={field.name}
                  data-in={field.in}
                  name={key}
                  value={values[key] ?? ''}
                  placeholder={field.example !== undefined ? String(field.example) : field.type}
                  onChange={(event) => setValues({ ...values, [key]: event.target.value })}
                />
              </label>
            );
          })}
        </div>
      ) : null}
      {initialBody !== undefined && !browserSendsBody(method) ? (
        // The spec gives this GET or HEAD a body, which no browser can send: say so rather than offer an editor whose text goes nowhere.
        <p className="db-playground-note" data-testid="playground-body-note">
          {`The spec gives this ${method.toUpperCase()} request a body, which a browser cannot send: it goes without one.`}
        </p>
      ) : initialBody !== undefined ? (
        <label className="db-playground-field db-playground-body">
          <span>Body{contentType ? ` (${contentType})` : ''}</span>
          <textarea data-testid="playground-body" value={body} rows={Math.min(16, Math.max(4, body.split('\n').length))} spellCheck={false} onChange={(event) => setBody(event.target.value)} />
        </label>
      ) : null}
      <button type="button" className="db-playground-send" data-testid="playground-send" disabled={sending} onClick={() => void send()}>
        {sending ? 'Sending…' : 'Send'}
      </button>
      {error ? (
        <p className="db-playground-error" data-testid="playground-error" role="alert">
          {error}
        </p>
      ) : null}
      {result ? <ResultView result={result} /> : null}
    </section>
  );
}

function ResultView({ result }: { result: Result }): ReactNode {
  const tone = result.status >= 400 ? 'error' : result.status >= 300 ? 'redirect' : 'ok';
  return (
    <div className="db-playground-result" aria-live="polite">
      <p className={`db-playground-status db-status-${tone}`} data-testid="playground-status" data-status={result.status}>
        {result.status} {result.statusText} <span className="db-playground-time">{result.ms} ms</span>
      </p>
      <details className="db-expandable">
        <summary>Headers</summary>
        <dl className="db-playground-headers" data-testid="playground-headers">
          {result.headers.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <pre className="db-playground-response" data-testid="playground-response">
        <code>{result.body}</code>
      </pre>
    </div>
  );
}

interface AuthInputsProps {
  auth: PageAuth;
  values: AuthValues;
  onChange(values: AuthValues): void;
  remember: boolean;
  onRemember(remember: boolean): void;
}

function AuthInputs({ auth, values, onChange, remember, onRemember }: AuthInputsProps): ReactNode {
  if (auth.method === 'none') return null;
  const input = (field: keyof AuthValues, label: string, type: string): ReactNode => (
    <label className="db-playground-field">
      <span>{label}</span>
      <input
        data-testid="auth-input"
        data-auth={field}
        type={type}
        autoComplete="off"
        value={values[field] ?? ''}
        onChange={(event) => onChange({ ...values, [field]: event.target.value })}
      />
    </label>
  );
  return (
    <fieldset className="db-playground-auth" data-testid="playground-auth" data-method={auth.method}>
      <legend>Authorization</legend>
      {auth.method === 'bearer' ? input('token', 'Bearer token', 'password') : null}
      {auth.method === 'basic' ? (
        <>
          {input('username', 'Username', 'text')}
          {input('password', 'Password', 'password')}
        </>
      ) : null}
      {auth.method === 'key' ? input('key', auth.headerName ?? 'Authorization', 'password') : null}
      <label className="db-playground-remember">
        <input type="checkbox" data-testid="auth-remember" checked={remember} onChange={(event) => onRemember(event.target.checked)} />
        Remember in this browser
      </label>
    </fieldset>
  );
}
