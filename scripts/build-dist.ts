/**
 * `npm run build` (also run by `npm ci`/`npm install` through `prepare`): compiles the CLI into dist/
 * so a command starts without transpiling TypeScript or compiling JSON Schemas.
 *
 * - esbuild bundles src/ (dependencies stay external, but for pdf-lib) with code splitting, so each command's
 *   `import()` in src/cli/main.ts is its own chunk, loaded only when that command runs;
 * - the schema validators are written as ajv standalone code (CommonJS, loaded on first use), and
 *   src/data/compiled-validators.ts is swapped for a module that loads them;
 * - data that fontkit and @pdf-lib/standard-fonts decompress as they load is decompressed on first
 *   use instead (scripts/deferred-package-data.ts);
 * - dist/code-digest.json is the digest of the compiled files (src/cli/code-stamp.ts), made once here;
 * - dist/build-stamp.json records the newest source file the build saw; bin/hexforge.mjs runs src/
 *   through tsx instead whenever a source file is newer (see dist-freshness.mjs), so an edit is never
 *   run stale.
 */
import { mkdir, rm, writeFile, rename } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import ajvStandaloneCode from 'ajv/dist/standalone';
import { BUNDLE_SCHEMA_ID, bundleAjv, LISTED_VALUE_IDS, schemaAjv, UNIT_CELL_CHECK_IDS, VALIDATOR_IDS } from '../src/data/schema-compile';
import { checkQueryAjv, checkQuerySchemaId } from '../src/data/check-query-compile';
import { appendErrorsInPlace, copiesGatheredErrors } from '../src/data/validator-errors-append';
import { moduleWithSharedCallContext, readsCallContext } from '../src/data/validator-call-paths';
import { CHECK_QUERY_CATALOG, queryCatalog } from '../src/engine/checks/catalog';
import { newestSourceTime, SOURCE_ROOTS } from '../bin/dist-freshness.mjs';
import { DIST_DIGEST_FILE, distDigest } from '../src/cli/code-stamp';
import { DEFERRED_FONTKIT_FILE, deferStandardFontEncodings, fontkitWithDeferredData, loadDeferredFontkit } from './deferred-package-data';

