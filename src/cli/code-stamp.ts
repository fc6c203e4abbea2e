/**
 * A digest of the code that is running (the compiled dist/ or src/ and schemas/, the data files in
 * assets/ such as the output ICC profile, and package.json):
 * outputs and cached images built by other code are never reused.
 *
 * The compiled dist/ is megabytes: `npm run build` digests it once as it writes it (DIST_DIGEST_FILE),
 * so a command started from it hashes only assets/ and package.json. A dist/ without that file is
 * digested whole.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from '../pipeline/inputs-digest';
import { readInstalled } from './installed-file';
import { packageRoot } from './package-root';

/** Where in dist/ `npm run build` keeps the digest of the compiled files (scripts/build-dist.ts). */
export const DIST_DIGEST_FILE = 'code-digest.json';

/** A folder of the installation that is missing or unreadable stops the command with a diagnostic (installed-file.ts). */
function filesUnder(dir: string): string[] {
  return readInstalled(dir, () => readdirSync(dir, { withFileTypes: true, recursive: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** One line per file (its path relative to `root`, its SHA-256), in path order. */
function listing(root: string, files: readonly string[]): string {
  return files.map((file) => `${path.relative(root, file)} ${sha256(readInstalled(file, () => readFileSync(file)))}`).join('\n');
}

/** The digest of the compiled files under `distDir` (the digest file itself left out). */
export function distDigest(distDir: string): string {
  const files = filesUnder(distDir).filter((file) => path.relative(distDir, file) !== DIST_DIGEST_FILE);
  return sha256(listing(distDir, files));
}

/** The digest `npm run build` wrote beside the compiled files, when it reads as one. */
function writtenDistDigest(distDir: string): string | undefined {
  try {
    const { digest } = JSON.parse(readFileSync(path.join(distDir, DIST_DIGEST_FILE), 'utf8')) as { digest?: unknown };
    return typeof digest === 'string' && /^[0-9a-f]{64}$/.test(digest) ? digest : undefined;
  } catch {
    return undefined;
  }
}

let stamp: string | undefined;

export function codeStamp(): string {
  if (stamp) return stamp;
  const root = packageRoot();
  const here = fileURLToPath(import.meta.url);
  const distDir = path.join(root, 'dist');
  const fromDist = path.relative(distDir, here).split(path.sep)[0] !== '..';
  const data = listing(root, [...filesUnder(path.join(root, 'assets')), path.join(root, 'package.json')]);
  if (fromDist) return (stamp = sha256(`dist ${writtenDistDigest(distDir) ?? distDigest(distDir)}\n${data}`));
  const sources = listing(
    root,
    ['src', 'schemas'].flatMap((dir) => filesUnder(path.join(root, dir))),
  );
  return (stamp = sha256(`${sources}\n${data}`));
}
