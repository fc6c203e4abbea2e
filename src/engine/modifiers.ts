/**
 * Combat effects of terrain (the defender's hex, hexsides attacked across, the attackers' hexes)
 * and of a table's listed modifiers: DRMs, column shifts and strength multipliers, each with its
 * condition (`when`) and citation. Effects are summed ("all modifiers are cumulative" is the
 * schema default); effects marked cumulative: false do not add up: of those only the largest counts.
 *
 * A question gives the terrain either as lists (defenderTerrain, across) or as positions (the
 * defender's hex and each attacker's hex), from which the map gives the terrain and hexsides.
 */
import { isUnknown } from '../model/common';
import type { CombatEffectFile, TableFile, TableModifierFile } from '../model/files';
import { conditionHolds, type Situation, type UnitFacts } from './conditions';
import type { Engine } from './context';
import { cite } from './source-text';
import { HEX_SIDES } from '../hex';

/** One attacking unit as far as terrain is concerned: the hexside features it attacks across. */
export interface AttackerPlace {
  facts: UnitFacts;
  /** Hexside terrain ids between its hex and the defender's. */
  across: string[];
  /** Terrain ids of its own hex, when known. */
  hexTerrain?: readonly string[];
}

export interface ModifierInput {
  table?: TableFile;
  defenderTerrain?: readonly string[];
  /** Hexside terrain ids, or hexside references ("0101/0102") whose features are used: crossed by some attacker. */
  across?: string[];
  /** Ids of the table's modifiers the question names. */
  modifiers?: string[];
  weather?: string;
  /** The rest of the situation (sides, units, phase, turn, scenario) for conditioned effects. */
  situation?: Situation;
  /** Attackers with their hexsides, when the question gives positions. */
  attackers?: AttackerPlace[];
}

export interface ModifierTotal {
  value: number;
  reasons: string[];
  /** A value the data does not give (a gap). */
  unknown?: string;
  /** Something the question must say for the answer to be decided (an input problem). */
  undecided?: string;
}

type Field = 'drm' | 'shift';

/** One terrain effect that may apply to a combat. */
export interface EffectInPlay {
  label: string;
  effect: CombatEffectFile;
  where: 'defender-hex' | 'attack-across' | 'attacker-hex';
  /** For across / attacker-hex effects: which attackers it concerns (indices), when positions are known. */
  attackers?: number[];
}

/** Terrain ids a hexside reference stands for (its features on the map), or the id itself. */
export function acrossTerrain(engine: Engine, across: string[]): { ids: string[]; unknown?: string } {
  const ids: string[] = [];
  for (const ref of across) {
    if (engine.terrain(ref)) {
      ids.push(ref);
      continue;
    }
    const [a, b] = ref.split('/');
    const g = engine.graph;
    const i = g.indexOf(a ?? '');
    const j = g.indexOf(b ?? '');
    if (i === undefined || j === undefined) return { ids, unknown: `"${ref}" is neither a terrain id nor a hexside of the map` };
    for (let d = 0; d < HEX_SIDES; d++) if (g.neighbors[i * HEX_SIDES + d] === j) ids.push(...(g.sideFeatures[i * HEX_SIDES + d] ?? []));
  }
  return { ids };
}

/** Every combat effect a terrain states: `combat`, then each of `combatEffects`. */
export function terrainEffects(t: { combat?: CombatEffectFile; combatEffects?: CombatEffectFile[] }): CombatEffectFile[] {
  return [...(t.combat ? [t.combat] : []), ...(t.combatEffects ?? [])];
}

/** The terrain effects in play: the defender's terrain, what attackers cross, the attackers' own hexes. */
export function effectsInPlay(engine: Engine, input: ModifierInput): { effects: EffectInPlay[]; unknown?: string } {
  const effects: EffectInPlay[] = [];
  let unknown: string | undefined;
  const add = (id: string, where: EffectInPlay['where'], prefix: string, attackers?: number[]) => {
    const t = engine.terrain(id);
    if (!t) {
      unknown ??= `terrain "${id}" is not in terrain.json`;
      return;
    }
    for (const effect of terrainEffects(t)) {
      const applies = effect.appliesTo ?? (where === 'attack-across' ? 'attack-across' : 'defender-hex');
      if (applies !== where) continue;
      effects.push({
        label: `${prefix}${t.name}`,
        effect: effect.source ? effect : { ...effect, source: t.source },
        where,
        ...(attackers ? { attackers } : {}),
      });
    }
  };
  for (const id of input.defenderTerrain ?? []) add(id, 'defender-hex', '');
  const across = acrossTerrain(engine, input.across ?? []);
  if (across.unknown) unknown ??= across.unknown;
  for (const id of new Set(across.ids)) add(id, 'attack-across', 'across ');
  const attackers = input.attackers ?? [];
  const crossed = new Map<string, number[]>();
  const standing = new Map<string, number[]>();
  attackers.forEach((a, i) => {
    for (const id of new Set(a.across)) crossed.set(id, [...(crossed.get(id) ?? []), i]);
    for (const id of new Set(a.hexTerrain ?? [])) standing.set(id, [...(standing.get(id) ?? []), i]);
  });
  for (const [id, who] of crossed) if (!across.ids.includes(id)) add(id, 'attack-across', 'across ', who);
  for (const [id, who] of standing) add(id, 'attacker-hex', 'attacker in ', who);
  return { effects, ...(unknown ? { unknown } : {}) };
}

