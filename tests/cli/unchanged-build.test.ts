/**
 * `hexforge build` with no data file changed skips reading the game and prints what the last build
 * printed; a data file whose bytes changed is read again even when its size and time are the same;
 * files an output no longer makes are deleted, files it never made are kept.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeBuild } from '../../src/cli/watch';
import { runCli } from './run-cli';

const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-unchanged-'));
const gameDir = path.join(root, 'games', 'demo');
const outRoot = path.join(root, 'out');
const outDir = path.join(outRoot, 'demo');
cpSync(path.resolve('data/demo'), gameDir, { recursive: true });
// A stray data file: loading warns about it, so there is a problem to print again.
writeFileSync(path.join(gameDir, 'stray.json'), '{}\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SKIPPED = 'unchanged (no data file changed)';

async function build(...args: string[]) {
  const result = await runCli(['build', gameDir, '--out', outRoot, ...args]);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

/** The build's problems as printed: every line but the progress lines ("demo: <output> ..."). */
const problems = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => !line.startsWith('demo: '))
    .join('\n');

describe('a rebuild with no data file changed', () => {
  it('skips reading the game, keeps every file and prints the same problems', async () => {
    const first = await build();
    expect(first.stderr).toContain('stray.json is not a Hexforge data file');
    expect(first.stderr).not.toContain(SKIPPED);
    const mtimes = readdirSync(outDir).map((f) => statSync(path.join(outDir, f)).mtimeMs);
    const again = await build();
    expect(again.stderr).toContain(`demo: counters ${SKIPPED}`);
    expect(problems(again.stderr)).toBe(problems(first.stderr));
    expect(problems(again.stderr)).toContain('stray.json is not a Hexforge data file');
    expect(readdirSync(outDir).map((f) => statSync(path.join(outDir, f)).mtimeMs)).toEqual(mtimes);
    // --json: the same problems as JSON lines, then every output reused.
    const json = await build('--json');
    const lines = json.stdout.trim().split('\n');
    expect(lines.some((line) => line.includes('file/unknown'))).toBe(true);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ game: 'demo', written: [], failed: [] });
  }, 600_000);

  it('is not taken when a data file changed with the same size and modification time', async () => {
    const file = path.join(gameDir, 'units.csv');
    const when = new Date('2026-01-01T00:00:00Z');
    await build();
    // A new date alone changes nothing: the bytes decide.
    utimesSync(file, when, when);
    expect((await build()).stderr).toContain(SKIPPED);
    const before = statSync(file);
    const text = readFileSync(file, 'utf8');
    const edited = text.replace('1st Heavy Artillery Regiment,7,2,4', '1st Heavy Artillery Regiment,8,2,4');
    expect(edited).not.toBe(text);
    expect(Buffer.byteLength(edited)).toBe(before.size);
    writeFileSync(file, edited);
    utimesSync(file, when, when);
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
    const rebuilt = await build();
    expect(rebuilt.stderr).not.toContain(SKIPPED);
    expect(rebuilt.stderr).toMatch(/demo: counters 1 file in [\d.]+s \(/);
  }, 600_000);

  it('is not taken when an output file was deleted, or the settings differ', async () => {
    await build();
    rmSync(path.join(outDir, 'counters.pdf'));
    const rebuilt = await build();
    expect(rebuilt.stderr).not.toContain(SKIPPED);
    expect(existsSync(path.join(outDir, 'counters.pdf'))).toBe(true);
    const otherPaper = await build('--set', 'paper=a4');
    expect(otherPaper.stderr).not.toContain(SKIPPED);
    expect(otherPaper.stderr).toMatch(/demo: counters 1 file in/);
  }, 600_000);
});

describe('a data file that cannot be read as loading reads it', () => {
  it('is no shortcut: a named pipe in place of units.csv is reported, never waited on', async () => {
    await build();
    const units = path.join(gameDir, 'units.csv');
    const saved = readFileSync(units);
    rmSync(units);
    execFileSync('mkfifo', [units]);
    try {
      const result = await runCli(['build', gameDir, '--out', outRoot]);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('named pipe');
      expect(result.stderr).not.toContain(SKIPPED);
    } finally {
      rmSync(units);
      writeFileSync(units, saved);
    }
  }, 600_000);
});

describe('files a rebuild no longer makes', () => {
  it('are deleted when the manifest recorded them as an output’s own; other files are kept', async () => {
    await build();
    const cards = () => readdirSync(path.join(outDir, 'aids')).sort();
    const before = cards();
    expect(before.some((name) => name.startsWith('events'))).toBe(true);
    writeFileSync(path.join(outDir, 'aids', 'my-notes.png'), 'a file of mine');
    writeFileSync(path.join(outDir, 'my-notes.txt'), 'a file of mine');
    const tablesFile = path.join(gameDir, 'tables.json');
    const tables = JSON.parse(readFileSync(tablesFile, 'utf8')) as { tables: Array<{ id: string }> };
    tables.tables = tables.tables.filter((table) => table.id !== 'events');
    writeFileSync(tablesFile, `${JSON.stringify(tables, null, 2)}\n`);
    await build();
    const after = cards();
    expect(after.some((name) => name.startsWith('events'))).toBe(false);
    expect(after).toContain('my-notes.png');
    expect(after.filter((name) => name !== 'my-notes.png')).toEqual(before.filter((name) => !name.startsWith('events')));
    expect(readFileSync(path.join(outDir, 'my-notes.txt'), 'utf8')).toBe('a file of mine');
  }, 600_000);
});

describe('the watch line of a rebuild', () => {
  it('names the outputs built again and what each drew anew', () => {
    const build = {
      game: 'demo',
      built: ['counters', 'vassal'],
      reused: ['map'],
      failed: [],
      drawn: { counters: 'pages 3, 4 of 6 drawn', vassal: '1 of 80 face images drawn' },
    };
    expect(describeBuild('games/demo', build, 1.5)).toBe(
      'demo: built counters (pages 3, 4 of 6 drawn), vassal (1 of 80 face images drawn); unchanged map (1.50 s)',
    );
  });
});

describe('a rebuild of a game with pictures', () => {
  it('is not skipped when a picture the data names changed, though no data file did', async () => {
    const dir = path.join(root, 'games', 'art');
    cpSync(path.resolve('tests/fixtures/minimal'), dir, { recursive: true });
    const csv = readFileSync(path.join(dir, 'units.csv'), 'utf8').trimEnd().split('\n');
    csv[0] += ',image';
    csv[1] += ',b1.png';
    for (let i = 2; i < csv.length; i++) csv[i] += ',';
    writeFileSync(path.join(dir, 'units.csv'), `${csv.join('\n')}\n`);
    const sharp = (await import('sharp')).default;
    const picture = (colour: string) =>
      sharp({ create: { width: 60, height: 60, channels: 3, background: colour } })
        .png()
        .toBuffer();
    writeFileSync(path.join(dir, 'b1.png'), await picture('#c02020'));
    const run = async () => {
      const result = await runCli(['build', dir, '--out', outRoot, '--only', 'counters']);
      expect(result.code, result.stderr).toBe(0);
      return result.stderr;
    };
    await run();
    expect(await run()).toContain(SKIPPED);
    writeFileSync(path.join(dir, 'b1.png'), await picture('#2040c0'));
    const after = await run();
    expect(after).not.toContain(SKIPPED);
    expect(after).not.toContain('counters unchanged');
  }, 600_000);
});
