#!/usr/bin/env node
// Entry point. Runs the compiled CLI in dist/ (built by `npm ci`/`npm install` via `prepare`, or
// `npm run build`); when dist/ is missing or any file of src/ or schemas/ is newer than it, runs
// src/ through tsx instead, so an edited checkout never runs stale code.
import path from 'node:path';
import { distIsFresh } from './dist-freshness.mjs';

process.env.TZ = 'UTC';
const root = path.join(import.meta.dirname, '..');
let main;
if (process.env.HEXFORGE_FROM_SOURCE !== '1' && distIsFresh(root)) {
  ({ main } = await import('../dist/main.mjs'));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
