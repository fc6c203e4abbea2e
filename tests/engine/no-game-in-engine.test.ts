/**
 * The engine holds rules, the data holds games: no id, hex, name or number of a bundled game
 * (data/*) is a literal in src/engine/. A rule that needs a game's value reads it from the game's
 * data (game.json systemRules, tables, terrain…), where completeness, aid cards and diff see it.
 *
 * The words and numbers allowed below are the engine's own vocabulary, each with the reason it is
 * not a game value; a game that happens to use one of them as an id does not make it one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { engineFiles, gameValues, scanSource, systemRuleNames, type Finding, type ScanRules } from './game-literals';

/** Words the engine's forms are written in (schema property names, field names, answer vocabulary). */
const ENGINE_VOCABULARY: Record<string, string> = {
  attack: 'unit value field the combat forms read (schemas/README: unitFields attack/defense/combat/movement)',
  defense: 'unit value field the combat forms read',
  combat: 'unit value field the combat forms read',
  movement: 'unit value field the movement forms read; also the name of a movement mode kind',
  terrain: 'the terrain reference kind of query inputs and the key of hex data',
  unit: 'the unit reference kind of query inputs',
  weather: 'the weather condition of rule forms (conditions.weather)',
  phase: 'the phase condition of rule forms (conditions.phase)',
  formation: 'the formation field of units.csv and of conditions',
  type: 'the type field of units.csv and of conditions',
  designation: 'the designation field of units.csv',
  crt: 'the kind of a combat results table (tables.schema kind "crt")',
  front: 'the counter face (front or reverse) of units.csv',
  reduced: 'units.csv back value: the reverse is the reduced face',
  blank: 'units.csv back value: the reverse is blank',
  other: 'movement cost "other" (the terrain of the other side of a hexside applies)',
  default: 'the fallback key of per-class and per-weather movement costs (terrain.schema)',
  zoc: 'the zone of control reference of rule forms',
  'no-zoc': 'the unit flag the ZOC form reads (game.schema unitFlags effect "no-zoc")',
  reinforcements: 'the reinforcement list of scenarios.json the reinforcement form reads',
  independent: 'spi-kursk.commandShift input vocabulary: command "independent", "alternate" or "breakdown"',
  level: 'the victory entry kind "level" (scenarios.schema)',
  eliminated: 'answer and input vocabulary: a unit eliminated (stepLoss, vpAward, retreats)',
  counter: 'answer vocabulary of step losses: replaced by the "next-counter"',
  overrun: 'input vocabulary of spi-kursk queries: a result during an overrun, guns attacked by an overrun',
  segment: 'input vocabulary of spi-kursk.antitankResult: during the "gun-segment"',
  static: 'unit flag effect "static" (game.schema unitFlags effect)',
  'cannot-attack': 'unit flag effect "cannot-attack" (game.schema unitFlags effect)',
  'variable-reinforcement': 'unit flag effect "variable-reinforcement" (game.schema unitFlags effect)',
  activity: 'table kind "activity" (tables.schema kind)',
  administrative: 'segment kind "administrative" of the schwerpunkt segments rule form (system-rules.schema)',
  regular: 'input vocabulary of ring-of-fire movement queries: the Regular Movement Phase',
  reserve: 'input vocabulary of ring-of-fire queries: the Reserve Movement and Combat Phases, a unit in reserve',
  move: 'input vocabulary of ring-of-fire.reserveStatus: the event "reserve-move"',
  air: 'input vocabulary of ring-of-fire.reserveStatus: the event "air-strike-step-loss" (the air unit type itself is a rule value)',
  events: 'the input key "events" of ring-of-fire.hexControl, named in its messages',
  ground: 'input vocabulary of ring-of-fire.hexControl: a "ground-combat" unit enters',
  'sudden-death': 'the victory entry kind "sudden-death" (scenarios.schema)',
  draw: 'answer vocabulary of t3.victory: the game is a draw',
};

/**
 * Rule modules whose game values are still being moved into their games' data. Each must still
 * hold some (the list only shrinks): when a module is clean, its entry goes and the main test covers it.
 */
const NOT_YET_MOVED: string[] = [];

/** Numbers that are arithmetic, not game values. */
const ARITHMETIC: Record<number, string> = {
  0: 'zero',
  1: 'one: counting and identity',
  2: 'halving and doubling, which the rule forms name as such ("halve", "double")',
  9: 'the largest decimal digit: dice combined as digits (d66) read one digit per die only up to nine faces',
};

const RULES: ScanRules = {
  ruleNames: systemRuleNames(),
  allowedWords: new Set(Object.keys(ENGINE_VOCABULARY)),
  allowedNumbers: new Set(Object.keys(ARITHMETIC).map(Number)),
};

function describeFinding(f: Finding): string {
  return `${f.file}:${f.line} ${f.kind} ${JSON.stringify(f.literal)} (in ${f.seenIn})`;
}

describe('no game in the engine', () => {
  const values = gameValues();

  it('reads the bundled games: the scanner knows their ids, hexes, names and numbers', () => {
    // A scanner that saw nothing could not fail: these are values the games are known to state.
    expect(values.ids.get('soviet')).toBeDefined();
    expect(values.ids.get('0101')).toBeDefined();
    expect(values.names.get('German')).toBeDefined();
    expect(values.numbers.get(7)).toBeDefined();
  });

  it('finds a game value planted in engine source', () => {
    const planted = `const SIDE = 'soviet'; const HEX = '0101'; const LIMIT = 7; const label = "German attack";`;
    const found = scanSource('src/engine/planted.ts', planted, values, RULES).map((f) => f.literal);
    expect(found).toEqual(['soviet', '0101', '7', 'German']);
  });

  const findings = engineFiles().flatMap((file) => scanSource(file, readFileSync(file, 'utf8'), values, RULES));
  const pending = (f: Finding) => NOT_YET_MOVED.some((prefix) => f.file.startsWith(prefix));

  it('holds 0 literal game values in src/engine/', () => {
    expect(findings.filter((f) => !pending(f)).map(describeFinding)).toEqual([]);
  });

  it.each(NOT_YET_MOVED)('%s: still to move (remove it from the list once clean)', (prefix) => {
    expect(findings.filter((f) => f.file.startsWith(prefix)).length).toBeGreaterThan(0);
  });
});
