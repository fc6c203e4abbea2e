/**
 * `npm run build` (also run by `npm ci`/`npm install` through `prepare`): compiles the CLI into dist/
 * so a command starts without transpiling TypeScript or compiling JSON Schemas.
 *
 * - esbuild bundles src/ (dependencies stay external) with code splitting, so each command's
 *   `import()` in src/cli/main.ts is its own chunk, loaded only when that command runs;
 * - the schema validators are written as ajv standalone code (CommonJS, loaded on first use), and
 *   src/data/compiled-validators.ts is swapped for a module that loads them;
 * - dist/build-stamp.json records the newest source file the build saw; bin/hexforge.mjs runs src/
 *   through tsx instead whenever a source file is newer (see dist-freshness.mjs), so an edit is never
 *   run stale.
 */
import { mkdir, rm, writeFile, rename } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import standaloneCode from 'ajv/dist/standalone';
import { schemaAjv, VALIDATOR_IDS } from '../src/data/schema-compile';
import { newestSourceTime, SOURCE_ROOTS } from '../bin/dist-freshness.mjs';

const root = path.join(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

/** The validators module of the built CLI: loads the standalone validators on first use. */
const COMPILED_VALIDATORS = `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const cache = {};
export function compiledValidators(verbose) {
  const key = verbose ? 'verbose' : 'lean';
  if (!cache[key]) {
    const { rows, ...files } = require(\`./validators-\${key}.cjs\`);
    cache[key] = { files, rows };
  }
  return cache[key];
}
`;

const swapCompiledValidators: Plugin = {
  name: 'compiled-validators',
  setup(b) {
    b.onResolve({ filter: /\/compiled-validators$/ }, () => ({ path: 'compiled-validators', namespace: 'hexforge' }));
    b.onLoad({ filter: /.*/, namespace: 'hexforge' }, () => ({ contents: COMPILED_VALIDATORS, loader: 'js' }));
  },
};

const requireFromRoot = createRequire(path.join(root, 'package.json'));

/**
 * Dependencies stay external. Node's ESM loader needs the file extension on a subpath of a package
 * without an "exports" map (`ajv/dist/2020` → `ajv/dist/2020.js`), which TypeScript sources omit.
 */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path: spec }) => ({ path: esmSpecifier(spec), external: true }));
  },
};

function esmSpecifier(spec: string): string {
  if (spec.startsWith('node:')) return spec;
  const parts = spec.split('/');
  const nameLength = spec.startsWith('@') ? 2 : 1;
  if (parts.length <= nameLength || path.extname(spec) !== '') return spec;
  const packageDir = path.join(root, 'node_modules', ...parts.slice(0, nameLength));
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { exports?: unknown };
  if (manifest.exports !== undefined) return spec;
  const file = requireFromRoot.resolve(spec);
  return [...parts.slice(0, nameLength), ...path.relative(packageDir, file).split(path.sep)].join('/');
}

export async function buildDist(): Promise<void> {
  const started = performance.now();
  const sourceTime = newestSourceTime(root);
  // Build beside dist/ and swap it in, so a CLI started meanwhile never sees half a build.
  const staging = `${dist}.tmp-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  for (const verbose of [false, true]) {
    const ajv = schemaAjv(verbose, true);
    await writeFile(path.join(staging, `validators-${verbose ? 'verbose' : 'lean'}.cjs`), standaloneCode(ajv, VALIDATOR_IDS));
  }
  await build({
    entryPoints: { main: path.join(root, 'src/cli/main.ts') },
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    chunkNames: '[name]-[hash]',
    plugins: [swapCompiledValidators, externalDependencies],
    logLevel: 'warning',
  });
  await writeFile(path.join(staging, 'build-stamp.json'), `${JSON.stringify({ sourceTime, roots: SOURCE_ROOTS })}\n`);
  await rm(`${dist}.old`, { recursive: true, force: true });
  await rename(dist, `${dist}.old`).catch(() => {});
  await rename(staging, dist);
  await rm(`${dist}.old`, { recursive: true, force: true });
  console.log(`dist/ built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await buildDist();
