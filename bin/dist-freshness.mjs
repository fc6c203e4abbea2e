// Whether dist/ was built from the sources as they are now. Shared by bin/hexforge.mjs (which runs
// src/ through tsx when dist/ is missing or older than any source) and scripts/build-dist.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the built CLI is made of; package.json because the version and dependencies come from it. */
export const SOURCE_ROOTS = ['src', 'schemas', 'package.json'];

/** The newest modification time (ms) of any file under the source roots. */
export function newestSourceTime(root) {
  let newest = 0;
  for (const name of SOURCE_ROOTS) {
    const full = path.join(root, name);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat) continue;
    newest = Math.max(newest, stat.mtimeMs);
    if (!stat.isDirectory()) continue;
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** True when dist/ exists and no source file changed since it was built. */
export function distIsFresh(root) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(root, 'dist', 'build-stamp.json'), 'utf8'));
  } catch {
    return false;
  }
  return newestSourceTime(root) <= stamp.sourceTime;
}
