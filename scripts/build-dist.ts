/**
 * `npm run build` (also run by `npm ci`/`npm install` through `prepare`): compiles the CLI into dist/
 * so a command starts without transpiling TypeScript or compiling JSON Schemas.
 *
 * - esbuild bundles src/ (dependencies stay external, but for pdf-lib) with code splitting, so each command's
 *   `import()` in src/cli/main.ts is its own chunk, loaded only when that command runs;
 * - the schema validators are written as ajv standalone code (CommonJS, loaded on first use), and
 *   src/data/compiled-validators.ts is swapped for a module that loads them;
 * - src/cli/check-query-catalog.ts is swapped for the engine's query declarations written out as
 *   data, so that validating a game's checks loads no engine code;
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
import { isDeepStrictEqual } from 'node:util';
import { Script } from 'node:vm';
import { build, type Plugin } from 'esbuild';
import ajvStandaloneCode from 'ajv/dist/standalone';
import { BUNDLE_SCHEMA_ID, bundleAjv, LISTED_VALUE_IDS, schemaAjv, UNIT_CELL_CHECK_IDS, VALIDATOR_IDS } from '../src/data/schema-compile';
import { checkQueryAjv, checkQuerySchemaId } from '../src/data/check-query-compile';
import { appendErrorsInPlace, copiesGatheredErrors } from '../src/data/validator-errors-append';
import { moduleWithSharedCallContext, readsCallContext } from '../src/data/validator-call-paths';
import { CHECK_QUERY_CATALOG, queryCatalog } from '../src/engine/checks/catalog';
import type { CheckQuerySpec } from '../src/data/check-queries';
import { newestSourceTime, SOURCE_ROOTS } from '../bin/dist-freshness.mjs';
import { DIST_DIGEST_FILE, distDigest } from '../src/cli/code-stamp';
import { DEFERRED_FONTKIT_FILE, deferStandardFontEncodings, fontkitWithDeferredData, loadDeferredFontkit } from './deferred-package-data';

const root = path.join(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

/**
 * The validator files whose compiled code V8 keeps beside them (CODE_CACHE_SUFFIX), made at build
 * time: these are loaded on every validation, and compiling their megabyte and more of code cost
 * each start of a command some 30 ms of CPU time.
 */
const CODE_CACHED = (name: string): boolean => /^validators-(lean|lean-rows|checks-.*)\.cjs$/.test(name);
export const CODE_CACHE_SUFFIX = '.v8-cache';

/** A CommonJS file's code as the function Node's require() makes of it; the code cache is made of exactly this text. */
export function asCommonJsFunction(code: string): string {
  return `(function (exports, require, module, __filename, __dirname) {${code}\n})`;
}

/** The validators module of the built CLI: loads the standalone validators on first use. */
const COMPILED_VALIDATORS = `import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
const require = createRequire(import.meta.url);
const cache = {};
${asCommonJsFunction.toString()}
// A validator file as require() loads it, compiled from V8's code cache made at build time when
// V8 accepts it (the same V8 and flags as the build); else V8 compiles the code as require() would.
function load(name) {
  const filename = fileURLToPath(new URL(name, import.meta.url));
  let cachedData;
  try {
    cachedData = readFileSync(filename + '${CODE_CACHE_SUFFIX}');
  } catch {
    cachedData = undefined;
  }
  const script = new Script(asCommonJsFunction(readFileSync(filename, 'utf8')), { filename, cachedData });
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, require, module, filename, path.dirname(filename));
  return module.exports;
}
let leanFiles;
let leanRows;
// The lean units-row validator is a file of its own: a rebuild that reuses every JSON file's schema
// verdict checks units.csv alone, without loading the validators of the other files (a megabyte).
const lean = {
  get files() {
    return (leanFiles ??= load('validators-lean.cjs'));
  },
  get rows() {
    return (leanRows ??= load('validators-lean-rows.cjs')).rows;
  },
  // The units.csv cell checks are in the row validator's module, by name.
  get unitCells() {
    return (leanRows ??= load('validators-lean-rows.cjs'));
  },
  // The validators of LISTED_VALUE_CHECKS are in the file validators' module, by name.
  get listedValues() {
    return (leanFiles ??= load('validators-lean.cjs'));
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
  const validate = (checkFamilies[family] ??= load(\`validators-checks-\${family}.cjs\`))[id];
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

/**
 * The module that stands for src/cli/check-query-catalog.ts in the built CLI: CHECK_QUERY_CATALOG
 * answering as the engine's does (src/engine/checks/catalog.ts), from its declarations written out
 * here. Each query family's declarations are parsed on first use, as its validators are loaded.
 */
export function checkQueryCatalogModule(): string {
  const queries: [string, string | null][] = [];
  const families: Record<string, Record<string, CheckQuerySpec>> = {};
  for (const [name, entry] of queryCatalog()) {
    queries.push([name, entry.system ?? null]);
    const spec = CHECK_QUERY_CATALOG.spec(name)!;
    const declared: CheckQuerySpec = {};
    for (const part of ['input', 'expect', 'system'] as const) {
      if (spec[part] === undefined) continue;
      if (!isDeepStrictEqual(JSON.parse(JSON.stringify(spec[part])), spec[part]))
        throw new Error(`the ${part} of query ${name} is not plain JSON data`);
      Object.assign(declared, { [part]: spec[part] });
    }
    (families[checkQueryFamily(name)] ??= {})[name] = declared;
  }
  const familyTexts = Object.entries(families)
    .map(([family, specs]) => `  ${JSON.stringify(family)}: ${JSON.stringify(JSON.stringify(specs))},`)
    .join('\n');
  return `const QUERIES = ${JSON.stringify(queries)};
const FAMILY_SPECS = {
${familyTexts}
};
const parsedFamilies = {};
const specs = new Map();
${checkQueryFamily.toString()}
export const CHECK_QUERY_CATALOG = {
  spec(name) {
    if (!specs.has(name)) {
      const family = checkQueryFamily(name);
      const table = Object.hasOwn(FAMILY_SPECS, family) ? (parsedFamilies[family] ??= JSON.parse(FAMILY_SPECS[family])) : {};
      const declared = Object.hasOwn(table, name) ? table[name] : undefined;
      specs.set(name, declared && { input: declared.input, expect: declared.expect, system: declared.system });
    }
    return specs.get(name);
  },
  names(system) {
    return QUERIES.filter(([, of]) => of === null || of === system).map(([name]) => name);
  },
};
`;
}

const swapCheckQueryCatalog: Plugin = {
  name: 'check-query-catalog',
  setup(b) {
    b.onResolve({ filter: /\/check-query-catalog$/ }, () => ({ path: 'check-query-catalog', namespace: 'hexforge-catalog' }));
    b.onLoad({ filter: /.*/, namespace: 'hexforge-catalog' }, () => ({ contents: checkQueryCatalogModule(), loader: 'js' }));
  },
};

/** V8's code cache of a CommonJS file, as the built CLI compiles it (COMPILED_VALIDATORS' load). */
function codeCache(code: string, filename: string): Buffer {
  return new Script(asCommonJsFunction(code), { filename }).createCachedData();
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
    for (const [name, code] of Object.entries(standaloneValidators())) {
      await writeFile(path.join(staging, name), code);
      if (CODE_CACHED(name)) await writeFile(path.join(staging, name + CODE_CACHE_SUFFIX), codeCache(code, path.join(dist, name)));
    }
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
      plugins: [swapCompiledValidators, swapCheckQueryCatalog, loadDeferredFontkit, deferStandardFontEncodings, externalDependencies],
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
