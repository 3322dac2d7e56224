import type { Nodes, Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { createDiagnostic, type Diagnostic, type JsonValue } from '../diagnostics/index.js';
import type { ApiCodeExample, ApiExamples, Field, FieldLocation } from '../fields/index.js';
import { parseCodeMeta } from '../content/code-meta.js';
import { readAttributes, type AttributeValue, type ElementAttribute, type ElementAttributes } from './attributes.js';
import type { ProseBlock } from './types.js';

export interface ExtractedBody {
  params: Field[];
  responseFields: Field[];
  prose: ProseBlock[];
  diagnostics: Diagnostic[];
  /** The code blocks of `<RequestExample>` / `<ResponseExample>`, in page order. */
  examples?: ApiExamples;
}

export interface ExtractOptions {
  /**
   * Whether a malformed field (no location, two locations, no name) is an error. True on API pages
   * (`api:` or `openapi:`), whose fields are an API contract; elsewhere (SDK references use the same
   * components to document functions, often without names) it is an `mdx/unnamed-field` info.
   */
  unnamedFieldIsError: boolean;
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** Where nested fields go: the properties of the enclosing field, which they share their `in` with. */
interface FieldSink {
  in: FieldLocation;
  properties: Field[];
}

const paramLocations = ['path', 'body', 'query', 'header'] as const;
type ParamLocation = (typeof paramLocations)[number];
const paramLocationSet: ReadonlySet<string> = new Set(paramLocations);

/** How deep the walk goes (mdast levels); far beyond real pages, far below the stack limit. */
const maxDepth = 400;

/** Nodes that are page machinery, not content a reader sees. */
const notProse: ReadonlySet<string> = new Set(['yaml', 'toml', 'mdxjsEsm']);

/**
 * Finds every ParamField / ResponseField in the page, wherever it sits (Tabs, Accordion, ...). A field
 * inside another field (directly or through an Expandable or any other wrapper) becomes one of its
 * `properties`; the field's other children become its description. Everything outside field
 * components is collected as prose.
 */
export function extractFields(tree: Root, text: string, file: string, options: ExtractOptions): ExtractedBody {
  const extractor = new FieldExtractor(text, file, options);
  extractor.visit(tree, undefined, 0);
  return extractor.result();
}

type Warn = (name: string, attribute: ElementAttribute, written: string, keeps: string) => void;

/** One walk of a page's tree, collecting fields, prose and diagnostics. */
class FieldExtractor {
  private readonly out: ExtractedBody = { params: [], responseFields: [], prose: [], diagnostics: [] };
  private readonly examples: { request: ApiCodeExample[]; response: ApiCodeExample[] } = { request: [], response: [] };
  private tooDeepReported = false;

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly options: ExtractOptions,
  ) {}

  result(): ExtractedBody {
    const examples: ApiExamples = {};
    if (this.examples.request.length > 0) examples.request = this.examples.request;
    if (this.examples.response.length > 0) examples.response = this.examples.response;
    if (examples.request || examples.response) this.out.examples = examples;
    // A wrapper's prose is emitted after its children were visited: put the blocks back in page order.
    this.out.prose.sort((a, b) => (a.location.line ?? 0) - (b.location.line ?? 0) || (a.location.column ?? 0) - (b.location.column ?? 0));
    return this.out;
  }

  /** Returns whether the subtree holds a field component. */
  visit(node: Nodes, sink: FieldSink | undefined, depth: number): boolean {
    if (depth > maxDepth) {
      this.reportTooDeep(node);
      return false;
    }
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && (node.name === 'RequestExample' || node.name === 'ResponseExample')) {
      collectCodeBlocks(node, node.name === 'RequestExample' ? this.examples.request : this.examples.response);
    }
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && (node.name === 'ParamField' || node.name === 'ResponseField')) {
      this.visitField(node, node.name, sink, depth);
      return true;
    }
    if (!('children' in node)) return false;
    const children = node.children as Nodes[];
    const holdsField = children.map((child) => this.visit(child, sink, depth + 1));
    if (!holdsField.includes(true)) return false;
    // Outside fields, the field-free parts of a wrapper (Tabs, Accordion, ...) are prose; inside a field
    // they belong to a wrapper of nested fields (Expandable) and are not part of its description.
    if (!sink) children.forEach((child, index) => holdsField[index] || this.emitProse(child));
    return true;
  }

  /** The walk recurses; a hostile page must not overflow the stack. Real pages nest a few dozen levels. */
  private reportTooDeep(node: Nodes): void {
    if (this.tooDeepReported) return;
    this.tooDeepReported = true;
    const start = node.position?.start;
    this.out.diagnostics.push(
      createDiagnostic('mdx/nesting-too-deep', `elements are nested more than ${maxDepth} levels deep here; docs-build reads no fields below this depth`, {
        file: this.file,
        line: start?.line ?? 1,
        column: start?.column ?? 1,
      }),
    );
  }

  private slice(node: Nodes): string {
    const start = node.position?.start;
    const end = node.position?.end;
    if (start?.offset === undefined || end?.offset === undefined) return '';
    return dedent(this.text.slice(start.offset, end.offset), start.column);
  }

  private emitProse(node: Nodes): void {
    if (notProse.has(node.type)) return;
    const content = this.slice(node).trim();
    if (content === '') return;
    const start = node.position?.start;
    this.out.prose.push({ text: content, location: { file: this.file, line: start?.line ?? 1, column: start?.column ?? 1 } });
  }

  private visitField(element: JsxElement, component: 'ParamField' | 'ResponseField', sink: FieldSink | undefined, depth: number): void {
    const attributes = readAttributes(element);
    const start = element.position?.start ?? { line: 1, column: 1 };
    const source = { file: this.file, line: start.line, column: start.column };
    const warnNonLiteral: Warn = (name, attribute, written, keeps) => {
      this.out.diagnostics.push(
        createDiagnostic(
          'mdx/non-literal-attribute',
          `the ${name} attribute of <${component}> is an expression (${written}) that docs-build cannot evaluate; ${keeps}`,
          { file: this.file, line: attribute.line, column: attribute.column },
          { suggestion: `write a literal value, e.g. ${name}="..." or ${name}={10}` },
        ),
      );
    };
    this.reportSpreads(attributes, component);
    const identity = component === 'ParamField' ? paramIdentity(attributes, sink) : responseIdentity(attributes);
    this.reportIdentity(identity, source, warnNonLiteral);

    const location: FieldLocation = sink?.in ?? (component === 'ResponseField' ? 'response' : (identity.location ?? 'body'));
    const properties: Field[] = [];
    const descriptionParts: string[] = [];
    for (const child of element.children as Nodes[]) {
      if (!this.visit(child, { in: location, properties }, depth + 1)) {
        const part = this.slice(child).trim();
        if (part !== '') descriptionParts.push(part);
      }
    }
    // A field too broken to name is left out (its error says why); its nested fields went with it.
    if (identity.name === undefined) return;
    const field = fieldOf(identity.name, location, attributes, warnNonLiteral, descriptionParts, properties, source);
    if (sink) sink.properties.push(field);
    else if (component === 'ParamField') this.out.params.push(field);
    else this.out.responseFields.push(field);
  }

  private reportSpreads(attributes: ReturnType<typeof readAttributes>, component: string): void {
    for (const spread of attributes.spreads) {
      this.out.diagnostics.push(
        createDiagnostic(
          'mdx/non-literal-attribute',
          `<${component}> spreads ${spread.source}; docs-build cannot see the attributes it sets`,
          { file: this.file, line: spread.line, column: spread.column },
          { suggestion: 'write the attributes out on the component' },
        ),
      );
    }
  }

  private reportIdentity(identity: Identity, source: { file: string; line: number; column: number }, warnNonLiteral: Warn): void {
    if (identity.problem) {
      // On an API page the field is a parameter or response field the page must name; elsewhere (SDK
      // reference pages) it only renders, so its missing name is worth an info, not a warning.
      this.out.diagnostics.push(
        this.options.unnamedFieldIsError
          ? createDiagnostic(identity.problem.code, identity.problem.message, source, { suggestion: identity.problem.suggestion })
          : createDiagnostic('mdx/unnamed-field', `${identity.problem.message}; on a page without api: or openapi: it only renders, and docs-build reads no field from it`, source, {
              suggestion: 'fine for SDK reference pages; name it (as on API pages) if it documents a request parameter or response field',
            }),
      );
    }
    if (identity.nonLiteral) warnNonLiteral(identity.nonLiteral.name, identity.nonLiteral.attribute, identity.nonLiteral.source, 'its source text is used as the name');
  }
}

