/** `hexforge engine …`: one question answered from a game folder or bundle, with reasoning. */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

const GAME = 'tests/fixtures/minimal';

describe('hexforge engine', () => {
  it('odds: the column with the rounding explained', async () => {
    const r = await runCli(['engine', 'odds', GAME, '--attack', '5', '--defend', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('odds 5:2 = 2.5');
    expect(r.stdout).toContain('{"column":"2:1"}');
  });

  it('combat: minimal CRT 2:1, roll 5 → DE (row 4-6)', async () => {
    const r = await runCli(['engine', 'combat', GAME, '--attack', '4', '--defend', '2', '--roll', '5', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).answer).toMatchObject({ result: 'DE', column: '2:1', row: '4-6' });
  });

  it('reach: b1 (foot, MA 4) from 0101; the river on 0101/0102 adds 1, forest 0202 costs 2', async () => {
    const r = await runCli(['engine', 'reach', GAME, '--unit', 'b1', '--from', '0101', '--json']);
    expect(r.code).toBe(0);
    const costs = JSON.parse(r.stdout).answer.costs;
    // 0101 → 0102 across the river: 1 + 1 = 2; 0101 → 0201 (1) → 0202 forest (+2) = 3.
    expect(costs['0102']).toBe(2);
    expect(costs['0201']).toBe(1);
    expect(costs['0202']).toBe(3);
  });

  it('stack: a side without a stacking rule cannot be answered', async () => {
    const r = await runCli(['engine', 'stack', GAME, '--side', 'blue', '--units', 'b1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('cannot answer: game.json states no stacking rule for side "blue"');
  });

  it('supply: a side with no supply zone cannot be answered', async () => {
    const r = await runCli(['engine', 'supply', GAME, '--side', 'blue']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('no supply zone');
  });

  it('usage errors exit 2', async () => {
    const r = await runCli(['engine', 'reach', GAME, '--from', '0101']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('reach needs --unit');
  });
});

describe('hexforge engine with a wrong question', () => {
  it('names the unknown unit and exits 2, without a stack trace', async () => {
    const r = await runCli(['engine', 'stack', 'data/demo', '--side', 'aurelia', '--units', 'no-such-unit']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unit "no-such-unit" is not in units.csv');
    expect(r.stderr).not.toContain('    at ');
  });
});

describe('hexforge engine reach reasoning', () => {
  it('shows the terrain chart costs it used, with their rules', async () => {
    const r = await runCli(['engine', 'reach', 'data/demo', '--unit', 'a-1c-hq', '--from', '0507', '--weather', 'clear']);
    expect(r.code).toBe(0);
    // data/demo/terrain.json: clear costs 1 and forest 3 for motorized units in clear weather (rule 6.3).
    expect(r.stdout).toContain('terrain chart for motorized in clear: Clear 1 [6.3], Forest 3 [6.3]');
  });
});

describe('hexforge engine on a CRT that lists only some of its columns', () => {
  it('odds 4:4 on the VMBB CRT is a gap (no 1:1 column is listed), not the 2:3 column', async () => {
    const r = await runCli(['engine', 'odds', 'data/vmbb', '--attack', '4', '--defend', '4']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('gap');
    expect(r.stdout).toContain('between the listed columns 2:3 and 2:1');
    expect(r.stdout).not.toContain('{"column"');
  });
  it('combat 24:4 on the TTT CRT is a gap (6:1 falls between 4:1 and 9:1), not the 4:1 cell', async () => {
    const r = await runCli(['engine', 'combat', 'data/ttt', '--attack', '24', '--defend', '4', '--roll', '6']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('between the listed columns 4:1 and 9:1');
    expect(r.stdout).not.toContain('1/2');
  });
});

describe('hexforge engine: every query from the command line', () => {
  it('engine list names each query of the game’s system with its inputs', async () => {
    const r = await runCli(['engine', 'list', 'data/ttt']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ttt: \d+ queries \(generic and t3\)/);
    expect(r.stdout).toContain('odds — the CRT column of an attack');
    expect(r.stdout).toContain('--defender-hex <hex>');
    expect(r.stdout).toContain('t3.tpv');
    expect(r.stdout).not.toContain('schwerpunkt.');
  });
  it('a system query runs from flags, numbers read as numbers', async () => {
    const r = await runCli(['engine', 't3.tacticalRating', 'data/ttt', '--tr', '5', '--halvings', '1', '--json']);
    expect(r.code).toBe(0);
    // 3.1.B: TR 5 halved once keeps its fraction, 2.5, above the floor of one.
    expect(JSON.parse(r.stdout).answer).toEqual({ tr: 2.5 });
  });
  it('--input gives the input as JSON; flags add to it', async () => {
    // demo CRT: 11:4 = 2.75 → 2:1, one column left → 1:1.
    const r = await runCli(['engine', 'odds', 'data/demo', '--input', '{"attack": 11, "defend": 4}', '--shift', '-1', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).answer).toEqual({ column: '1:1' });
  });
  it('an unknown flag or query is a usage error with a did-you-mean', async () => {
    const flag = await runCli(['engine', 'odds', 'data/demo', '--atack', '3']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('did you mean --attack?');
    const query = await runCli(['engine', 'odss', 'data/demo']);
    expect(query.code).toBe(2);
    expect(query.stderr).toContain('did you mean "odds"?');
  });
  it('the game named before the query is told the order', async () => {
    for (const [first, second] of [
      ['data/demo', 'odds'],
      ['data/demo', 'list'],
    ]) {
      const r = await runCli(['engine', first, second]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`hexforge engine: the query comes before the game: hexforge engine ${second} ${first}`);
    }
  });
  it('supply of a whole side names the units it could not place instead of counting them as none', async () => {
    const r = await runCli(['engine', 'supply', 'data/demo', '--side', 'kordava']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\d+ of \d+ placed units in supply/);
    expect(r.stdout).toMatch(/15 units of kordava have no start hex/);
    // k-11-arty starts in 2313, next to the east edge's column 24 (kordava's supply source).
    expect(r.stdout).toContain('in supply     k-11-arty at 2313 (1 hex to a source)');
  });
});
