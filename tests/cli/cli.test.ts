/** The real executable, as users run it: exit codes and output streams. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(__dirname, '..', '..');
const bin = path.join(root, 'bin', 'hexforge.mjs');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' } });

describe('hexforge executable', () => {
  it('exits 0 on a clean game', () => {
    const result = run('validate', 'tests/fixtures/minimal');
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('0 errors, 0 warnings');
  });

  it('exits 1 on invalid data, printing file:line:col, the source line, a caret and a hint', () => {
    const result = run('validate', 'tests/fixtures/invalid/unknown-terrain');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'tests/fixtures/invalid/unknown-terrain/map.json:8:13: error ref/unknown-terrain: unknown terrain "forrest"',
    );
    expect(result.stderr).toContain('|     "0202": "forrest"');
    expect(result.stderr).toMatch(/\| {13}\^/);
    expect(result.stderr).toContain('hint: did you mean "forest"?');
  });

  it('a rebuild checks a changed units.csv and a changed map.json against their schemas, the others known to pass', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hexforge-cli-rebuild-'));
    try {
      const game = path.join(dir, 'games', 'minimal');
      cpSync(path.join(root, 'tests/fixtures/minimal'), game, { recursive: true });
      const build = () => run('build', game, '--out', path.join(dir, 'out'), '--only', 'bundle');
      expect(build().status).toBe(0);
      const units = path.join(game, 'units.csv');
      writeFileSync(units, readFileSync(units, 'utf8').replace('reduced,2,2,4,0101', 'sideways,2,2,4,0101'));
      const badRow = build();
      expect(badRow.status).toBe(1);
      expect(badRow.stderr).toContain('units.csv:2:47: error schema/enum: "sideways" is not one of "reduced", "blank", "same", "other"');
      cpSync(path.join(root, 'tests/fixtures/minimal/units.csv'), units);
      cpSync(path.join(root, 'tests/fixtures/invalid/wrong-type/map.json'), path.join(game, 'map.json'));
      const badMap = build();
      expect(badMap.status).toBe(1);
      expect(badMap.stderr).toContain('map.json:5:14: error schema/type: expected number, found the string "large"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 on bad usage', () => {
    expect(run('validate').status).toBe(2);
    expect(run('frobnicate').status).toBe(2);
    expect(run('build', 'tests/fixtures/minimal', '--only', 'nonsense').status).toBe(2);
  });

  // `hexforge … | head` closes the pipe early: an unhandled EPIPE printed a stack trace.
  it('a reader that stops early ends the output quietly, the command its own exit code', () => {
    const result = spawnSync(
      'bash',
      ['-c', `"${process.execPath}" "${bin}" verify data/ttt --json | head -c 1 >/dev/null; echo "status=\${PIPESTATUS[0]}" >&2`],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(result.stderr).not.toContain('EPIPE');
    expect(result.stderr).toContain('status=0');
  });

  it('reports a missing folder as a diagnostic, not a stack trace', () => {
    const result = run('validate', 'no/such/game');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('file/no-game-dir');
    expect(result.stderr).not.toContain('    at ');
  });
});

describe('hexforge executable, compiled', () => {
  it('prints the version of package.json', () => {
    const result = run('--version');
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version);
  });

  it('runs the sources through tsx when asked (as it does when dist/ is stale)', () => {
    const fromSource = spawnSync(process.execPath, [bin, '--version'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, HEXFORGE_FROM_SOURCE: '1' },
    });
    expect(fromSource.status).toBe(0);
    expect(fromSource.stdout.trim()).toBe(run('--version').stdout.trim());
  });
});
