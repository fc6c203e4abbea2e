/**
 * checks.json against the engine's query declarations: unknown queries and input keys are errors
 * at file:line:col with a did-you-mean; units, hexes and other ids a check names must exist; a
 * query of another game system is refused; a check without its own rounding is the rule.
 */
import { describe, expect, it } from 'vitest';
import { validateGame } from '../../src/data/validate';
import { CHECK_QUERY_CATALOG } from '../../src/engine/checks/catalog';
import { minimalSources } from './helpers';

function withChecks(checks: { id: string }[]) {
  checks.forEach((c, i) => (c.id = `X-${i + 1}`));
  const text = JSON.stringify({ $schema: '../../../schemas/checks.schema.json', checks }, null, 2);
  const sources = minimalSources();
  sources.files.checks = { file: 'minimal/checks.json', text };
  return validateGame(sources, { checkQueries: CHECK_QUERY_CATALOG }).diagnostics;
}

const check = (query: string, input: Record<string, unknown>, expect: Record<string, unknown> = {}) => ({
  id: 'X-1',
  kind: 'derived',
  rule: '1.1',
  query,
  input,
  expect,
});

describe('checks validated against the query declarations', () => {
  it('accepts a well-formed check', () => {
    expect(withChecks([check('odds', { table: 'crt', attack: 4, defend: 2 }, { column: '2:1' })])).toEqual([]);
  });

  it('refuses an unknown query, suggesting the nearest', () => {
    const [d] = withChecks([check('odss', {})]);
    expect(d).toMatchObject({ code: 'check/unknown-query', file: 'minimal/checks.json', line: 8 });
    expect(d.hint).toContain('did you mean "odds"?');
  });

  it('refuses an unknown input key at its line, with a did-you-mean', () => {
    const [d] = withChecks([check('odds', { table: 'crt', atack: 4, defend: 2 })]);
    expect(d).toMatchObject({ code: 'check/unknown-property', line: 11 });
    expect(d.message).toContain('unknown property "atack"');
    expect(d.hint).toBe('did you mean "attack"?');
  });

  it('refuses a value of the wrong type', () => {
    const [d] = withChecks([check('combat', { table: 'crt', attack: 4, defend: 2, roll: 'six' })]);
    expect(d.code).toBe('check/type');
    expect(d.pointer).toBe('/checks/0/input/roll');
  });

  it('cross-checks units, hexes, terrain and tables the check names', () => {
    const diagnostics = withChecks([
      check('stack', { side: 'blue', units: ['b2'] }),
      check('reach', { movementClass: 'foot', ma: 2, from: '0909' }),
      check('moveCost', { movementClass: 'foot', terrain: ['forrest'] }),
      check('odds', { table: 'crtt', attack: 1, defend: 1 }),
    ]).map((d) => [d.code, d.hint ?? d.message]);
    expect(diagnostics).toEqual([
      ['ref/unknown-unit', 'did you mean "b1"? (units are declared in units.csv)'],
      ['hex/off-map', 'the map covers columns 1-4 and rows 1-3'],
      ['ref/unknown-terrain', 'did you mean "forest"? (terrains are declared in terrain.json)'],
      ['ref/unknown-table', 'did you mean "crt"? (tables are declared in tables.json)'],
    ]);
  });

  it("refuses a query of another system than the game's", () => {
    const [d] = withChecks([check('t3.tpv', {})]);
    expect(d.code).toBe('check/unknown-query');
    expect(d.message).toContain('belongs to the t3 system');
  });

  it('a strength check may not carry its own rounding: the game states it', () => {
    const [d] = withChecks([check('strength', { values: [17], halved: [1], round: 'down' })]);
    expect(d.code).toBe('check/unknown-property');
    expect(d.hint).toContain('game.json "strength"');
  });
});
