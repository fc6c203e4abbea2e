/**
 * C3I Points (8.1–8.4, 15.9): receiving them by weather from the Game Turn Record Track, spending
 * 0-3 on the Activity Table in a Schwerpunkt Segment, and the German Rochade.
 */
import { isUnknown } from '../../../model/common';
import { QueryInputError, number, optNumber, string } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import type { Engine } from '../../context';
import { cite } from '../../source-text';
import { c3iTurnValues, maxC3iSpend, noC3iWeather, rochade } from './rules';
import { bool, optBool, sideName, Unanswerable } from './read';
import { checkWeather, kindOfSegment } from './segments';

function activityTable(engine: Engine) {
  const table = engine.game.tables.find((t) => t.kind === 'activity');
  if (!table) throw new Unanswerable('tables.json has no Activity Table');
  return table;
}

function activityColumn(engine: Engine, label: string): string {
  const column = (activityTable(engine).columns ?? []).find((c) => c.label === label);
  if (!column) throw new Unanswerable(`the Activity Table has no column "${label}"`);
  return column.label;
}

export const spendC3I: QueryHandler = (engine, input) => {
  const held = number(input, 'c3i');
  const spend = number(input, 'spend');
  const kind = kindOfSegment(engine, string(input, 'segment'));
  const declared = bool(input, 'phaseOrderDeclared', true);
  const reasoning: string[] = [];
  if (kind !== 'schwerpunkt') {
    reasoning.push('C3I Points are spent only in Schwerpunkt Segments, not in the General Segment [8.2 L334]');
    return { actual: { legalSpends: [], legal: spend === 0, c3iAfter: held, tableConsulted: false }, reasoning };
  }
  if (!declared) {
    reasoning.push('C3I Points are spent after the Phase Order Declaration [8.2 L334, 4.3 L237]');
    return { actual: { legalSpends: [], legal: false, c3iAfter: held, tableConsulted: false }, reasoning };
  }
  const max = maxC3iSpend(engine);
  const legalSpends = Array.from({ length: Math.min(max.value, Math.max(0, Math.floor(held))) + 1 }, (_, i) => i);
  const legal = legalSpends.includes(spend);
  reasoning.push(`${held} C3I held: may spend ${legalSpends.join(', ')} (zero to ${max.value} of those available)${max.cite}`);
  if (!legal) return { actual: { legalSpends, legal, c3iAfter: held, tableConsulted: false }, reasoning };
  if (spend === 0) {
    reasoning.push('zero spent: the Activity Table is not consulted and the segment ends immediately [8.2 L335]');
    return { actual: { legalSpends, legal, c3iAfter: held, tableConsulted: false, segmentEnds: true }, reasoning };
  }
  const table = activityTable(engine);
  const column = activityColumn(engine, String(spend));
  reasoning.push(
    `spend ${spend}: C3I ${held} → ${held - spend}; roll ${table.dice ?? '(dice not stated)'} on column "${column}" of the ${table.name}${cite(table.source)}`,
  );
  return {
    actual: {
      legalSpends,
      legal,
      c3iAfter: held - spend,
      tableConsulted: true,
      activityColumn: column,
      dice: table.dice,
      segmentEnds: false,
    },
    reasoning,
  };
};

/** Game Turn Record Track value id for a side's C3I under a weather (tracks.json turnValues). */
function c3iValueId(engine: Engine, side: string, weather: string): string | undefined {
  const id = c3iTurnValues(engine).value[weather]?.[side];
  if (id !== undefined && !(engine.game.tracks.turnValues ?? []).some((v) => v.id === id))
    throw new Unanswerable(`tracks.json declares no turn value "${id}"`);
  return id;
}

const weatherName = (engine: Engine, id: string) => engine.game.info.weather?.find((w) => w.id === id)?.name ?? id;

export const c3iReceived: QueryHandler = (engine, input) => {
  const side = string(input, 'side');
  const turn = number(input, 'turn');
  const weather = string(input, 'weather');
  checkWeather(engine, weather);
  if (!(engine.game.info.sides ?? []).some((s) => s.id === side)) throw new QueryInputError(`"${side}" is not a side of game.json`);
  const none = noC3iWeather(engine);
  if (none.value.includes(weather))
    return { actual: { c3i: 0 }, reasoning: [`${weatherName(engine, weather)}: no C3I Points${none.cite}`] };
  const r = rochade(engine);
  if (side === r.value.side && optBool(input, 'rochade') === true)
    return { actual: { c3i: 0 }, reasoning: [`Rochade turn: the ${sideName(engine, side)} player receives no C3I Points${r.cite}`] };
  const id = c3iValueId(engine, side, weather);
  if (id === undefined) throw new Unanswerable(`the C3I effect of weather "${weather}" is not stated`);
  const t = engine.game.tracks.turns.find((x) => x.turn === turn);
  if (!t) throw new QueryInputError(`turn ${turn} is not on the turn record track`);
  const value = t.values?.[id];
  const what = engine.game.tracks.turnValues?.find((v) => v.id === id)?.name ?? id;
  if (value === undefined || isUnknown(value))
    throw new Unanswerable(
      `${what} of Game Turn ${turn} is not given${value && isUnknown(value) && value.reason ? ` (${value.reason})` : ''}`,
    );
  return {
    actual: { c3i: value },
    reasoning: [
      `Game Turn ${turn}, ${weatherName(engine, weather)}: ${what} on the turn record track (tracks.json), ${value}${c3iTurnValues(engine).cite}${cite(t.source)}`,
    ],
  };
};

export const rochadeAllowed: QueryHandler = (engine, input) => {
  const turn = number(input, 'turn');
  const weather = string(input, 'weather');
  checkWeather(engine, weather);
  const used = bool(input, 'usedBefore', false);
  const r = rochade(engine);
  const reasons: string[] = [];
  if (turn < r.value.firstTurn) reasons.push(`Game Turn ${turn} is before Game Turn ${r.value.firstTurn}${r.cite}`);
  if (!r.value.weather.includes(weather))
    reasons.push(
      `the weather is ${weatherName(engine, weather)}, not ${r.value.weather.map((w) => weatherName(engine, w)).join(' or ')}${r.cite}`,
    );
  if (used) reasons.push(`Rochade was already declared in this game (once per game)${r.cite}`);
  if (reasons.length) return { actual: { allowed: false }, reasoning: reasons };
  const column = activityColumn(engine, r.value.activityColumn);
  const side = sideName(engine, r.value.side);
  return {
    actual: { allowed: true, c3iReceived: 0, c3iSpent: 0, activityColumn: column, maxPlacements: r.value.maxPlacements },
    reasoning: [
      `Game Turn ${turn}, ${weatherName(engine, weather)}, not used before: Rochade may be declared${r.cite}`,
      `the ${side} player neither receives nor spends C3I Points this turn and rolls on the "${column}" column in both Schwerpunkt Segments${r.cite}`,
    ],
  };
};

export const rochadePlacement: QueryHandler = (engine, input) => {
  const formations = optNumber(input, 'formations') ?? 0;
  const units = optNumber(input, 'units') ?? 0;
  const count = formations + units;
  const r = rochade(engine);
  const legal = count <= r.value.maxPlacements;
  return {
    actual: { count, legal },
    reasoning: [
      `${formations} formation(s) + ${units} unit(s) = ${count} (Variable Reinforcements not counted), at most ${r.value.maxPlacements}: ${legal ? 'legal' : 'too many'}${r.cite}`,
    ],
  };
};
