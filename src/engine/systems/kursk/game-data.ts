/** Reading the Kursk rule parameters the data holds: Combat Modifiers Table values, scenarios, formations. */
import { isUnknown } from '../../../model/common';
import type { ScenarioFile } from '../../../model/files';
import type { Engine } from '../../context';
import { QueryInputError } from '../../checks/input';
import { cite } from '../../source-text';

import { combatModifiers } from './rules';

/** A numeric modifier of a table (value and citation), or the reason it is not known. */
export function modifier(
  engine: Engine,
  id: string,
  table = combatModifiers(engine).value.table,
): { value: number; cite: string; label: string } | { unknown: string } {
  const t = engine.table(table);
  const m = t?.modifiers?.find((x) => x.id === id);
  if (!m) return { unknown: `table ${table} has no modifier "${id}"` };
  if (typeof m.value !== 'number' || isUnknown(m.value)) return { unknown: `modifier ${id} of table ${table} has no known value` };
  return { value: m.value, cite: cite(m.source), label: m.label ?? id };
}

export function scenario(engine: Engine, id: string): ScenarioFile {
  const s = engine.game.scenarios.find((x) => x.id === id);
  if (!s) throw new QueryInputError(`scenario "${id}" is not in scenarios.json`);
  return s;
}

/** The scenario's special rule with this id (the data keys scenario-only cases by their rule number). */
export function specialRule(s: ScenarioFile, id: string) {
  return s.specialRules?.find((r) => r.id === id);
}

/** A victory entry, identical in every scenario that lists it, or in the scenario named. */
export function victoryEntry(engine: Engine, id: string, scenarioId?: string) {
  const scenarios = scenarioId ? [scenario(engine, scenarioId)] : engine.game.scenarios;
  const entries = scenarios.flatMap((s) => (s.victory ?? []).filter((v) => v.id === id));
  if (entries.length === 0) return undefined;
  const points = entries.map((e) => e.points);
  if (points.some((p) => JSON.stringify(p) !== JSON.stringify(points[0]))) return undefined;
  return entries[0];
}

/** The formation (headquarters) chain from `id` up to its top, `id` first. */
export function hqChain(engine: Engine, id: string): string[] {
  const formations = new Map((engine.game.info.formations ?? []).map((f) => [f.id, f]));
  if (!formations.has(id)) throw new QueryInputError(`headquarters "${id}" is not a formation of game.json`);
  const chain: string[] = [];
  for (let cur: string | undefined = id; cur !== undefined && !chain.includes(cur); cur = formations.get(cur)?.parent) chain.push(cur);
  return chain;
}

export function formationName(engine: Engine, id: string): string {
  return engine.game.info.formations?.find((f) => f.id === id)?.name ?? id;
}
