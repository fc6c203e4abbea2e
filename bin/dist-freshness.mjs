// Whether dist/ was built from the sources as they are now. Shared by bin/hexforge.mjs (which runs
// src/ through tsx when dist/ is missing or older than any source) and scripts/build-dist.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the built CLI is made of; package.json because the version and dependencies come from it. */
export const SOURCE_ROOTS = ['src', 'schemas', 'package.json'];

/**
 * The newest modification time (ms) of any file under the source roots. Runs on every start of the
 * CLI, so it is written for a cold process: one readdir per folder and one stat per file, paths
 * joined by hand (path.join normalises each one, and recursive readdir joins every entry's path
 * again), about half the CPU time of the plain way on this repository's 400 files.
 */
export function newestSourceTime(root) {
  let newest = 0;
  for (const name of SOURCE_ROOTS) {
    const full = path.join(root, name);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.mtimeMs > newest) newest = stat.mtimeMs;
    if (stat.isDirectory()) newest = newestFileUnder(full, newest);
  }
  return newest;
}

/** The newest of `newest` and the modification times of the files under `dir` (links are not followed). */
function newestFileUnder(dir, newest) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = `${dir}/${entry.name}`;
    if (entry.isDirectory()) newest = newestFileUnder(full, newest);
    else if (entry.isFile()) {
      const time = statSync(full).mtimeMs;
      if (time > newest) newest = time;
    }
  }
  return newest;
}

/**
 * True when dist/ exists and no source file changed since it was built. An installed package (a
 * folder under node_modules/) runs the dist/ it came with: npm gives its files the time they were
 * unpacked, later than the build, and nobody edits them there.
 */
export function distIsFresh(root) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(root, 'dist', 'build-stamp.json'), 'utf8'));
  } catch {
    return false;
  }
  if (path.resolve(root).split(path.sep).includes('node_modules')) return true;
  return newestSourceTime(root) <= stamp.sourceTime;
}
