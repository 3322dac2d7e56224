/**
 * Why two YAML libraries: js-yaml parses OpenAPI files, `yaml` keeps positions (frontmatter, and a
 * spec's line and column only when a diagnostic needs one). Measures both on the YAML specs of
 * ../shared/corpora/_openapi-stress, medians of 5 runs in one process:
 * `npx tsx bench/yaml.ts`. Results are in docs/openapi.md ("Parsing").
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import jsYaml from 'js-yaml';
import { LineCounter, parse, parseDocument } from 'yaml';

const stressDir = fileURLToPath(new URL('../../shared/corpora/_openapi-stress', import.meta.url));
const specs = ['portkey-openapi/openapi.yaml', 'unkey-openapi/svc/api/openapi/openapi-generated.yaml'];

function medianMs(run: () => unknown, runs = 5): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

if (!existsSync(stressDir)) {
  console.log('bench/yaml.ts: ../shared/corpora is absent; nothing to measure');
} else {
  console.log('| spec | MB | js-yaml `load` ms | yaml `parse` ms | yaml `parseDocument` + `LineCounter` ms |');
  console.log('|---|---|---|---|---|');
  for (const spec of specs) {
    const text = readFileSync(`${stressDir}/${spec}`, 'utf8');
    const fast = medianMs(() => jsYaml.load(text));
    const plain = medianMs(() => parse(text, { maxAliasCount: -1 }));
    const positioned = medianMs(() => parseDocument(text, { lineCounter: new LineCounter() }));
    console.log(`| ${spec} | ${(text.length / 1e6).toFixed(2)} | ${fast.toFixed(0)} | ${plain.toFixed(0)} (${(plain / fast).toFixed(1)}x) | ${positioned.toFixed(0)} (${(positioned / fast).toFixed(1)}x) |`);
  }
}
