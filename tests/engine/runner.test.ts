/** The check runner: statuses, errata, unknown table cells and bad input. */
import { describe, expect, it } from 'vitest';
import { runCheck } from '../../src/engine';
import type { CheckFile, TableFile } from '../../src/model/files';
import { asciiGame } from './ascii-game';

const CRT: TableFile = {
  id: 'crt',
  name: 'CRT',
  kind: 'crt',
  columnKind: 'odds',
  columns: [
    { label: '1:1', odds: [1, 1] },
    { label: '2:1', odds: [2, 1] },
  ],
  rows: [
    { min: 1, max: 3, cells: ['AR', '?'] },
    { min: 4, max: 6, cells: ['DR', 'DE'] },
  ],
};
const game = asciiGame({
  map: '. f',
  legend: { '.': 'clear', f: 'forest' },
  terrain: [
    { id: 'clear', name: 'Clear', kind: 'hex', movement: 1 },
    { id: 'forest', name: 'Forest', kind: 'hex', movement: 2, combat: { drm: -1, source: '9.3' } },
  ],
  tables: [CRT],
});
const check = (c: Partial<CheckFile>): CheckFile => ({ id: 'X', kind: 'example', rule: '1.1', query: 'odds', input: {}, expect: {}, ...c });

describe('runCheck', () => {
  it('fails a check whose input holds a number no game has, naming the field, rather than answering odds of Infinity', () => {
    // 1e308 / 1e-308 overflows to Infinity: the odds would read "Infinity:0".
    const huge = runCheck(game, check({ input: { table: 'crt', attack: 1e308, defend: 1e-308 }, expect: { column: '2:1' } }));
    expect(huge.status).toBe('fail');
    expect(huge.reasoning.join('\n')).toContain('input.attack: 1e+308 is beyond');
    expect(huge.reasoning.join('\n')).toContain('input.defend: 1e-308 is nearer zero');
    const summed = runCheck(game, check({ input: { table: 'crt', attack: [1e308, 1e308], defend: 1 }, expect: { column: '2:1' } }));
    expect(summed.reasoning.join('\n')).toContain('input.attack.0: 1e+308');
  });

  it('passes and fails on the stated keys only', () => {
    expect(runCheck(game, check({ input: { table: 'crt', attack: 5, defend: 2 }, expect: { column: '2:1' } })).status).toBe('pass');
    const fail = runCheck(game, check({ input: { table: 'crt', attack: 3, defend: 2 }, expect: { column: '2:1' } }));
    expect(fail.status).toBe('fail');
    expect(fail.actual).toEqual({ column: '1:1' });
  });

  it('reports an erratum that follows the rule text with both readings', () => {
    const r = runCheck(
      game,
      check({
        kind: 'erratum',
        query: 'drm',
        input: { defenderTerrain: ['forest'] },
        expect: { drm: -1 },
        erratum: { ruleReading: 'forest −1', exampleReading: 'example says −2', exampleExpect: { drm: -2 } },
      }),
    );
    expect(r.status).toBe('erratum');
    expect(r.reasoning).toEqual(
      expect.arrayContaining(['Forest -1 [9.3]', 'rule text: forest −1', 'example: example says −2', 'engine agrees with the rule text']),
    );
    const wrong = runCheck(
      game,
      check({
        kind: 'erratum',
        query: 'drm',
        input: { defenderTerrain: ['forest'] },
        expect: { drm: -2 },
        erratum: { ruleReading: 'r', exampleReading: 'e' },
      }),
    );
    expect(wrong.status).toBe('fail');
  });

  it('an unknown cell leaves the row answerable but not the result', () => {
    const input = { table: 'crt', attack: 4, defend: 2, roll: 2 };
    expect(runCheck(game, check({ query: 'combat', input, expect: { column: '2:1', row: '1-3' } })).status).toBe('pass');
    const r = runCheck(game, check({ query: 'combat', input, expect: { result: 'DE' } }));
    expect(r.status).toBe('gap');
    expect(r.reasoning.at(-1)).toMatch(/known gap: result needs .*cell .* not given/);
  });

  it('an unknown cell is no gap when a key the data does give is already wrong', () => {
    const input = { table: 'crt', attack: 4, defend: 2, roll: 2 };
    const r = runCheck(game, check({ query: 'combat', input, expect: { column: '1:1', result: 'DE' } }));
    expect(r.status).toBe('fail');
    expect(r.actual).toMatchObject({ column: '2:1' });
    expect(r.reasoning.at(-1)).toMatch(/differs from the expected \{"column":"1:1"\} already \(the data does not give result\)/);
    expect(runCheck(game, check({ query: 'combat', input, expect: { column: '2:1', result: 'DE' } })).status).toBe('gap');
  });

  it('an unknown query is unsupported; malformed input fails the check', () => {
    expect(runCheck(game, check({ query: 'nosuch.thing' })).status).toBe('unsupported');
    const bad = runCheck(game, check({ query: 'odds', input: { table: 'crt', attack: 'many', defend: 2 }, expect: { column: '1:1' } }));
    expect(bad.status).toBe('fail');
    expect(bad.reasoning[0]).toMatch(/bad input: input.attack must be a number/);
  });
});
