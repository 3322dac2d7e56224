/**
 * Runs one build of the docs root given as argument (offline, nothing written) and prints a JSON summary.
 * Used under strace by boundary.test.ts.
 */
import { build } from '../../../src/pipeline/index.js';

const root = process.argv[2];
if (!root) throw new Error('usage: build-once.ts <docs root>');
const result = await build({ root, offline: true });
const codes = [...new Set(result.diagnostics.map((d) => d.code))].sort();
process.stdout.write(JSON.stringify({ errors: result.diagnostics.filter((d) => d.severity === 'error').length, codes }));
