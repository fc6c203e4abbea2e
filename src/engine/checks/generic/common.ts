/** What several generic queries share: the table a question is about, the situation, and the units in a combat. */
import type { TableFile } from '../../../model/files';
import type { Situation } from '../../conditions';
import type { Engine } from '../../context';
import type { Combatant } from '../../combat';
import { QueryInputError, hexIndex, optNumber, optString, refuseExtraCopies, unitFrom, type Input } from '../input';
import { amount, count, inlineUnit, int, list, object, oneOf, ref, str, unitRef, type JsonSchema } from '../input-schema';
import { knownGap, unsupported, type QueryAnswer } from '../query';

export function tableFor(engine: Engine, input: Input, fallbackKind?: TableFile['kind']): TableFile {
  const id = optString(input, 'table');
  if (id !== undefined) {
    const t = engine.table(id);
    if (!t) throw new QueryInputError(`table "${id}" is not in tables.json`);
    return t;
  }
  const t = engine.game.tables.find((x) => x.kind === fallbackKind) ?? undefined;
  if (!t) throw new QueryInputError(`input.table is required (the game has no ${fallbackKind ?? ''} table to default to)`);
  return t;
}

/** Something the engine cannot decide: a gap when the data lacks it, else a question it cannot answer. */
export function cannot(problem: { why: string; gap?: boolean }, reasoning: string[]): QueryAnswer {
  return problem.gap ? knownGap(problem.why, reasoning) : unsupported(problem.why, reasoning);
}

/** The situation keys any conditioned rule form may ask about. */
export const SITUATION: Record<string, JsonSchema> = {
  weather: ref('weather', 'the weather (conditions on weather, weather columns of the terrain chart)'),
  phase: ref('phase', 'the phase of the sequence of play'),
  turn: int('the game turn'),
  scenario: ref('scenario', 'the scenario'),
  attackerSide: ref('side', "the attacker's side, when no attacking units are named"),
  defenderSide: ref('side', "the defender's side, when no defending units are named"),
};

export function situationFrom(input: Input): Situation {
  const turn = optNumber(input, 'turn');
  const keys = ['weather', 'phase', 'scenario', 'attackerSide', 'defenderSide'] as const;
  const s: Situation = {};
  for (const k of keys) {
    const v = optString(input, k);
    if (v !== undefined) s[k] = v;
  }
  if (turn !== undefined) s.turn = turn;
  return s;
}

/** One unit in a combat: an id, an inline unit, or {unit, hex, face, halved, multiplier, across}. */
export const COMBATANT: JsonSchema = {
  anyOf: [
    ref('unit', 'unit id from units.csv'),
    object(
      {
        unit: unitRef('the unit'),
        hex: ref('hex', 'the hex it is in (attackers: the hexside to the defender comes from the map)'),
        face: oneOf('the face it shows', 'front', 'reverse'),
        halved: count('times its strength is halved for a reason the question states (out of supply…)'),
        multiplier: amount('a multiplier the question states (a chit that doubles it…)'),
        across: list(ref('terrain', 'hexside terrain'), 'hexside terrain it attacks across, when no hexes are given'),
        why: str('why the question halves or multiplies it'),
      },
      ['unit'],
    ),
    inlineUnit,
  ],
  description: 'a unit in the combat',
};

export function combatants(engine: Engine, value: unknown, key: string): Combatant[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new QueryInputError(`input.${key} must be a list of units`);
  const combatants = value.map((entry, i) => {
    const wrapped = entry !== null && typeof entry === 'object' && !Array.isArray(entry) && 'unit' in entry;
    const spec = (wrapped ? entry : { unit: entry }) as {
      unit: unknown;
      hex?: unknown;
      face?: unknown;
      halved?: unknown;
      multiplier?: unknown;
      across?: unknown;
      why?: unknown;
    };
    const unit = unitFrom(engine, spec.unit, `${key}[${i}]`);
    const label = unit.id ?? [unit.side, unit.type, unit.size].filter(Boolean).join(' ') ?? `${key}[${i}]`;
    const halved = spec.halved === undefined ? 0 : Number(spec.halved);
    const multiplier = spec.multiplier === undefined ? 1 : Number(spec.multiplier);
    if (!Number.isInteger(halved) || halved < 0) throw new QueryInputError(`input.${key}[${i}].halved must be a whole number`);
    if (!Number.isFinite(multiplier)) throw new QueryInputError(`input.${key}[${i}].multiplier must be a number`);
    const why: string[] = [];
    const reason = typeof spec.why === 'string' ? ` (${spec.why})` : '';
    if (halved > 0) why.push(`halved ${halved === 1 ? 'once' : `${halved} times`}${reason}`);
    if (multiplier !== 1) why.push(`×${multiplier}${halved > 0 ? '' : reason}`);
    return {
      unit,
      label: label || `${key}[${i}]`,
      ...(typeof spec.hex === 'string' ? { hex: hexIndex(engine, spec.hex, `${key}[${i}].hex`) } : {}),
      face: spec.face === 'reverse' ? 'reverse' : 'front',
      factor: multiplier / 2 ** halved,
      why,
      ...(Array.isArray(spec.across) ? { across: spec.across as string[] } : {}),
    } satisfies Combatant;
  });
  refuseExtraCopies(
    key,
    combatants.flatMap((c, i) => {
      const entry: unknown = value[i];
      const id = typeof entry === 'string' ? entry : (entry as { unit?: unknown } | null)?.unit;
      // An inline unit is hypothetical: any number of them may fight.
      return typeof id === 'string' ? [{ id, copies: c.unit.count ?? 1 }] : [];
    }),
  );
  return combatants;
}
