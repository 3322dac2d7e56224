/**
 * The docs-build CLI run from the sources (bin/docs-build.js runs dist/, which may be stale while
 * developing): `node --import tsx test/robustness/support/cli-src.ts build <root> --out <file>`.
 */
import { main } from '../../../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
