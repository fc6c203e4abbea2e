/**
 * The generic combat queries: odds, combat, drm, shift and strength. A question gives strengths
 * either as numbers (attack, defend) or as positions: the units by id (their printed strengths
 * come from units.csv, so a wrong counter value fails the check), the defender's hex and the
 * attackers' hexes (terrain and hexsides come from the map), and the situation for conditioned
 * effects. Totals follow the game's strength rule (game.json `strength`).
 */
import type { TableFile } from '../../../model/files';
import type { Situation } from '../../conditions';
import type { Engine } from '../../context';
import { combatTerrain, sideTotal, factsOf, type Combatant, type CombatPositions } from '../../combat';
import { clampDrm, pickColumn, readRow, signed, type ColumnPick } from '../../crt';
import { combatModifier, type AttackerPlace, type EffectInPlay } from '../../modifiers';
import { sideStrength, strengthRule } from '../../strength';
import { QueryInputError, hexIndex, naturalRoll, optNumber, optString, optStrings, optTotal, type Input } from '../input';
import { int, list, oneOrMany, ref, str, total, object, oneOf, type JsonSchema } from '../input-schema';
import { defineQuery, knownGap, unsupported, type QueryAnswer } from '../query';
import { COMBATANT, SITUATION, cannot, combatants, situationFrom, tableFor } from './common';

const TERRAIN_INPUTS: Record<string, JsonSchema> = {
  table: ref('table', 'the table (default: the first CRT)'),
  defenderTerrain: oneOrMany(ref('terrain', 'terrain id'), "terrain of the defender's hex, when no defenderHex is given"),
  across: oneOrMany(ref('terrain-or-hexside', 'hexside terrain id or hexside "<hex>/<hex>"'), 'hexsides some attacker attacks across'),
  modifiers: list(
    ref('tableModifier', "modifier id of the table's modifiers"),
    "the table's modifiers that apply (ones with a `when` apply by themselves)",
  ),
};

const POSITIONS: Record<string, JsonSchema> = {
  attackers: list(COMBATANT, 'the attacking units: their attack strengths come from units.csv'),
  defenders: list(COMBATANT, 'the defending units: their defense strengths come from units.csv'),
  defenderHex: ref('hex', "the defender's hex: its terrain comes from the map"),
  rule: ref('strengthRule', 'the strength rule of game.json (default: the one for the role)'),
};

const STRENGTHS: Record<string, JsonSchema> = {
  attack: total('attack strength (or a list of strengths added up), instead of attackers'),
  defend: total('defense strength (or a list added up), instead of defenders'),
  column: str('a column label, instead of strengths'),
  shift: int('a further column shift (positive favours the attacker)'),
};

interface CombatSetup {
  /** Undefined only for drm and shift questions that name no table. */
  table: TableFile;
  situation: Situation;
  positions?: CombatPositions;
  defenderTerrain: string[];
  places: AttackerPlace[];
  effects: EffectInPlay[];
  reasoning: string[];
  /** Side totals the engine computed from named units (reported with the answer). */
  totals: { attack?: number; defend?: number };
}

/** Reads the question: table, situation, units and terrain; a gap or an error when the data or question lacks something. */
function setup(engine: Engine, input: Input, tableKind: TableFile['kind'] | undefined): CombatSetup | QueryAnswer {
  const table = input.table !== undefined || tableKind !== undefined ? tableFor(engine, input, tableKind) : undefined;
  const attackers = combatants(engine, input.attackers, 'attackers');
  const defenders = combatants(engine, input.defenders, 'defenders');
  const situation = situationFrom(input);
  const sideOf = (units: Combatant[]) => [...new Set(units.map((c) => c.unit.side).filter((s): s is string => s !== undefined))];
  const [aSide] = sideOf(attackers);
  const [dSide] = sideOf(defenders);
  if (aSide !== undefined && situation.attackerSide === undefined) situation.attackerSide = aSide;
  if (dSide !== undefined && situation.defenderSide === undefined) situation.defenderSide = dSide;
  if (attackers.length) situation.attackers = attackers.map((c) => factsOf(engine, c.unit));
  if (defenders.length) situation.defenders = defenders.map((c) => factsOf(engine, c.unit));
  const defenderHex = optString(input, 'defenderHex');
  const positions: CombatPositions = {
    attackers,
    defenders,
    ...(defenderHex !== undefined ? { defenderHex: hexIndex(engine, defenderHex, 'defender hex') } : {}),
    ...(input.defenderTerrain !== undefined ? { defenderTerrain: optStrings(input, 'defenderTerrain') } : {}),
    situation,
  };
  for (const id of positions.defenderTerrain ?? [])
    if (!engine.terrain(id)) throw new QueryInputError(`terrain "${id}" is not in terrain.json`);
  const t = combatTerrain(engine, positions);
  if (t.error) throw new QueryInputError(t.error);
  const reasoning: string[] = [];
  if (defenderHex !== undefined && t.gap === undefined)
    reasoning.push(`defender in ${defenderHex}: ${t.defenderTerrain.join(', ') || 'no terrain'} (map)`);
  if (t.gap) return knownGap(t.gap, reasoning);
  situation.defenderTerrain = t.defenderTerrain;
  return {
    table: table as TableFile,
    situation,
    positions,
    defenderTerrain: t.defenderTerrain,
    places: t.places,
    effects: t.effects,
    reasoning,
    totals: {},
  };
}

