/**
 * A build tiers up later only as a rebuild: when the out folder holds a readable manifest of an
 * earlier build (build-tier-up.ts). A first build, or one over a manifest that does not read as
 * one (a full build then), keeps V8's default.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE, foundEarlierBuild, unchangedBuild } from '../../src/cli/build-cache';

const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-tier-up-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function outFolder(name: string, manifest?: string): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  if (manifest !== undefined) writeFileSync(path.join(dir, MANIFEST_FILE), manifest);
  return dir;
}

describe('foundEarlierBuild', () => {
  it('is false for an out folder no build wrote', async () => {
    expect(await unchangedBuild(outFolder('empty'), 'key', ['bundle'])).toBeUndefined();
    expect(foundEarlierBuild()).toBe(false);
  });

  it('is true once the manifest of an earlier build was read, even when its sources differ', async () => {
    const manifest = { format: 1, outputs: { bundle: { inputs: 'x', files: {}, diagnostics: [], images: [] } } };
    expect(await unchangedBuild(outFolder('built', JSON.stringify(manifest)), 'key', ['bundle'])).toBeUndefined();
    expect(foundEarlierBuild()).toBe(true);
  });

  it('is false for a manifest cut short (the build is a full one)', async () => {
    expect(await unchangedBuild(outFolder('cut', '{"format": 1, "outp'), 'key', ['bundle'])).toBeUndefined();
    expect(foundEarlierBuild()).toBe(false);
  });
});