/** The field a component declares, with one key order for every field (source last), so the manifest's bytes do not depend on which attributes were set. */
function fieldOf(
  name: string,
  location: FieldLocation,
  attributes: ReturnType<typeof readAttributes>,
  warnNonLiteral: Warn,
  descriptionParts: readonly string[],
  properties: Field[],
  source: { file: string; line: number; column: number },
): Field {
  let type = '';
  const typeAttribute = attributes.named.get('type');
  if (typeAttribute?.value.kind === 'literal') {
    type = typeof typeAttribute.value.value === 'string' ? typeAttribute.value.value : JSON.stringify(typeAttribute.value.value);
  } else if (typeAttribute?.value.kind === 'expression') {
    type = typeAttribute.value.source;
    warnNonLiteral('type', typeAttribute, typeAttribute.value.source, 'its source text is used as the type');
  }
  const required = flag(attributes.named.get('required'), 'required', warnNonLiteral);
  let defaultValue: JsonValue | undefined;
  const defaultAttribute = attributes.named.get('default');
  if (defaultAttribute?.value.kind === 'literal') defaultValue = defaultAttribute.value.value;
  else if (defaultAttribute?.value.kind === 'flag') defaultValue = true;
  else if (defaultAttribute?.value.kind === 'expression') {
    defaultValue = defaultAttribute.value.source;
    warnNonLiteral('default', defaultAttribute, defaultAttribute.value.source, 'its source text is used as the default');
  }
  const deprecated = flag(attributes.named.get('deprecated'), 'deprecated', warnNonLiteral);
  return {
    name,
    in: location,
    type,
    required,
    ...(defaultValue !== undefined ? { default: defaultValue } : {}),
    ...(deprecated ? { deprecated: true } : {}),
    ...(descriptionParts.length > 0 ? { description: descriptionParts.join('\n\n') } : {}),
    ...(properties.length > 0 ? { properties } : {}),
    source,
  };
}

