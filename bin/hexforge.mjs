#!/usr/bin/env node
// Entry point: runs the TypeScript CLI through tsx so no build step is needed.
process.env.TZ = 'UTC';
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
