import type { ModuleDeclaration, Pattern, Program, Statement } from 'estree-jsx';
import type { JsonValue, SourceLocation } from '../diagnostics/index.js';
import { literalValue } from './props.js';
import type { PageIsland, SnippetImport } from './types.js';

/** What the page's `import`/`export` statements say. */
export interface ModuleParts {
  islands: PageIsland[];
  snippetImports: SnippetImport[];
  exportedValues: Record<string, JsonValue>;
}

/** A snippet is an imported Markdown file; everything else imported needs a bundler. */
const snippetSpecifier = /\.mdx?$/i;

interface Located {
  start?: number;
  end?: number;
  loc?: { start: { line: number; column: number } } | null;
}

/** Reads the statements of one `mdxjsEsm` node into `parts`; `fallback` is the node's place. */
export function readModule(program: Program | null | undefined, text: string, file: string, fallback: SourceLocation, parts: ModuleParts): void {
  for (const statement of program?.body ?? []) {
    const located = statement as Located;
    const source = located.start !== undefined && located.end !== undefined ? text.slice(located.start, located.end) : '';
    // estree columns are 0-based; the document's are 1-based.
    const start = located.loc?.start;
    const location = start ? { file, line: start.line, column: start.column + 1 } : fallback;
    readStatement(statement, source, location, parts);
  }
}

function readStatement(statement: Statement | ModuleDeclaration, source: string, location: SourceLocation, parts: ModuleParts): void {
  const file = location.file;
  if (statement.type === 'ImportDeclaration') {
    const specifier = String(statement.source.value);
    if (snippetSpecifier.test(specifier)) {
      const names: Record<string, string> = {};
      for (const s of statement.specifiers) {
        names[s.local.name] = s.type === 'ImportDefaultSpecifier' ? 'default' : s.type === 'ImportNamespaceSpecifier' ? '*' : exportName(s.imported);
      }
      parts.snippetImports.push({ specifier, names, location });
    } else {
      parts.islands.push({ names: statement.specifiers.map((s) => s.local.name), kind: 'import', source, file });
    }
    return;
  }
  if (statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration' && statement.declaration.kind === 'const') {
    const values = constValues(statement.declaration.declarations);
    if (values) {
      for (const [name, value] of values) Object.defineProperty(parts.exportedValues, name, { value, enumerable: true, writable: true, configurable: true });
      return;
    }
  }
  parts.islands.push({ names: boundNames(statement), kind: 'export', source, file });
}

type Declarator = Extract<Statement, { type: 'VariableDeclaration' }>['declarations'][number];

/** `export const a = 1, b = {...}`: the values when every declarator is a plain name with a JSON literal. */
function constValues(declarators: Declarator[]): Array<[string, JsonValue]> | undefined {
  const values: Array<[string, JsonValue]> = [];
  for (const declarator of declarators) {
    if (declarator.id.type !== 'Identifier' || !declarator.init) return undefined;
    const value = literalValue(declarator.init);
    if (!value.ok) return undefined;
    values.push([declarator.id.name, value.value]);
  }
  return values;
}

function exportName(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === 'Identifier' ? String(node.name) : String(node.value);
}

/** The names an export statement binds (`export const Chart = ...` -> `Chart`). */
function boundNames(statement: Statement | ModuleDeclaration): string[] {
  switch (statement.type) {
    case 'ExportNamedDeclaration': {
      const declaration = statement.declaration;
      if (!declaration) return statement.specifiers.map((s) => exportName(s.exported));
      if (declaration.type === 'VariableDeclaration') return declaration.declarations.flatMap((d) => patternNames(d.id));
      return declaration.id ? [declaration.id.name] : [];
    }
    case 'ExportDefaultDeclaration':
      return ['default'];
    case 'ExportAllDeclaration':
      return statement.exported ? [exportName(statement.exported)] : [];
    default:
      return [];
  }
}

function patternNames(pattern: Pattern): string[] {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name];
    case 'ObjectPattern':
      return pattern.properties.flatMap((p) => patternNames(p.type === 'RestElement' ? p.argument : p.value));
    case 'ArrayPattern':
      return pattern.elements.flatMap((e) => (e ? patternNames(e) : []));
    case 'RestElement':
      return patternNames(pattern.argument);
    case 'AssignmentPattern':
      return patternNames(pattern.left);
    default:
      return [];
  }
}
