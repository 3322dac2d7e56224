import { closestMatches, createDiagnostic, isJsonObject as isObject, joinPointer, type Diagnostic, type JsonObject, type JsonValue } from '../diagnostics/index.js';
import type { DocsRoot } from '../root/index.js';
import type { LoadedConfig } from './load.js';


const isRemote = (value: string): boolean => /^(?:https?:|data:|\/\/)/i.test(value);

/** Pointers of every key whose value is a path to a file of the docs root (or a URL). */
function assetPointers(config: JsonObject): string[] {
  const pointers: string[] = [];
  const lightDark = (value: JsonValue | undefined, pointer: string): void => {
    if (typeof value === 'string') pointers.push(pointer);
    else if (isObject(value)) for (const mode of ['light', 'dark']) if (typeof value[mode] === 'string') pointers.push(joinPointer(pointer, mode));
  };
  lightDark(config.logo, '/logo');
  lightDark(config.favicon, '/favicon');
  if (isObject(config.background)) lightDark(config.background.image, '/background/image');
  if (isObject(config.thumbnails) && typeof config.thumbnails.background === 'string') pointers.push('/thumbnails/background');
  if (isObject(config.fonts)) {
    if (typeof config.fonts.source === 'string') pointers.push('/fonts/source');
    for (const part of ['heading', 'body']) {
      const font = config.fonts[part];
      if (isObject(font) && typeof font.source === 'string') pointers.push(joinPointer('/fonts', part, 'source'));
    }
  }
  const codeblocks = isObject(config.styling) ? config.styling.codeblocks : undefined;
  const languages = isObject(codeblocks) && isObject(codeblocks.languages) ? codeblocks.languages.custom : undefined;
  if (Array.isArray(languages)) languages.forEach((entry, i) => typeof entry === 'string' && pointers.push(joinPointer('/styling/codeblocks/languages/custom', i)));
  return pointers;
}

function valueAt(config: JsonObject, pointer: string): string {
  let node: JsonValue | undefined = config;
  for (const segment of pointer.split('/').slice(1)) node = Array.isArray(node) ? node[Number(segment)] : isObject(node) ? node[segment] : undefined;
  return typeof node === 'string' ? node : '';
}

/**
 * Logo, favicon, background, thumbnail, font and grammar paths must name files inside the docs root.
 * A path leaving the root is an error (the boundary); a missing file is a warning, because some sites
 * serve those files from a folder the docs repository does not hold.
 */
export function checkAssets(config: LoadedConfig, root: DocsRoot): Diagnostic[] {
  if (!isObject(config.value)) return [];
  const diagnostics: Diagnostic[] = [];
  for (const pointer of assetPointers(config.value)) {
    const reference = valueAt(config.value, pointer);
    if (reference === '' || isRemote(reference)) continue;
    const resolved = root.resolve(reference);
    if (!resolved.ok) {
      diagnostics.push(createDiagnostic(resolved.problem.code, resolved.problem.message, config.locate(pointer)));
      continue;
    }
    const outside = root.exists(resolved.path) ? root.boundaryProblem(resolved.path) : undefined;
    if (outside) {
      diagnostics.push(createDiagnostic(outside.code, outside.message, config.locate(pointer)));
      continue;
    }
    if (!root.exists(resolved.path)) {
      const closest = closestMatches(resolved.path, root.files(), 1);
      diagnostics.push(
        createDiagnostic('config/asset-not-found', `"${reference}" (${pointer.slice(1).replace(/\//g, '.')}) is not a file of the docs root`, config.locate(pointer), {
          suggestion: closest[0] ? `did you mean "/${closest[0]}"?` : undefined,
        }),
      );
    }
  }
  return diagnostics;
}