/** Attack and defense totals: the numbers the question gives, or the named units under the strength rule. */
function strengths(engine: Engine, input: Input, s: CombatSetup): { attack?: number; defend?: number } | QueryAnswer {
  const p = s.positions!;
  const byNumber = { attack: optTotal(input, 'attack'), defend: optTotal(input, 'defend') };
  if (p.attackers.length && byNumber.attack !== undefined) throw new QueryInputError('give attackers or attack, not both');
  if (p.defenders.length && byNumber.defend !== undefined) throw new QueryInputError('give defenders or defend, not both');
  const result: { attack?: number; defend?: number } = { ...byNumber };
  for (const [key, units, role] of [
    ['attack', p.attackers, 'attack'],
    ['defend', p.defenders, 'defense'],
  ] as const) {
    if (units.length === 0) continue;
    const rule = strengthRule(engine.game, role, optString(input, 'rule'));
    if (!rule) return unsupported(`game.json states no strength rule for ${role} strengths (game.json "strength")`, s.reasoning);
    const r = sideTotal(engine, units, role, rule, s.effects, s.situation, p.attackers.length);
    if (r.undecided) throw new QueryInputError(r.undecided);
    if (r.gap) return knownGap(r.gap, s.reasoning);
    s.reasoning.push(`${role}: ${r.reasons.join('; ')}`);
    result[key] = r.total;
    s.totals[key] = r.total;
  }
  return result;
}

function modifierTotal(engine: Engine, field: 'drm' | 'shift', input: Input, s: CombatSetup) {
  const m = combatModifier(engine, field, {
    table: s.table,
    defenderTerrain: s.defenderTerrain,
    across: optStrings(input, 'across'),
    modifiers: optStrings(input, 'modifiers'),
    situation: s.situation,
    attackers: s.places,
  });
  if (m.undecided) throw new QueryInputError(m.undecided);
  return m;
}

const isAnswer = (x: unknown): x is QueryAnswer => typeof x === 'object' && x !== null && 'reasoning' in x && 'actual' in x;

type KnownPick = Exclude<ColumnPick, { kind: 'unknown' }>;

/**
 * Reads an attack question and picks its column (or automatic result); shared by odds and combat.
 * An answer instead when the question or the data stops before a column is known.
 */
function attackColumn(engine: Engine, input: Input): { s: CombatSetup; pick: KnownPick } | QueryAnswer {
  const s = setup(engine, input, 'crt');
  if (isAnswer(s)) return s;
  const pick = column(engine, input, s);
  if (isAnswer(pick)) return pick;
  if (pick.kind === 'unknown') return cannot(pick, s.reasoning);
  return { s, pick };
}

function column(engine: Engine, input: Input, s: CombatSetup): ColumnPick | QueryAnswer {
  const totals = strengths(engine, input, s);
  if ('reasoning' in totals) return totals;
  const m = modifierTotal(engine, 'shift', input, s);
  if (m.unknown) return knownGap(m.unknown, s.reasoning);
  if (m.value !== 0) s.reasoning.push(...m.reasons);
  const shift = (optNumber(input, 'shift') ?? 0) + m.value;
  return pickColumn(s.table, { attack: totals.attack, defend: totals.defend, column: optString(input, 'column'), shift }, s.reasoning);
}

export const odds = defineQuery({
  summary: 'the CRT column of an attack (or its automatic result), from strengths or from named units and hexes',
  input: object({ ...STRENGTHS, ...POSITIONS, ...TERRAIN_INPUTS, ...SITUATION }),
  flags: { terrain: 'defenderTerrain' },
  run: (engine, input) => {
    const attack = attackColumn(engine, input);
    if (isAnswer(attack)) return attack;
    const { pick } = attack;
    const { reasoning, totals } = attack.s;
    switch (pick.kind) {
      case 'prohibited':
        return { actual: { automatic: 'prohibited', prohibited: true }, reasoning };
      case 'automatic':
        return { actual: { automatic: pick.result, ...totals }, reasoning };
      default:
        reasoning.push(`column ${pick.label}`);
        return { actual: { column: pick.label, ...totals }, reasoning };
    }
  },
});