interface Identity {
  name?: string;
  location?: ParamLocation;
  problem?: { code: 'mdx/param-location-missing' | 'mdx/param-location-multiple' | 'mdx/response-name-missing'; message: string; suggestion?: string };
  nonLiteral?: { name: string; attribute: ElementAttribute; source: string };
}

/**
 * A ParamField's name is the value of its one location attribute. Nested in another field it inherits
 * the location, so `name="..."` alone is enough there.
 */
function paramIdentity(attributes: ElementAttributes, sink: FieldSink | undefined): Identity {
  const present = [...attributes.named.keys()].filter((key): key is ParamLocation => paramLocationSet.has(key));
  if (present.length === 0) {
    const name = sink ? attributes.named.get('name') : undefined;
    if (name) return nameFrom('name', name, undefined, 'mdx/param-location-missing');
    return {
      problem: {
        code: 'mdx/param-location-missing',
        message: '<ParamField> needs one of path, body, query or header, holding the parameter name',
        suggestion: attributes.named.has('name') ? `replace name= with the location, e.g. query="${literalText(attributes.named.get('name')?.value)}"` : 'e.g. <ParamField query="limit" type="integer">',
      },
    };
  }
  const [first, ...others] = present as [ParamLocation, ...ParamLocation[]];
  const identity = nameFrom(first, attributes.named.get(first), first, 'mdx/param-location-missing');
  if (others.length > 0 && !identity.problem) {
    identity.problem = {
      code: 'mdx/param-location-multiple',
      message: `<ParamField> has ${present.join(' and ')}; a parameter has exactly one location (${first} is used)`,
      suggestion: `keep one of ${present.map((key) => `${key}=`).join(', ')}`,
    };
  }
  return identity;
}

