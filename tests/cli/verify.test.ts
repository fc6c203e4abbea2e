import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { tempDir } from '../temp-dir';

const CHECKS = {
  $schema: '../../../schemas/checks.schema.json',
  checks: [
    { id: 'C-1', kind: 'example', rule: '7.1', query: 'odds', input: { table: 'crt', attack: 4, defend: 2 }, expect: { column: '2:1' } },
    {
      id: 'C-2',
      kind: 'derived',
      rule: '7.2',
      query: 'combat',
      input: { table: 'crt', attack: 4, defend: 2, roll: 5 },
      expect: { result: 'DE' },
    },
    { id: 'C-3', kind: 'example', rule: '7.1', query: 'odds', input: { table: 'crt', attack: 3, defend: 2 }, expect: { column: '2:1' } },
    {
      id: 'C-4',
      kind: 'erratum',
      rule: '5.1',
      query: 'moveCost',
      input: { movementClass: 'foot', terrain: ['forest'] },
      expect: { cost: 2 },
      erratum: { ruleReading: 'forest costs 2', exampleReading: 'the example charges 3', exampleExpect: { cost: 3 } },
    },
    // A query the engine knows but cannot answer for this game: the minimal game states no stacking rule.
    { id: 'C-5', kind: 'derived', rule: '9.9', query: 'stack', input: { side: 'blue', units: ['b1'] }, expect: { legal: true } },
  ],
};

let game: string;
let bundle: string;

beforeAll(async () => {
  const root = tempDir('hexforge-verify-');
  game = path.join(root, 'game');
  cpSync('tests/fixtures/minimal', game, { recursive: true });
  writeFileSync(path.join(game, 'checks.json'), JSON.stringify(CHECKS, null, 2));
  const out = path.join(root, 'out');
  const built = await runCli(['build', game, '--only', 'bundle', '--out', out, '--quiet']);
  expect(built.code).toBe(0);
  // Copy the bundle away from its game folder: verify must need nothing else.
  bundle = path.join(tempDir('hexforge-bundle-'), 'copy.bundle.json');
  cpSync(path.join(out, 'minimal', 'minimal.bundle.json'), bundle);
});

describe('hexforge verify', () => {
  it('prints each check with its rule and status, both readings of an erratum, and exits 1 on failures', async () => {
    const r = await runCli(['verify', game]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/pass\s+C-1 \(rule 7\.1\) odds/);
    expect(r.stdout).toMatch(/pass\s+C-2 \(rule 7\.2\) combat/);
    expect(r.stdout).toMatch(/FAIL\s+C-3 \(rule 7\.1\) odds/);
    expect(r.stdout).toContain('expected {"column":"2:1"}');
    expect(r.stdout).toMatch(/erratum\s+C-4/);
    expect(r.stdout).toContain('rule text: forest costs 2');
    expect(r.stdout).toContain('example: the example charges 3');
    expect(r.stdout).toMatch(/UNSUPPORTED C-5/);
    expect(r.stdout).toContain('unsupported (count as failures):');
    expect(r.stdout).toContain('minimal: 2 pass, 1 erratum, 1 fail, 0 gap, 1 unsupported');
  });

  it('reads a bundle file copied away from the data folder', async () => {
    const r = await runCli(['verify', bundle]);
    expect(r.stdout).toContain('minimal: 2 pass, 1 erratum, 1 fail, 0 gap, 1 unsupported');
    expect(r.code).toBe(1);
  });

  it('--json gives one object per check and a summary', async () => {
    const r = await runCli(['verify', bundle, '--json']);
    const lines = r.stdout.split('\n').map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.id).map((l) => [l.id, l.status])).toEqual([
      ['C-1', 'pass'],
      ['C-2', 'pass'],
      ['C-3', 'fail'],
      ['C-4', 'erratum'],
      ['C-5', 'unsupported'],
    ]);
    expect(lines[2].actual).toEqual({ column: '1:1' });
    expect(lines.at(-1)).toEqual({ game: 'minimal', summary: { pass: 2, fail: 1, erratum: 1, gap: 0, unsupported: 1 } });
  });

  it('exits 0 when every check passes', async () => {
    const r = await runCli(['verify', 'tests/fixtures/minimal']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('minimal: 0 pass, 0 erratum, 0 fail, 0 gap, 0 unsupported');
  });

  it('reports an unreadable bundle as a diagnostic, not a crash', async () => {
    const bad = path.join(tempDir('hexforge-bad-'), 'x.bundle.json');
    writeFileSync(bad, '{"formatVersion": 1}');
    const r = await runCli(['verify', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('bundle/schema');
  });

  it("runs validate's table checks on a bundle file and names the problem's line in it", async () => {
    const bad = path.join(tempDir('hexforge-bad-'), 'x.bundle.json');
    const b = JSON.parse(readFileSync(bundle, 'utf8'));
    b.tables[0].drmRange = { min: 5, max: -5 };
    const text = JSON.stringify(b, null, 2);
    writeFileSync(bad, text);
    const line = text.split('\n').findIndex((l) => l.includes('"drmRange"')) + 1;
    const r = await runCli(['verify', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${bad}:${line}:`);
    expect(r.stderr).toContain('tables/bad-range');
    expect(r.stderr).toContain('could not be loaded; no checks run');
  });

  it('names a bundle that is not UTF-8 as a diagnostic, not a JSON error', async () => {
    const dir = tempDir('hexforge-bad-');
    const notUtf8 = path.join(dir, 'latin1.bundle.json');
    writeFileSync(notUtf8, Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
    const r = await runCli(['verify', notUtf8]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('file/encoding');
  });
});

const REQUIRED = ['game.json', 'map.json', 'terrain.json', 'units.csv', 'tracks.json'];
const games = existsSync('data')
  ? readdirSync('data')
      .map((d) => path.join('data', d))
      .filter((d) => REQUIRED.every((f) => existsSync(path.join(d, f))) && existsSync(path.join(d, 'checks.json')))
  : [];

describe('rulebook checks of every game in data/', () => {
  for (const dir of games) {
    it(`${dir}: every check passes, is a recognised erratum, or is blocked by a declared gap`, async () => {
      const r = await runCli(['verify', dir, '--json']);
      const results = r.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .filter((l) => l.id);
      const bad = results.filter((l) => l.status === 'fail' || l.status === 'unsupported').map((l) => `${l.id} ${l.query}: ${l.status}`);
      expect(results.length).toBeGreaterThan(0);
      expect(bad).toEqual([]);
      // A gap is only ever a value the rulebook does not give, and the reasoning names it.
      for (const gap of results.filter((l) => l.status === 'gap')) expect(gap.reasoning.at(-1)).toMatch(/^known gap: /);
    });
  }
});
