/**
 * The digest of the compiled CLI that `npm run build` writes into dist/ (so a command need not hash
 * megabytes of dist/ each time it starts): it is the digest of every other file there, and it
 * changes with any of them.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DIST_DIGEST_FILE, distDigest } from '../../src/cli/code-stamp';

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The digest worked out here: "path sha256" lines of every file but the digest file, in path order. */
function digestOfFolder(dir: string): string {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => file !== DIST_DIGEST_FILE)
    .sort();
  return hex(files.map((file) => `${file} ${hex(readFileSync(path.join(dir, file)))}`).join('\n'));
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'hexforge-code-stamp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the compiled code digest', () => {
  it('npm run build writes the digest of every other file of dist/', () => {
    const dist = path.join(__dirname, '..', '..', 'dist');
    const written = JSON.parse(readFileSync(path.join(dist, DIST_DIGEST_FILE), 'utf8')) as { digest: string };
    expect(written.digest).toBe(digestOfFolder(dist));
  });

  it('leaves the digest file out and changes with any other file', () => {
    mkdirSync(path.join(dir, 'sub'));
    writeFileSync(path.join(dir, 'main.mjs'), 'export {};\n');
    writeFileSync(path.join(dir, 'sub', 'chunk.mjs'), 'export const a = 1;\n');
    const before = distDigest(dir);
    expect(before).toBe(digestOfFolder(dir));
    writeFileSync(path.join(dir, DIST_DIGEST_FILE), '{"digest":"whatever"}\n');
    expect(distDigest(dir)).toBe(before);
    writeFileSync(path.join(dir, 'sub', 'chunk.mjs'), 'export const a = 2;\n');
    expect(distDigest(dir)).not.toBe(before);
  });
});