function responseIdentity(attributes: ElementAttributes): Identity {
  const name = attributes.named.get('name');
  if (!name) {
    return {
      problem: { code: 'mdx/response-name-missing', message: '<ResponseField> has no name attribute', suggestion: 'e.g. <ResponseField name="id" type="string">' },
    };
  }
  return nameFrom('name', name, undefined, 'mdx/response-name-missing');
}

function nameFrom(
  key: string,
  attribute: ElementAttribute | undefined,
  location: ParamLocation | undefined,
  missingCode: 'mdx/param-location-missing' | 'mdx/response-name-missing',
): Identity {
  const value = attribute?.value;
  const base: Identity = location ? { location } : {};
  if (!attribute || !value || value.kind === 'flag' || (value.kind === 'literal' && String(value.value).trim() === '')) {
    return {
      ...base,
      problem: { code: missingCode, message: `the ${key} attribute has no value; it must hold the ${location ? 'parameter' : 'field'} name`, suggestion: `e.g. ${key}="user_id"` },
    };
  }
  if (value.kind === 'expression') return { ...base, name: value.source, nonLiteral: { name: key, attribute, source: value.source } };
  return { ...base, name: typeof value.value === 'string' ? value.value : JSON.stringify(value.value) };
}

function literalText(value: AttributeValue | undefined): string {
  if (!value || value.kind === 'flag') return 'name';
  if (value.kind === 'expression') return value.source;
  return typeof value.value === 'string' ? value.value : JSON.stringify(value.value);
}

/**
 * A boolean attribute: bare or `{true}` is true; `{false}` and "false" are false; other literals follow
 * JavaScript truthiness, which is how the rendered component reads them.
 */
function flag(
  attribute: ElementAttribute | undefined,
  name: string,
  warn: (name: string, attribute: ElementAttribute, source: string, keeps: string) => void,
): boolean {
  if (!attribute) return false;
  const value = attribute.value;
  if (value.kind === 'flag') return true;
  if (value.kind === 'expression') {
    warn(name, attribute, value.source, 'it is read as false');
    return false;
  }
  const literal: JsonValue = value.value;
  if (typeof literal === 'string') return literal.trim() !== '' && literal.trim().toLowerCase() !== 'false';
  return Boolean(literal);
}

/** The code blocks anywhere inside an example component (a CodeGroup or not), iteratively: any depth. */
function collectCodeBlocks(element: JsxElement, into: ApiCodeExample[]): void {
  const stack: Nodes[] = [...(element.children as Nodes[])].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'code') {
      const example: ApiCodeExample = { lang: node.lang ?? 'text', code: node.value };
      // The title as the page's own code block reads it (content/code-meta.ts): a `title=` attribute wins over the words.
      const title = parseCodeMeta(node.meta).title;
      if (title !== undefined) example.title = title;
      into.push(example);
    } else if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
  }
}

/**
 * Removes the indentation of the JSX container from every line after the first (the first line is
 * sliced from the node's own start), so a description reads as the author wrote it without the
 * wrapper's indent; line endings become `\n` so the output does not depend on the checkout.
 */
export function dedent(content: string, startColumn: number): string {
  const lines = content.split(/\r\n|\r|\n/);
  if (lines.length === 1 || startColumn <= 1) return lines.join('\n');
  const indent = startColumn - 1;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    let cut = 0;
    while (cut < indent && cut < line.length && (line.charCodeAt(cut) === 32 || line.charCodeAt(cut) === 9)) cut++;
    lines[i] = line.slice(cut);
  }
  return lines.join('\n');
}
