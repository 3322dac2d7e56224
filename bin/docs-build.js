#!/usr/bin/env node
import { configureCliProcess } from '../dist/bin/process-settings.js';

configureCliProcess();
const { main } = await import('../dist/bin/main.js');

process.exitCode = await main(process.argv.slice(2));
