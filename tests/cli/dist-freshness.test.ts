/** bin/hexforge.mjs runs dist/ only when it was built from the sources as they are now. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { distIsFresh, newestSourceTime } from '../../bin/dist-freshness.mjs';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function checkout(): string {
  root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-fresh-'));
  mkdirSync(path.join(root, 'src', 'cli'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'cli', 'main.ts'), '');
  writeFileSync(path.join(root, 'package.json'), '{}');
  return root;
}

function stamp(sourceTime: number): void {
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'dist', 'build-stamp.json'), JSON.stringify({ sourceTime }));
}

describe('dist freshness', () => {
  it('is stale without dist/', () => {
    checkout();
    expect(distIsFresh(root)).toBe(false);
  });

  it('is fresh when built after the newest source, stale once a nested source file changes', () => {
    checkout();
    const t = new Date('2026-01-01T00:00:00Z');
    utimesSync(path.join(root, 'src', 'cli', 'main.ts'), t, t);
    utimesSync(path.join(root, 'package.json'), t, t);
    for (const dir of ['src/cli', 'src']) utimesSync(path.join(root, dir), t, t);
    expect(newestSourceTime(root)).toBe(t.getTime());
    stamp(t.getTime());
    expect(distIsFresh(root)).toBe(true);
    const later = new Date('2026-01-01T00:00:05Z');
    utimesSync(path.join(root, 'src', 'cli', 'main.ts'), later, later);
    expect(distIsFresh(root)).toBe(false);
  });

  // npm unpacks a package's files with the time of the install, after dist/ was built.
  it("is fresh in an installed package whatever its files' times", () => {
    const top = mkdtempSync(path.join(os.tmpdir(), 'hexforge-installed-'));
    root = path.join(top, 'node_modules', 'hexforge');
    mkdirSync(path.join(root, 'src'), { recursive: true });
    writeFileSync(path.join(root, 'src', 'main.ts'), '');
    stamp(new Date('2026-01-01T00:00:00Z').getTime());
    expect(newestSourceTime(root)).toBeGreaterThan(new Date('2026-01-01T00:00:00Z').getTime());
    expect(distIsFresh(root)).toBe(true);
    rmSync(path.join(root, 'dist'), { recursive: true });
    expect(distIsFresh(root)).toBe(false);
    root = top;
  });
});
