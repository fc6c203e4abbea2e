/**
 * C3I Points and activations: how many C3I Points a player may spend in a segment (8.2), what the
 * MPs and CPs the Activity Chart gives buy (10.0.A, 11.0.D), and the Activity Chart DRMs (13.0.C).
 */
import type { Engine } from '../../context';
import { number, optNumber, string } from '../../checks/input';
import { unsupported, type QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { side } from './read';
import * as rules from './rules';

/** A side's Player Segments per turn, from the sequence of play (5.1). */
function segmentsPerTurn(engine: Engine, sideId: string): number {
  return engine.game.tracks.sequence.filter((p) => p.side === sideId).length;
}

export const c3iSpend: QueryHandler = (engine, input) => {
  const who = side(engine, string(input, 'side'));
  const segment = number(input, 'segment');
  const held = number(input, 'c3i');
  const segments = segmentsPerTurn(engine, who);
  if (segments === 0) return unsupported(`the sequence of play (tracks.json) gives no Player Segments for ${who}`);
  if (segment < 1 || segment > segments) return unsupported(`${who} has Player Segments 1-${segments}, not ${segment}`);
  const later = segments - segment;
  const allowed: number[] = [];
  const limits = rules.c3iSpend(engine);
  // 8.2.B keeps the least spend (one Point in the rulebook) for every later segment, where a spend is due.
  const reserve = later * limits.value.min;
  for (let n = limits.value.min; n <= limits.value.max; n++) if (n <= held && held - n >= reserve) allowed.push(n);
  const reasoning = [
    `${who} holds ${held} C3I Points in Player Segment ${segment} of ${segments}; spend ${limits.value.min}-${limits.value.max}${limits.cite}`,
    `keep ${limits.value.min} for each of the ${later} remaining friendly segment(s): at most ${held - reserve} [8.2.B L561]`,
  ];
  if (allowed.length === 0) reasoning.push('no spend leaves enough for the remaining segments (the rules do not say what happens then)');
  const actual: Record<string, unknown> = { allowed };
  const spend = optNumber(input, 'spend');
  if (spend !== undefined) {
    actual.legal = allowed.includes(spend);
    if (actual.legal) actual.remaining = held - spend;
    reasoning.push(actual.legal ? `spending ${spend} leaves ${held - spend}` : `spending ${spend} is not allowed`);
  }
  return { actual, reasoning };
};

export const activations: QueryHandler = (engine, input) => {
  const mps = number(input, 'mps');
  const { value: costs, cite: where } = rules.activationCosts(engine);
  return {
    actual: { maxUnitsMoved: Math.floor(mps / costs.mpPerUnit) },
    reasoning: [
      `${mps} MPs at ${costs.mpPerUnit} MP per unit (or divisional stack) moved; a river crossing costs ${costs.mpRiverCrossing}${where}`,
    ],
  };
};

export const combats: QueryHandler = (engine, input) => {
  const cps = number(input, 'cps');
  const { value: costs, cite: where } = rules.activationCosts(engine);
  return {
    actual: { maxCombats: Math.floor(cps / costs.cpPerCombat) },
    reasoning: [`${cps} CPs at ${costs.cpPerCombat} CP per combat initiated; ${costs.cpAcrossRiver} if attacking across a river${where}`],
  };
};

/** Activity Chart DRMs, keyed in tables.json as "<side>-turn<n>-segment<m>". */
export const activityDrm: QueryHandler = (engine, input) => {
  const who = side(engine, string(input, 'side'));
  const turn = number(input, 'turn');
  const segment = number(input, 'segment');
  const table = engine.game.tables.find((t) => t.kind === 'activity');
  if (!table) return unsupported('the game has no Activity Chart in tables.json');
  const reasoning: string[] = [];
  let drm = 0;
  for (const m of table.modifiers ?? []) {
    const key = /^(?<side>[a-z-]+)-turn(?<turn>\d+)-segment(?<segment>\d+)$/.exec(m.id)?.groups;
    if (m.kind !== 'drm' || !key || key.side !== who || Number(key.turn) !== turn || Number(key.segment) !== segment) continue;
    if (typeof m.value !== 'number') return unsupported(`Activity Chart DRM ${m.id} has no known value`);
    drm += m.value;
    reasoning.push(`${m.label}: ${m.value >= 0 ? '+' : ''}${m.value}${cite(m.source)}`);
  }
  if (reasoning.length === 0)
    reasoning.push(`no Activity Chart DRM for ${who} on turn ${turn}, segment ${segment} (tables.json lists no other) [13.0.C L899]`);
  return { actual: { drm }, reasoning };
};
