/**
 * A check that names its units reads their strengths from units.csv, so a wrong counter value must
 * fail it. For every odds, combat and strength check of every bundled game that names units by id,
 * each named unit's strengths are changed in a copy of the game in memory (the files untouched) and
 * the check must then fail. The change is the same for every unit and check: +100 on each strength
 * field of both faces. That is still a whole number after the halvings a check applies, and it moves
 * the odds past the last column or below the first, which even a CRT known only in part answers
 * (a smaller error on such a table lands between attested columns: a gap, not a pass).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load-game';
import { fieldsWithRole } from '../../src/engine/context';
import { runCheck } from '../../src/engine/checks/runner';
import type { CheckFile } from '../../src/model/files';
import type { Game, Unit } from '../../src/model/game';

const DATA = path.join(__dirname, '..', '..', 'data');
const GAMES = readdirSync(DATA, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const STRENGTH_QUERIES = new Set(['odds', 'combat', 'strength']);
const UNIT_LISTS = ['attackers', 'defenders', 'units'] as const;
const WRONG_BY = 100;

/** Unit ids a check names in its unit lists (an id, or {unit: id}); inline units are not counters. */
function namedUnitIds(check: CheckFile): string[] {
  const input = check.input as Record<string, unknown>;
  const ids = new Set<string>();
  for (const key of UNIT_LISTS) {
    const list = input[key];
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const ref = entry !== null && typeof entry === 'object' && 'unit' in entry ? (entry as { unit: unknown }).unit : entry;
      if (typeof ref === 'string') ids.add(ref);
    }
  }
  return [...ids];
}

/** Whether a check writes its units inline (the rulebook's counters that units.csv does not hold). */
function hasInlineUnits(check: CheckFile): boolean {
  const input = check.input as Record<string, unknown>;
  return UNIT_LISTS.some((key) => Array.isArray(input[key]) && (input[key] as unknown[]).length > 0);
}

/** A copy of the game in which one unit's printed strengths are wrong (every strength field, both faces). */
function withWrongStrength(game: Game, id: string): Game {
  const fields = fieldsWithRole(game, 'attack', 'defense', 'combat');
  const wrong = (values: Unit['front']) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, fields.includes(k) && typeof v === 'number' ? v + WRONG_BY : v]));
  const units = game.units.map((u) => (u.id === id ? { ...u, front: wrong(u.front), reverse: wrong(u.reverse) } : u));
  return { ...game, units };
}

async function bundled(name: string): Promise<Game> {
  const loaded = await loadGame(path.join(DATA, name));
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return loaded.game!;
}

describe.each(GAMES)('data/%s: checks that name units fail when a named unit is wrong', (name) => {
  it('each named unit with a wrong strength fails its check', async () => {
    const game = await bundled(name);
    const named = game.checks.filter((c) => STRENGTH_QUERIES.has(c.query) && namedUnitIds(c).length > 0);
    const survivors: string[] = [];
    for (const check of named) {
      expect([check.id, runCheck(game, check).status]).toEqual([check.id, check.kind === 'erratum' ? 'erratum' : 'pass']);
      for (const id of namedUnitIds(check)) {
        expect(game.units.some((u) => u.id === id)).toBe(true);
        const outcome = runCheck(withWrongStrength(game, id), check);
        if (outcome.status !== 'fail') survivors.push(`${check.id} with ${id} wrong: ${outcome.status}`);
      }
    }
    expect(survivors).toEqual([]);
  });
});

describe.each(GAMES)('data/%s: odds, combat and strength checks name their units or say why not', (name) => {
  it('each check by numbers says in its notes why it keeps them', async () => {
    const game = await bundled(name);
    const byNumbers = game.checks.filter((c) => STRENGTH_QUERIES.has(c.query) && namedUnitIds(c).length === 0 && !hasInlineUnits(c));
    expect(byNumbers.filter((c) => !/^Kept as numbers: /.test(c.notes ?? '')).map((c) => c.id)).toEqual([]);
  });
});