/** The situation an effect is judged in, with the defender's terrain filled in. */
function situationOf(input: ModifierInput): Situation {
  return {
    ...(input.situation ?? {}),
    ...(input.weather !== undefined ? { weather: input.weather } : {}),
    ...(input.defenderTerrain !== undefined ? { defenderTerrain: input.defenderTerrain } : {}),
    ...(input.attackers && !input.situation?.attackers ? { attackers: input.attackers.map((a) => a.facts) } : {}),
  };
}

/** Whether a (whole-combat) effect applies: its weather list and its condition. */
function effectApplies(engine: Engine, effect: { weather?: string[]; when?: CombatEffectFile['when'] }, situation: Situation) {
  if (effect.weather && situation.weather !== undefined && !effect.weather.includes(situation.weather))
    return { holds: false as const, text: `not in ${situation.weather}` };
  return conditionHolds(engine.game, effect.when, situation);
}

export function combatModifier(engine: Engine, field: Field, input: ModifierInput): ModifierTotal {
  const reasons: string[] = [];
  const cumulative: number[] = [];
  const single: { value: number; line: string }[] = [];
  let unknown: string | undefined;
  let undecided: string | undefined;
  const situation = situationOf(input);
  const inPlay = effectsInPlay(engine, input);
  if (inPlay.unknown) unknown = inPlay.unknown;
  const name = field === 'drm' ? 'DRM' : 'column shift';
  for (const { label, effect } of inPlay.effects) {
    const v = effect[field];
    if (v === undefined) continue;
    const verdict = effectApplies(engine, effect, situation);
    if (verdict.missing !== undefined) {
      undecided ??= `whether the ${name} of ${label} applies depends on ${verdict.missing} (${verdict.text}), which the question does not give`;
      continue;
    }
    if (!verdict.holds) {
      reasons.push(`${label}: no ${name} here (${verdict.text})${cite(effect.source)}`);
      continue;
    }
    if (isUnknown(v)) {
      unknown ??= `${field} of ${label} is not given${v.reason ? ` (${v.reason})` : ''}`;
      continue;
    }
    const conditionText = [effect.condition, verdict.text].filter(Boolean).join('; ');
    const line = `${label} ${v >= 0 ? '+' : ''}${v}${conditionText ? ` (${conditionText})` : ''}${cite(effect.source)}`;
    if (effect.cumulative === false) single.push({ value: v, line });
    else {
      cumulative.push(v);
      reasons.push(line);
    }
  }
  for (const m of tableModifiers(engine, input, situation, field, reasons)) {
    if ('undecided' in m) {
      undecided ??= m.undecided;
      continue;
    }
    if ('unknown' in m) {
      unknown ??= m.unknown;
      continue;
    }
    cumulative.push(m.value);
    reasons.push(m.line);
  }
  let value = cumulative.reduce((a, b) => a + b, 0);
  if (single.length > 0) {
    const best = single.reduce((a, b) => (Math.abs(b.value) > Math.abs(a.value) ? b : a));
    reasons.push(`${best.line} (not cumulative: the largest such effect only)`);
    value += best.value;
  }
  if (reasons.length === 0 && !unknown && !undecided) reasons.push(`no ${field === 'drm' ? 'DRM' : 'column shift'} applies`);
  else if (cumulative.length + single.length > 1)
    reasons.push(`total ${field === 'drm' ? 'DRM' : 'shift'} ${value >= 0 ? '+' : ''}${value}`);
  return { value, reasons, ...(unknown ? { unknown } : {}), ...(undecided ? { undecided } : {}) };
}

type ModifierOutcome = { value: number; line: string } | { unknown: string } | { undecided: string };

/**
 * The table's modifiers of one kind that apply: those the question names, and those whose own
 * condition (`when`) holds in the situation. A named modifier whose condition fails does not apply.
 */
function tableModifiers(engine: Engine, input: ModifierInput, situation: Situation, field: Field, reasons: string[]): ModifierOutcome[] {
  const named = input.modifiers ?? [];
  const out: ModifierOutcome[] = [];
  for (const id of named)
    if (!input.table?.modifiers?.some((x) => x.id === id))
      out.push({ unknown: `table ${input.table?.id ?? '(none)'} has no modifier "${id}"` });
  for (const m of input.table?.modifiers ?? []) {
    if ((m.kind ?? 'drm') !== field) continue;
    const isNamed = named.includes(m.id);
    if (!isNamed && m.when === undefined) continue;
    const verdict = conditionHolds(engine.game, m.when, situation);
    if (verdict.missing !== undefined) {
      if (isNamed || m.when !== undefined)
        out.push({
          undecided: `whether modifier ${m.label} applies depends on ${verdict.missing} (${verdict.text}), which the question does not give`,
        });
      continue;
    }
    if (!verdict.holds) {
      if (isNamed) reasons.push(`${m.label}: does not apply here (${verdict.text})${cite(m.source ?? input.table?.source)}`);
      continue;
    }
    out.push(modifierValue(m, input.table, verdict.text));
  }
  return out;
}

function modifierValue(m: TableModifierFile, table: TableFile | undefined, condition: string): ModifierOutcome {
  if (m.value === undefined || isUnknown(m.value)) return { unknown: `modifier ${m.label} has no stated value` };
  return {
    value: m.value,
    line: `${m.label} ${m.value >= 0 ? '+' : ''}${m.value}${condition ? ` (${condition})` : ''}${cite(m.source ?? table?.source)}`,
  };
}