const root = path.join(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

/** The validators module of the built CLI: loads the standalone validators on first use. */
const COMPILED_VALIDATORS = `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const cache = {};
let leanFiles;
let leanRows;
// The lean units-row validator is a file of its own: a rebuild that reuses every JSON file's schema
// verdict checks units.csv alone, without loading the validators of the other files (a megabyte).
const lean = {
  get files() {
    return (leanFiles ??= require('./validators-lean.cjs'));
  },
  get rows() {
    return (leanRows ??= require('./validators-lean-rows.cjs')).rows;
  },
  // The units.csv cell checks are in the row validator's module, by name.
  get unitCells() {
    return (leanRows ??= require('./validators-lean-rows.cjs'));
  },
  // The validators of LISTED_VALUE_CHECKS are in the file validators' module, by name.
  get listedValues() {
    return (leanFiles ??= require('./validators-lean.cjs'));
  },
};
export function compiledValidators(verbose) {
  if (!verbose) return lean;
  if (!cache.verbose) {
    const { rows, ...files } = require('./validators-verbose.cjs');
    cache.verbose = { files, rows, listedValues: {}, unitCells: {} };
  }
  return cache.verbose;
}
export function compiledBundleValidator() {
  return require('./validators-bundle.cjs').bundle;
}
// One file per query family (a system's, or the generic queries): a game loads the validators of
// the queries it can ask, not every system's (four systems' declarations are some 2 MB of code).
const checkFamilies = {};
${checkQueryFamily.toString()}
export function compiledCheckQueryValidator(id) {
  const family = checkQueryFamily(id.slice('hexforge:query:'.length, id.lastIndexOf(':')));
  const validate = (checkFamilies[family] ??= require(\`./validators-checks-\${family}.cjs\`))[id];
  if (!validate) throw new Error(\`no compiled validator \${id}: dist/ is out of date, run npm run build\`);
  return validate;
}
`;

/**
 * ajv's standalone code of the validators named, with gathered errors appended in place as the
 * validators compiled from source append them (their code passes through ajv's code.process, this
 * source does not); `lean` validators' nested calls share one context, as from source (validator-call-paths.ts).
 */
function standaloneCode(ajv: Parameters<typeof ajvStandaloneCode>[0], ids: Record<string, string>, lean = false): string {
  const appended = appendErrorsInPlace(ajvStandaloneCode(ajv, ids));
  if (copiesGatheredErrors(appended)) throw new Error('ajv writes gathered errors in a form appendErrorsInPlace does not know: update it');
  if (!lean) return appended;
  const code = moduleWithSharedCallContext(appended);
  if (readsCallContext(code)) throw new Error('lean validator code builds or reads a call context: update validator-call-paths.ts');
  return code;
}

/** Every validator of src/data/compiled-validators.ts, as CommonJS standalone code by file name. */
export function standaloneValidators(): Record<string, string> {
  const files: Record<string, string> = {};
  const { rows, ...fileIds } = VALIDATOR_IDS;
  const lean = schemaAjv(false, true);
  files['validators-lean.cjs'] = standaloneCode(lean, { ...fileIds, ...LISTED_VALUE_IDS }, true);
  files['validators-lean-rows.cjs'] = standaloneCode(lean, { rows, ...UNIT_CELL_CHECK_IDS }, true);
  files['validators-verbose.cjs'] = standaloneCode(schemaAjv(true, true), VALIDATOR_IDS);
  files['validators-bundle.cjs'] = standaloneCode(bundleAjv(true), { bundle: BUNDLE_SCHEMA_ID });
  const checks = checkQueryAjv(true);
  const families: Record<string, Record<string, string>> = {};
  for (const name of queryCatalog().keys()) {
    const spec = CHECK_QUERY_CATALOG.spec(name);
    for (const part of ['input', 'expect'] as const) {
      const schema = spec?.[part];
      if (!schema) continue;
      const id = checkQuerySchemaId(name, part);
      checks.addSchema(schema, id);
      (families[checkQueryFamily(name)] ??= {})[id] = id;
    }
  }
  for (const [family, ids] of Object.entries(families)) files[`validators-checks-${family}.cjs`] = standaloneCode(checks, ids);
  return files;
}

/** The file a query's validators are in: its system's (`t3` of `t3.modifiedRoll`), or `generic`. */
function checkQueryFamily(query: string): string {
  const dot = query.indexOf('.');
  return dot < 0 ? 'generic' : query.slice(0, dot);
}

const swapCompiledValidators: Plugin = {
  name: 'compiled-validators',
  setup(b) {
    b.onResolve({ filter: /\/compiled-validators$/ }, () => ({ path: 'compiled-validators', namespace: 'hexforge' }));
    b.onLoad({ filter: /.*/, namespace: 'hexforge' }, () => ({ contents: COMPILED_VALIDATORS, loader: 'js' }));
  },
};

const requireFromRoot = createRequire(path.join(root, 'package.json'));

/**
 * pdf-lib and the packages it requires are bundled: they are CommonJS spread over some 300 files,
 * which Node resolves, reads and scans for exports one by one on every start of a command that
 * writes a PDF (about 0.25 s of CPU time; the bundled chunk loads in a fifth of that).
 */
const BUNDLED = new Set(['pdf-lib', 'tslib', 'pako', '@pdf-lib/standard-fonts', '@pdf-lib/upng']);

function packageName(spec: string): string {
  return spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
}

/**
 * Other dependencies stay external. Node's ESM loader needs the file extension on a subpath of a
 * package without an "exports" map (`ajv/dist/2020` → `ajv/dist/2020.js`), which TypeScript sources omit.
 */
export const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(b) {
    // tslib's "module" build would be wrapped anew (every export copied) by each of pdf-lib's hundred
    // require() calls; its CommonJS build is evaluated once and shared.
    b.onResolve({ filter: /^tslib$/ }, () => ({ path: requireFromRoot.resolve('tslib') }));
    b.onResolve({ filter: /^[^./]/ }, ({ path: spec }) =>
      BUNDLED.has(packageName(spec)) ? undefined : { path: esmSpecifier(spec), external: true },
    );
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
  const staging = path.join(root, 'node_modules', '.cache', `hexforge-dist-${process.pid}`);
  const previous = `${staging}-previous`;
  await rm(staging, { recursive: true, force: true });
  try {
    await mkdir(staging, { recursive: true });
    for (const [name, code] of Object.entries(standaloneValidators())) await writeFile(path.join(staging, name), code);
    await writeFile(path.join(staging, DEFERRED_FONTKIT_FILE), fontkitWithDeferredData());
    await build({
      // The raster worker is a file of its own: worker threads start from a module path (src/render/raster-pool.ts).
      entryPoints: { main: path.join(root, 'src/cli/main.ts'), 'raster-worker': path.join(root, 'src/render/raster-worker.ts') },
      outdir: staging,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outExtension: { '.js': '.mjs' },
      chunkNames: '[name]-[hash]',
      plugins: [swapCompiledValidators, loadDeferredFontkit, deferStandardFontEncodings, externalDependencies],
      logLevel: 'warning',
    });
    await writeFile(path.join(staging, 'build-stamp.json'), `${JSON.stringify({ sourceTime, roots: SOURCE_ROOTS })}\n`);
    // Last: the digest of every file written above, so a command need not hash dist/ each time it starts.
    await writeFile(path.join(staging, DIST_DIGEST_FILE), `${JSON.stringify({ digest: distDigest(staging) })}\n`);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await rename(dist, previous).catch(() => {});
  await rename(staging, dist);
  await rm(previous, { recursive: true, force: true });
  console.log(`dist/ built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await buildDist();
