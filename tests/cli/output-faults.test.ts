/**
 * Where outputs go wrong: an out folder that cannot be written is a step that failed on valid data
 * (exit 3 with a diagnostic), temporary files of killed runs are cleaned, a build in progress is marked, and
 * `import --force` replaces only a folder an import wrote.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { escapeControls, removeStaleTemps, writeFileAtomic } from '../../src/cli/io';
import { IMPORT_MARKER, writeGameFolder } from '../../src/vassal/import/write-folder';
import { INCOMPLETE_MARKER } from '../../src/cli/build';
import { runCli } from './run-cli';

const MINIMAL = path.join(__dirname, '..', 'fixtures', 'minimal');
const scratch = mkdtempSync(path.join(tmpdir(), 'hexforge-out-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A process id that is surely gone: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('an out folder that cannot be written', () => {
  const file = path.join(scratch, 'a-file');
  writeFileSync(file, 'x');

  it('build --out naming a file: exit 3 with a diagnostic, not an internal error', async () => {
    const r = await runCli(['build', MINIMAL, '--only', 'bundle', '--quiet', '--out', file]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`${file}: error io/cannot-write`);
    expect(r.stderr).not.toContain(INCOMPLETE_MARKER);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it('validate --completeness --out under a file: exit 3', async () => {
    const r = await runCli(['validate', '--completeness', MINIMAL, '--out', path.join(file, 'sub')]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('io/cannot-write');
  });

  it('an import under a file: a diagnostic, nothing written', async () => {
    const d = await writeGameFolder(path.join(file, 'game'), new Map([['game.json', '{}']]));
    expect(d.map((x) => x.code)).toEqual(['io/cannot-write']);
  });
});

describe('temporary files of killed runs', () => {
  it('are removed, those of live processes kept', async () => {
    const dir = path.join(scratch, 'temps');
    mkdirSync(path.join(dir, 'sub'), { recursive: true });
    const dead = await deadPid();
    writeFileSync(path.join(dir, `counters.pdf.tmp-${dead}`), 'half');
    writeFileSync(path.join(dir, `aids.pdf.tmp-${dead}-7`), 'half');
    mkdirSync(path.join(dir, 'sub', `images.tmp-${dead}`));
    writeFileSync(path.join(dir, `map.pdf.tmp-${process.pid}-3`), 'mine');
    writeFileSync(path.join(dir, 'counters.pdf'), 'whole');
    const removed = await removeStaleTemps(dir, 1);
    expect(removed.map((f) => path.relative(dir, f)).sort()).toEqual([
      `aids.pdf.tmp-${dead}-7`,
      `counters.pdf.tmp-${dead}`,
      `sub/images.tmp-${dead}`,
    ]);
    expect(readdirSync(dir).sort()).toEqual(['counters.pdf', `map.pdf.tmp-${process.pid}-3`, 'sub']);
  });

  it('two writes of one file at once both complete: the file holds one of them whole, no temporary file stays', async () => {
    const dir = path.join(scratch, 'same-file');
    const file = path.join(dir, 'face.png');
    const a = 'a'.repeat(100_000);
    const b = 'b'.repeat(100_000);
    await Promise.all([writeFileAtomic(file, a), writeFileAtomic(file, b), writeFileAtomic(file, a)]);
    expect([a, b]).toContain(readFileSync(file, 'utf8'));
    expect(readdirSync(dir)).toEqual(['face.png']);
  });

  it('a build cleans its out folder of them and leaves no marker when it finishes', async () => {
    const out = path.join(scratch, 'build');
    const game = path.join(out, 'minimal');
    mkdirSync(game, { recursive: true });
    const stale = path.join(game, `minimal.bundle.json.tmp-${await deadPid()}`);
    writeFileSync(stale, '{');
    const r = await runCli(['build', MINIMAL, '--only', 'bundle', '--quiet', '--out', out]);
    expect(r.code).toBe(0);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(path.join(game, INCOMPLETE_MARKER))).toBe(false);
    expect(existsSync(path.join(game, 'minimal.bundle.json'))).toBe(true);
  });

  it('a build killed before it finishes leaves its folder marked incomplete', async () => {
    const out = path.join(scratch, 'killed');
    const child = spawn(process.execPath, [
      path.join(__dirname, '..', '..', 'bin', 'hexforge.mjs'),
      'build',
      MINIMAL,
      '--quiet',
      '--out',
      out,
    ]);
    const marker = path.join(out, 'minimal', INCOMPLETE_MARKER);
    // Kill it as soon as the marker is there: the outputs of this build are then not all written.
    const deadline = Date.now() + 60_000;
    while (!existsSync(marker) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('exit', resolve));
    expect(existsSync(marker)).toBe(true);
  });

  it('an import removes the temporary folders of interrupted imports of the same folder', async () => {
    const out = path.join(scratch, 'imported');
    const stale = `${out}.tmp-${await deadPid()}`;
    mkdirSync(stale);
    const other = path.join(scratch, `unrelated.tmp-${await deadPid()}`);
    mkdirSync(other);
    expect(await writeGameFolder(out, new Map([['game.json', '{}']]))).toEqual([]);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(other)).toBe(true);
  });
});

describe('import --force', () => {
  it('replaces a folder an import wrote', async () => {
    const out = path.join(scratch, 'again');
    expect(await writeGameFolder(out, new Map([['a.json', '1']]))).toEqual([]);
    expect(existsSync(path.join(out, IMPORT_MARKER))).toBe(true);
    expect(await writeGameFolder(out, new Map([['b.json', '2']]), { replace: true })).toEqual([]);
    expect(readdirSync(out).sort()).toEqual([IMPORT_MARKER, 'b.json']);
  });

  it('refuses to replace a folder it did not write, keeping every file', async () => {
    const out = path.join(scratch, 'mine');
    mkdirSync(out);
    writeFileSync(path.join(out, 'precious.txt'), 'keep me');
    const d = await writeGameFolder(out, new Map([['a.json', '1']]), { replace: true });
    expect(d.map((x) => x.code)).toEqual(['import/out-not-imported']);
    expect(readdirSync(out)).toEqual(['precious.txt']);
  });
});

describe('terminal safety', () => {
  it('escapes control characters, keeping text and tabs', () => {
    expect(escapeControls('a\u001b]0;pwned\u0007b\u001b[2J\tc')).toBe('a\\u001b]0;pwned\\u0007b\\u001b[2J\tc');
  });
});
