import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as CodeFrame from '@babel/code-frame';
import type jsYaml from 'js-yaml';
import type * as Jsonc from 'jsonc-parser';
import type * as Yaml from 'yaml';

/**
 * Libraries loaded the first time something needs them, not with the module that uses them. A process
 * that patches one page or snippet (`build` after an edit) loads the parser, the content stage and the
 * diagnostics, and with them these four (~40 ms of module loading on the project's machine: `yaml`
 * alone is 70 modules) for nothing: the edited text has no frontmatter, the run locates no pointer in a
 * JSON or YAML file and prints no code frame. Loaded through Node's `require` (each has a CommonJS
 * build), so the CLI's bundle leaves them in node_modules and no process holds two copies.
 */
const require = createRequire(import.meta.url);

const loaded: { yaml?: typeof Yaml; jsYaml?: typeof jsYaml; jsonc?: typeof Jsonc; codeFrame?: typeof CodeFrame } = {};

/**
 * The CLI's bundle carries `yaml` as one file beside its chunks (scripts/bundle-cli.mjs): its 70 modules
 * took ~36 ms to load, one file ~12. Elsewhere (the library's modules, the tests) it is node_modules'.
 */
const bundledYaml = fileURLToPath(new URL('./vendor/yaml.cjs', import.meta.url));

/** `yaml`: YAML with positions (frontmatter, locations in YAML specs). */
export function yamlLibrary(): typeof Yaml {
  return (loaded.yaml ??= require(existsSync(bundledYaml) ? bundledYaml : 'yaml') as typeof Yaml);
}

/** js-yaml: the hosted service's YAML reader, for frontmatter `yaml` is stricter about. */
export function jsYamlLibrary(): typeof jsYaml {
  return (loaded.jsYaml ??= require('js-yaml') as typeof jsYaml);
}

/** jsonc-parser: JSON with positions (locations in docs.json and JSON specs). */
export function jsoncLibrary(): typeof Jsonc {
  return (loaded.jsonc ??= require('jsonc-parser') as typeof Jsonc);
}

/** @babel/code-frame: the source lines under a human-readable diagnostic. */
export function codeFrameLibrary(): typeof CodeFrame {
  return (loaded.codeFrame ??= require('@babel/code-frame') as typeof CodeFrame);
}
