/**
 * Replacements (6.1–6.41): steps received per turn from the Replacement Schedule Chart with the
 * scenarios' overrides (4.0), replacement categories, reclaiming and replenishing; air units
 * available (8.0) and their missions (13.0).
 */
import { isUnknown } from '../../../model/common';
import type { ScenarioFile } from '../../../model/files';
import { QueryInputError, number, string } from '../../checks/input';
import { unsupported, type QueryHandler } from '../../checks/query';
import type { Engine } from '../../context';
import { cite } from '../../source-text';
import { bool, list, record, requiredScenario, scenario, sideOf, table } from './common';
import * as rules from './rules';

type Category = string;

/** Steps a scenario states for this turn, side and category (its special rules override the chart, 4.0). */
function scenarioSteps(
  s: ScenarioFile | undefined,
  turn: number,
  side: string,
  category: Category,
): { points: number; source?: unknown } | undefined {
  for (const r of s?.replacements ?? []) {
    if (r.turn !== turn || r.side !== side || typeof r.points !== 'number') continue;
    const kind = String(r.kind ?? '');
    if (kind === category || kind.split(/\s+and\s+/).includes(category)) return { points: r.points, source: r.source };
  }
  return undefined;
}

export const replacements: QueryHandler = (engine, input) => {
  const s = scenario(engine, input);
  const turn = number(input, 'turn');
  const side = sideOf(engine, input.side);
  const sideName = engine.game.info.sides.find((x) => x.id === side)!.name;
  const schedule = rules.replacements(engine).value;
  const chart = table(engine, schedule.table);
  const reasoning: string[] = [];
  const actual: Record<string, number> = {};
  for (const category of schedule.categories) {
    const stated = scenarioSteps(s, turn, side, category);
    if (stated) {
      actual[category] = stated.points;
      reasoning.push(`${category}: ${stated.points} (scenario ${s!.name})${cite(stated.source as never)}`);
      continue;
    }
    const column = (chart.columns ?? []).findIndex((c) => c.label.toLowerCase() === `${sideName} ${category}`.toLowerCase());
    const row = (chart.rows ?? []).find((r) => turn >= r.min && turn <= r.max);
    if (column < 0 || !row)
      return unsupported(`the Replacement Schedule Chart has no ${sideName} ${category} entry for turn ${turn}`, reasoning);
    const cell = row.cells?.[column];
    if (cell === undefined || cell === '?' || (typeof cell === 'object' && isUnknown(cell)))
      return unsupported(`the Replacement Schedule Chart for turn ${turn} is not given`, reasoning);
    actual[category] = Number(cell);
    reasoning.push(`${category}: ${cell} (Replacement Schedule Chart, GT${turn})${cite(row.source ?? chart.source)}`);
  }
  return { actual, reasoning };
};

export function replacementCategoryOf(engine: Engine, side: string, type: string): { category?: Category; why: string } {
  const { value: schedule, cite: where } = rules.replacements(engine);
  const exception = schedule.exceptions[side]?.[type];
  if (exception) return { category: exception, why: `${side} ${type} units take ${exception} replacement steps${where}` };
  const t = (engine.game.info.unitTypes ?? []).find((x) => x.id === type);
  if (!t) throw new QueryInputError(`unit type "${type}" is not in game.json`);
  const c = t.movementClass;
  if (c !== undefined && schedule.categories.includes(c))
    return { category: c, why: `${t.name} is a ${c} type unit: ${c} replacement steps [6.3]${cite(t.source)}` };
  return { why: `${t.name} has no movement class among ${schedule.categories.join(', ')}` };
}

export const replacementCategory: QueryHandler = (engine, input) => {
  const side = sideOf(engine, input.side);
  const r = replacementCategoryOf(engine, side, string(input, 'type'));
  if (!r.category) return unsupported(r.why);
  return { actual: { category: r.category }, reasoning: [r.why] };
};

export const reclaim: QueryHandler = (engine, input) => {
  const box = string(input, 'box');
  if (!engine.game.map.boxes.some((b) => b.id === box)) throw new QueryInputError(`box "${box}" is not in map.json`);
  const steps = number(input, 'steps');
  const max = number(input, 'maxSteps');
  const why =
    box === rules.boxes(engine).value.permanentlyEliminated
      ? `units in the ${engine.game.map.boxes.find((b) => b.id === box)?.name ?? box} box never return [15.5, 6.4]`
      : steps < 1 || steps > max || !Number.isInteger(steps)
        ? `a unit returns with 1 to ${max} steps [6.4]`
        : !bool(input, 'hexFriendlyControlled')
          ? 'it must be placed in a friendly-controlled hex [6.41]'
          : bool(input, 'adjacentToEnemy')
            ? 'it may not be placed adjacent to an enemy unit [6.41]'
            : undefined;
  if (why) return { actual: { legal: false }, reasoning: [why] };
  return {
    actual: { legal: true, cost: steps },
    reasoning: [`reclaimed at ${steps} step(s) for ${steps} replacement step(s) [6.4, 6.41]`],
  };
};

export const replenish: QueryHandler = (_engine, input) => {
  const inSupply = bool(input, 'inSupply');
  const adjacent = bool(input, 'adjacentToEnemy');
  return {
    actual: { legal: inSupply },
    reasoning: [
      inSupply
        ? `in supply: may be replenished${adjacent ? ' (adjacency to the enemy does not matter)' : ''} [6.3]`
        : 'only units in supply may be replenished [6.3]',
    ],
  };
};

export const airPool: QueryHandler = (engine, input) => {
  const s = requiredScenario(engine, input);
  const side = sideOf(engine, input.side);
  const turn = number(input, 'turn');
  const air = rules.air(engine).value;
  const isAir = (id: string) => engine.unit(id)?.type === air.type;
  const start = new Set(
    (s.setup ?? [])
      .filter((e) => e.side === side)
      .flatMap((e) => e.units ?? [])
      .filter(isAir),
  );
  const reasoning = [`${start.size} ${side} air units at the start${cite(s.source)}`];
  let available = start.size;
  for (const w of s.withdrawals ?? []) {
    if (w.side !== side || typeof w.turn !== 'number' || w.turn > turn) continue;
    const named = (w.units ?? []).filter(isAir).length;
    const n = named || (new RegExp(`\\b${air.type}\\b`, 'i').test(w.text ?? '') ? air.withdrawn : 0);
    available -= n;
    reasoning.push(`GT${w.turn}: ${n} air unit(s) withdrawn, never to return [8.0]${cite(w.source)}`);
  }
  return { actual: { available }, reasoning };
};

export const airMissions: QueryHandler = (engine, input) => {
  const missions = rules.air(engine).value.missions;
  const flown = new Map<string, string>();
  for (const [i, m] of list(input, 'missions').entries()) {
    const x = record(m, `input.missions[${i}]`);
    const unit = string(x, 'unit');
    const mission = string(x, 'mission');
    if (!missions.includes(mission)) throw new QueryInputError(`mission must be one of ${missions.join(', ')}`);
    if (flown.has(unit))
      return {
        actual: { legal: false },
        reasoning: [`${unit} already flew ${flown.get(unit)} this game turn: one mission per air unit per game turn [13.0]`],
      };
    flown.set(unit, mission);
  }
  return { actual: { legal: true }, reasoning: [`${flown.size} air unit(s), one mission each [13.0]`] };
};
