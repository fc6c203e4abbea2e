/**
 * A digest of the code that is running (the compiled dist/ or src/ and schemas/, the data files in
 * assets/ such as the output ICC profile, and package.json):
 * outputs and cached images built by other code are never reused.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from '../pipeline/inputs-digest';
import { packageRoot } from './package-root';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

let stamp: string | undefined;

export function codeStamp(): string {
  if (stamp) return stamp;
  const root = packageRoot();
  const here = fileURLToPath(import.meta.url);
  const fromDist = path.relative(path.join(root, 'dist'), here).split(path.sep)[0] !== '..';
  const roots = fromDist ? ['dist', 'assets'] : ['src', 'schemas', 'assets'];
  const files = [...roots.flatMap((r) => filesUnder(path.join(root, r))), path.join(root, 'package.json')];
  const hash = files.map((file) => `${path.relative(root, file)} ${sha256(readFileSync(file))}`).join('\n');
  return (stamp = sha256(hash));
}
