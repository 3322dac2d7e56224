import { createDiagnostic, joinPointer, type Diagnostic, type JsonValue } from '../diagnostics/index.js';
import type { Cursor, SpecDocument } from './document.js';
import { readHidden, readXDocs } from './extensions.js';
import { isObject } from './parse.js';
import { pathItemMethods, type OperationInfo, type TagInfo } from './types.js';

export interface OperationIndex {
  operations: OperationInfo[];
  webhooks: OperationInfo[];
  diagnostics: Diagnostic[];
}

/** Server URLs of a `servers` array, with `{variables}` replaced by their defaults. */
export function serverUrls(value: JsonValue | undefined): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const urls: string[] = [];
  for (const server of value) {
    if (!isObject(server) || typeof server.url !== 'string') continue;
    const variables = isObject(server.variables) ? server.variables : {};
    urls.push(
      server.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
        const variable = variables[name];
        return isObject(variable) && (typeof variable.default === 'string' || typeof variable.default === 'number') ? String(variable.default) : whole;
      }),
    );
  }
  return urls;
}

function stringOf(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Lists the operations and webhooks of a spec in document order, reading only path items and operation
 * objects (schemas stay untouched), and runs the checks swagger-parser skips for OpenAPI 3.x: duplicate
 * operationIds and path template parameters without a definition.
 */
export function indexOperations(doc: SpecDocument): OperationIndex {
  const diagnostics: Diagnostic[] = [];
  const operations: OperationInfo[] = [];
  const webhooks: OperationInfo[] = [];
  const rootServers = serverUrls(doc.child(doc.root, 'servers')?.value) ?? [];
  // Extensions are read on raw nodes, so their pointers are pointers inside the node's own file.
  const locateRaw = (cursor: Cursor) => (pointer: string, target?: 'key' | 'value') => doc.locateIn(cursor.file, pointer, target);
  const seenIds = new Map<string, { at: Cursor; label: string }>();

  const visitPathItems = (mapKey: 'paths' | 'webhooks', into: OperationInfo[]): void => {
    const map = doc.child(doc.root, mapKey);
    const mapNode = map && doc.deref(map);
    if (!mapNode || !isObject(mapNode.value)) return;
    for (const name of Object.keys(mapNode.value)) {
      if (mapKey === 'paths' && !name.startsWith('/')) continue;
      const itemRaw = doc.child(mapNode, name);
      const item = itemRaw && doc.deref(itemRaw);
      if (!item || !isObject(item.value)) continue;
      const itemValue = item.value;
      const itemHidden = readHidden(itemValue, item.pointer, locateRaw(item));
      diagnostics.push(...itemHidden.diagnostics);
      const itemServers = serverUrls(itemValue.servers);
      const itemParameters = collectParameters(doc, item);
      for (const method of Object.keys(itemValue)) {
        if (!pathItemMethods.has(method)) continue;
        const opRaw = doc.child(item, method);
        const op = opRaw && doc.deref(opRaw);
        if (!op || !isObject(op.value)) continue;
        const value = op.value;
        const pointer = joinPointer('', mapKey, name, method);
        const hidden = readHidden(value, op.pointer, locateRaw(op));
        const xDocs = readXDocs(value, op.pointer, locateRaw(op));
        diagnostics.push(...hidden.diagnostics, ...xDocs.diagnostics);
        const info: OperationInfo = {
          method: method.toUpperCase(),
          path: name,
          pointer,
          tags: Array.isArray(value.tags) ? value.tags.filter((tag): tag is string => typeof tag === 'string') : [],
          hidden: itemHidden.hidden || hidden.hidden,
          deprecated: value.deprecated === true,
          servers: serverUrls(value.servers) ?? itemServers ?? rootServers,
        };
        const operationId = stringOf(value.operationId);
        const summary = stringOf(value.summary);
        const description = stringOf(value.description);
        if (operationId !== undefined) info.operationId = operationId;
        if (summary !== undefined) info.summary = summary;
        if (description !== undefined) info.description = description;
        if (xDocs.value) info.xDocs = xDocs.value;
        if (mapKey === 'webhooks') info.webhook = name;
        into.push(info);

        const label = mapKey === 'webhooks' ? `webhook ${name} (${info.method})` : `${info.method} ${name}`;
        if (operationId !== undefined) {
          const first = seenIds.get(operationId);
          const idAt = { file: op.file, pointer: joinPointer(op.pointer, 'operationId'), value: operationId };
          if (first) {
            diagnostics.push(
              createDiagnostic(
                'openapi/duplicate-operation-id',
                `operationId "${operationId}" of ${label} is already used by ${first.label}; operationIds must be unique`,
                doc.locateIn(idAt.file, idAt.pointer),
                { related: [{ ...doc.locateIn(first.at.file, first.at.pointer), message: `first used by ${first.label}` }] },
              ),
            );
          } else seenIds.set(operationId, { at: idAt, label });
        }
        if (mapKey === 'paths') {
          const declared = new Set([...itemParameters, ...collectParameters(doc, op)]);
          for (const match of name.matchAll(/\{([^{}]+)\}/g)) {
            const parameter = match[1]!;
            if (declared.has(parameter)) continue;
            diagnostics.push(
              createDiagnostic(
                'openapi/undeclared-path-parameter',
                `path parameter {${parameter}} of ${label} has no definition (no parameter with name "${parameter}" and in: path on the operation or its path item)`,
                doc.locateIn(op.file, op.pointer, 'key'),
                { suggestion: `add { name: ${parameter}, in: path, required: true, schema: { type: string } } to the parameters` },
              ),
            );
          }
        }
      }
    }
  };
  visitPathItems('paths', operations);
  visitPathItems('webhooks', webhooks);
  return { operations, webhooks, diagnostics };
}

/** Names of the `in: path` parameters of a path item or operation. */
function collectParameters(doc: SpecDocument, node: Cursor): string[] {
  const list = doc.child(node, 'parameters');
  if (!list || !Array.isArray(list.value)) return [];
  const names: string[] = [];
  for (let i = 0; i < list.value.length; i++) {
    const parameter = doc.child(list, i);
    const resolved = parameter && doc.deref(parameter);
    if (resolved && isObject(resolved.value) && resolved.value.in === 'path' && typeof resolved.value.name === 'string') names.push(resolved.value.name);
  }
  return names;
}

export function readTags(doc: SpecDocument): TagInfo[] {
  const tags = doc.child(doc.root, 'tags');
  if (!tags || !Array.isArray(tags.value)) return [];
  const result: TagInfo[] = [];
  for (const tag of tags.value) {
    if (!isObject(tag) || typeof tag.name !== 'string') continue;
    const info: TagInfo = { name: tag.name };
    if (typeof tag.description === 'string') info.description = tag.description;
    result.push(info);
  }
  return result;
}

export function readSchemaNames(doc: SpecDocument): string[] {
  const components = doc.child(doc.root, 'components');
  const schemas = components && doc.child(components, 'schemas');
  const node = schemas && doc.deref(schemas);
  return node && isObject(node.value) ? Object.keys(node.value) : [];
}
