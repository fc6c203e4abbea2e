/**
 * C3I Points and activations: how many C3I Points a player may spend in a segment (8.2), what the
 * MPs and CPs the Activity Chart gives buy (10.0.A, 11.0.D), and the Activity Chart DRMs (13.0.C).
 */
import type { Engine } from '../../context';
import { number, optNumber, string } from '../../checks/input';
import { unsupported, type QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { side } from './read';

/** 8.2.A: the active player spends 1-3 C3I Points in each friendly Player's Segment. */
const MIN_C3I_SPEND = 1;
const MAX_C3I_SPEND = 3;
/** 10.0.A: one MP per unit moved; 11.0.D: one CP per combat initiated. */
const MP_PER_UNIT = 1;
const CP_PER_COMBAT = 1;

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
  for (let n = MIN_C3I_SPEND; n <= MAX_C3I_SPEND; n++) if (n <= held && held - n >= later) allowed.push(n);
  const reasoning = [
    `${who} holds ${held} C3I Points in Player Segment ${segment} of ${segments}; spend ${MIN_C3I_SPEND}-${MAX_C3I_SPEND} [8.2.A L559]`,
    `keep one for each of the ${later} remaining friendly segment(s): at most ${held - later} [8.2.B L561]`,
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

export const activations: QueryHandler = (_engine, input) => {
  const mps = number(input, 'mps');
  return {
    actual: { maxUnitsMoved: Math.floor(mps / MP_PER_UNIT) },
    reasoning: [
      `${mps} MPs at ${MP_PER_UNIT} MP per unit (or German divisional stack) moved [10.0.A L583]; a river crossing costs 2 [10.3.1 L625]`,
    ],
  };
};

export const combats: QueryHandler = (_engine, input) => {
  const cps = number(input, 'cps');
  return {
    actual: { maxCombats: Math.floor(cps / CP_PER_COMBAT) },
    reasoning: [`${cps} CPs at ${CP_PER_COMBAT} CP per combat initiated [11.0.D L657]; 2 if attacking across a river [11.6.1.1.B L761]`],
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
    const key = /^([a-z-]+)-turn(\d+)-segment(\d+)$/.exec(m.id);
    if (m.kind !== 'drm' || !key || key[1] !== who || Number(key[2]) !== turn || Number(key[3]) !== segment) continue;
    if (typeof m.value !== 'number') return unsupported(`Activity Chart DRM ${m.id} has no known value`);
    drm += m.value;
    reasoning.push(`${m.label}: ${m.value >= 0 ? '+' : ''}${m.value}${cite(m.source)}`);
  }
  if (reasoning.length === 0)
    reasoning.push(
      `no Activity Chart DRM for ${who} on turn ${turn}, segment ${segment} (only the first turn's Soviet DRMs exist) [13.0.C L899]`,
    );
  return { actual: { drm }, reasoning };
};
