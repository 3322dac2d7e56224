export * from './diagnostic.js';
export { catalog, createDiagnostic } from './catalog.js';
export type { DiagnosticCode, DiagnosticExtras } from './catalog.js';
export { LineIndex } from './positions.js';
export { escapePointerSegment, joinPointer, parentPointer, splitPointer, unescapePointerSegment } from './pointer.js';
export { closestMatch, closestMatches, didYouMean } from './suggest.js';
export { jsonLocator, parseJsonWithPositions, yamlLocator } from './source-map.js';
export type { JsonSyntaxError, JsonValue, ParsedJson, PointerLocator } from './source-map.js';
