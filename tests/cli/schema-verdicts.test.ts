/**
 * Schema verdicts kept between builds: a data file whose exact text passed its schema under the same
 * code is not checked again, and the diagnostics are those of a full validation.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE } from '../../src/cli/build-cache';
import { keptSchemaVerdicts } from '../../src/cli/schema-verdicts';
import type { GameSources } from '../../src/data/parse-game';
import { readGameDir } from '../../src/data/read-game-dir';
import { validateGame } from '../../src/data/validate';
import { runCli } from './run-cli';

const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-schema-verdicts-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function demoSources(): Promise<GameSources> {
  const { sources } = await readGameDir(path.resolve('data/demo'));
  return sources!;
}

/** The demo with an unknown property at the top of map.json: its schema rejects it. */
function withBadMap(sources: GameSources): GameSources {
  const map = sources.files.map!;
  const text = map.text.replace('{', '{\n  "colour": "blue",');
  return { ...sources, files: { ...sources.files, map: { ...map, text } } };
}

describe('schema verdicts', () => {
  it('a rebuild reuses the verdict of each unchanged file and reports what a full validation reports', async () => {
    const sources = await demoSources();
    const first = keptSchemaVerdicts([], 'code');
    const full = validateGame(sources, { schemaVerdicts: first });
    // Every JSON file of the demo passed (units.csv is checked row by row, always).
    const jsonFiles = Object.keys(sources.files).filter((kind) => kind !== 'units');
    expect(first.passes()).toHaveLength(jsonFiles.length);
    const again = keptSchemaVerdicts(first.passes(), 'code');
    expect(jsonFiles.every((kind) => again.knownToPass(kind as 'map', sources.files[kind as 'map']!.text))).toBe(true);
    const reused = validateGame(sources, { schemaVerdicts: again });
    expect(reused.diagnostics).toEqual(full.diagnostics);
    expect(reused.game).toEqual(full.game);
    expect(again.passes()).toEqual(first.passes());
  });

  it('holds only for the same text under the same code', async () => {
    const sources = await demoSources();
    const first = keptSchemaVerdicts([], 'code');
    validateGame(sources, { schemaVerdicts: first });
    const map = sources.files.map!.text;
    expect(keptSchemaVerdicts(first.passes(), 'code').knownToPass('map', map)).toBe(true);
    expect(keptSchemaVerdicts(first.passes(), 'other code').knownToPass('map', map)).toBe(false);
    expect(keptSchemaVerdicts(first.passes(), 'code').knownToPass('terrain', map)).toBe(false);
    expect(keptSchemaVerdicts(first.passes(), 'code').knownToPass('map', `${map} `)).toBe(false);
  });

  it('a file known to pass is not checked again; a changed one is, its problems reported as without verdicts', async () => {
    const bad = withBadMap(await demoSources());
    const plain = validateGame(bad).diagnostics;
    expect(plain.map((d) => d.code)).toContain('schema/unknown-property');
    const earlier = keptSchemaVerdicts([], 'code');
    validateGame(await demoSources(), { schemaVerdicts: earlier });
    const verdicts = keptSchemaVerdicts(earlier.passes(), 'code');
    expect(validateGame(bad, { schemaVerdicts: verdicts }).diagnostics).toEqual(plain);
    expect(verdicts.passes()).toHaveLength(earlier.passes().length - 1);
    // Told the text passed, validation trusts it: the verdict is what skips the check.
    const trusting = { knownToPass: () => true, passed: () => undefined };
    expect(validateGame(bad, { schemaVerdicts: trusting }).diagnostics.map((d) => d.code)).not.toContain('schema/unknown-property');
  });

  it('hexforge build: a file broken after a build that kept its verdict is reported as a clean build reports it', async () => {
    const gameDir = path.join(root, 'games', 'demo');
    cpSync(path.resolve('data/demo'), gameDir, { recursive: true });
    const built = await runCli(['build', gameDir, '--out', path.join(root, 'out'), '--only', 'bundle', '--json']);
    expect(built.code, built.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(root, 'out', 'demo', MANIFEST_FILE), 'utf8')) as { schemaPasses?: string[] };
    expect(manifest.schemaPasses?.length).toBeGreaterThan(0);
    const mapFile = path.join(gameDir, 'map.json');
    writeFileSync(mapFile, readFileSync(mapFile, 'utf8').replace('{', '{\n  "colour": "blue",'));
    const rebuilt = await runCli(['build', gameDir, '--out', path.join(root, 'out'), '--only', 'bundle', '--json']);
    const clean = await runCli(['build', gameDir, '--out', path.join(root, 'clean'), '--only', 'bundle', '--json']);
    expect(rebuilt.code).not.toBe(0);
    expect(rebuilt.stdout).toContain('schema/unknown-property');
    expect(rebuilt.stdout.replaceAll(path.join(root, 'out'), 'OUT')).toEqual(clean.stdout.replaceAll(path.join(root, 'clean'), 'OUT'));
    expect(rebuilt.stderr.replaceAll(path.join(root, 'out'), 'OUT')).toEqual(clean.stderr.replaceAll(path.join(root, 'clean'), 'OUT'));
  }, 300_000);
});