export const combat = defineQuery({
  summary: 'the combat result of an attack and a natural roll: column, modifiers, row and cell',
  input: object(
    {
      ...STRENGTHS,
      ...POSITIONS,
      ...TERRAIN_INPUTS,
      ...SITUATION,
      roll: int('the natural dice total'),
      drm: int('a further die-roll modifier'),
    },
    ['roll'],
  ),
  flags: { terrain: 'defenderTerrain' },
  run: (engine, input) => {
    const attack = attackColumn(engine, input);
    if (isAnswer(attack)) return attack;
    const { s, pick } = attack;
    const roll = naturalRoll(engine, s.table, input);
    const reasoning = s.reasoning;
    if (pick.kind === 'prohibited') return { actual: { result: 'prohibited' }, reasoning };
    if (pick.kind === 'automatic') return { actual: { result: pick.result, automatic: true }, reasoning };
    const m = modifierTotal(engine, 'drm', input, s);
    if (m.unknown) return knownGap(m.unknown, reasoning);
    if (m.reasons.length && !(m.value === 0 && m.reasons.length === 1 && m.reasons[0].startsWith('no '))) reasoning.push(...m.reasons);
    const drm = (optNumber(input, 'drm') ?? 0) + m.value;
    reasoning.push(`column ${pick.label}, natural roll ${roll}${drm !== 0 ? `, DRM ${signed(drm)}` : ''}`);
    const r = readRow(s.table, pick.index, roll, drm, reasoning);
    if (r.unknown && r.row === undefined) return knownGap(r.unknown, reasoning);
    if (r.unknown)
      return {
        actual: { column: pick.label, row: r.row, modifiedRoll: r.modified },
        reasoning,
        unknownKeys: { keys: ['result'], reason: r.unknown },
      };
    return { actual: { result: r.result, column: pick.label, row: r.row, modifiedRoll: r.modified, ...s.totals }, reasoning };
  },
});

function modifierQuery(field: 'drm' | 'shift') {
  const extraKey = field === 'drm' ? 'extra' : 'extraShift';
  return defineQuery({
    summary:
      field === 'drm'
        ? "the total die-roll modifier of a combat's terrain and the table's modifiers (clamped by the table's DRM range)"
        : "the total column shift of a combat's terrain and the table's modifiers",
    input: object({
      ...TERRAIN_INPUTS,
      attackers: POSITIONS.attackers,
      defenders: POSITIONS.defenders,
      defenderHex: POSITIONS.defenderHex,
      ...SITUATION,
      [extraKey]: int(`a further ${field === 'drm' ? 'DRM' : 'shift'} the question states`),
    }),
    flags: { terrain: 'defenderTerrain' },
    run: (engine, input) => {
      const s = setup(engine, input, undefined);
      if (isAnswer(s)) return s;
      const m = modifierTotal(engine, field, input, s);
      const reasoning = [...s.reasoning, ...m.reasons];
      if (m.unknown) return knownGap(m.unknown, reasoning);
      let value = m.value + (optNumber(input, extraKey) ?? 0);
      if (field === 'drm') value = clampDrm(s.table, value, reasoning);
      return { actual: { [field]: value }, reasoning };
    },
  });
}

export const drm = modifierQuery('drm');
export const shift = modifierQuery('shift');

export const strength = defineQuery({
  summary: "a side's combined strength under the game's strength rule (game.json strength): fractions, rounding, floors",
  input: object({
    units: list(COMBATANT, 'the units, by id (printed strengths from units.csv) or inline, each with its halvings'),
    values: list({ type: 'number', minimum: 0 }, 'strengths given as numbers, instead of units'),
    halved: list({ type: 'integer', minimum: 0 }, 'halvings of each of values, in the same order'),
    role: oneOf('which strength of the units (default attack)', 'attack', 'defense'),
    rule: POSITIONS.rule,
  }),
  removed: {
    round: 'a check does not carry its own rounding: the game states it once, in game.json "strength" (round: down, up, nearest or none)',
    minimum: 'a check does not carry its own floor: the game states it once, in game.json "strength" (minimum, unitMinimum)',
  },
  run: (engine, input) => {
    const role = (optString(input, 'role') ?? 'attack') as 'attack' | 'defense';
    const rule = strengthRule(engine.game, role, optString(input, 'rule'));
    if (!rule) return unsupported(`game.json states no strength rule for ${role} strengths (game.json "strength")`);
    if (input.units !== undefined && input.values !== undefined) throw new QueryInputError('give units or values, not both');
    if (input.units !== undefined) {
      const units = combatants(engine, input.units, 'units');
      const r = sideTotal(engine, units, role, rule, [], {}, 0);
      if (r.gap) return knownGap(r.gap);
      return { actual: { total: r.total }, reasoning: [`rule ${rule.name ?? rule.id}`, ...r.reasons] };
    }
    const values = input.values;
    if (!Array.isArray(values) || values.some((v) => typeof v !== 'number'))
      throw new QueryInputError('input.units or input.values is required');
    const halved = (input.halved as number[] | undefined) ?? [];
    if (halved.length > values.length) throw new QueryInputError('input.halved has more entries than input.values');
    const parts = (values as number[]).map((value, i) => ({
      label: `unit ${i + 1}`,
      value,
      factor: 1 / 2 ** (halved[i] ?? 0),
      why: (halved[i] ?? 0) > 0 ? [`halved ${halved[i] === 1 ? 'once' : `${halved[i]} times`}`] : [],
    }));
    const r = sideStrength(parts, rule);
    return { actual: { total: r.total }, reasoning: [`rule ${rule.name ?? rule.id}`, ...r.reasons] };
  },
});
