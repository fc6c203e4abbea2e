/**
 * The game turn (5.0–5.4, 15.7, 19.0): weather determination, the segments a turn has, when a unit
 * put into Administrative Movement Box #1 reaches Box #2 and the map, and when Administrative
 * Movement is allowed.
 */
import type { PhaseFile } from '../../../model/files';
import type { Engine } from '../../context';
import { QueryInputError, number, optNumber, optString, string } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { firstTurnWeather, noAdminMovementOnTurns, weatherAfter } from './rules';
import { optBool, Unanswerable } from './read';
import { checkWeather, kindOfSegment, segmentKind, turnSegments } from './segments';

export const weather: QueryHandler = (engine, input) => {
  const turn = number(input, 'turn');
  const first = firstTurnWeather(engine);
  if (turn === 1)
    return { actual: { weather: first.value }, reasoning: [`the weather of the first game turn is always ${first.value}${first.cite}`] };
  const table = engine.game.tables.find((t) => t.kind === 'weather');
  if (!table) throw new Unanswerable('tables.json has no Weather Table');
  const result = string(input, 'result');
  const code = (table.results ?? []).find((r) => r.code === result);
  if (!code) throw new QueryInputError(`"${result}" is not a result of the ${table.name}`);
  const previous = optString(input, 'previous');
  if (previous !== undefined) checkWeather(engine, previous);
  const after = weatherAfter(engine);
  for (const change of after.value.filter((c) => c.result === result)) {
    if (previous === undefined)
      throw new Unanswerable(`a ${result} result depends on the previous turn's weather (input.previous)${after.cite}`);
    if (change.after.includes(previous))
      return {
        actual: { weather: change.becomes },
        reasoning: [`${result} after a ${previous} turn becomes ${change.becomes}${after.cite}`],
      };
  }
  checkWeather(engine, result);
  return {
    actual: { weather: result },
    reasoning: [`Weather Table result ${result}${previous ? ` after ${previous}` : ''}: ${result}${cite(code.source)}`],
  };
};

export const segments: QueryHandler = (engine, input) => {
  const reasoning: string[] = [];
  const list = turnSegments(engine, string(input, 'weather'), optNumber(input, 'turn') ?? 2, reasoning);
  return { actual: { segments: list.map((p) => p.id) }, reasoning };
};

/** Segments in which a side conducts Administrative Movement (its own player segments, 15.7 L441). */
function playerSegments(engine: Engine, turnList: PhaseFile[], side: string): PhaseFile[] {
  return turnList.filter((p) => p.side === side && ['schwerpunkt', 'general'].includes(segmentKind(engine, p)));
}

export const adminPipeline: QueryHandler = (engine, input) => {
  const side = string(input, 'side');
  const turn = optNumber(input, 'turn') ?? 2;
  const entered = string(input, 'enteredAmb1');
  const reasoning: string[] = [];
  const thisTurn = turnSegments(engine, string(input, 'weather'), turn, reasoning);
  const at = thisTurn.findIndex((p) => p.id === entered);
  if (at < 0) throw new QueryInputError(`segment "${entered}" is not part of this turn`);
  reasoning.length = 0;
  const later = playerSegments(engine, thisTurn.slice(at + 1), side).map((p) => ({ id: p.id, name: p.name, turn }));
  const nextWeather = optString(input, 'nextWeather');
  if (later.length < 2 && nextWeather !== undefined) {
    const next = turnSegments(engine, nextWeather, turn + 1, []);
    later.push(...playerSegments(engine, next, side).map((p) => ({ id: p.id, name: p.name, turn: turn + 1 })));
  }
  if (later.length < 2)
    throw new Unanswerable('the pipeline runs into the next game turn, whose weather (input.nextWeather) decides its segments');
  const label = (s: { id: string; turn: number }) => (s.turn === turn ? s.id : `${s.id}@${s.turn}`);
  reasoning.push(
    `entered AMB #1 in ${entered}`,
    `step (2) of the next ${side} segment, ${later[0].name}: AMB #1 → AMB #2 [15.7 L444]`,
    `step (1) of the following ${side} segment, ${later[1].name}: AMB #2 → map at the earliest [15.7 L442]`,
  );
  return { actual: { toAmb2: label(later[0]), toMapEarliest: label(later[1]) }, reasoning };
};

const RESTRICTIONS: { key: string; blocks: boolean; why: string }[] = [
  { key: 'outOfSupply', blocks: true, why: 'Out Of Supply units may not conduct Administrative Movement [15.7 L448]' },
  { key: 'movedRegularly', blocks: true, why: 'a unit uses Administrative or Regular Movement in a segment, never both [15.7 L447]' },
  { key: 'attacks', blocks: true, why: 'units using Administrative Movement may not attack in the same segment [15.7 L449]' },
  {
    key: 'frontnaheAuffrischung',
    blocks: true,
    why: 'units undergoing Frontnahe Auffrischung cannot conduct Administrative Movement [15.7 L450]',
  },
  { key: 'entersOrExitsEnemyZoc', blocks: true, why: 'no Administrative Movement entering or exiting an EZOC [6.3 L302]' },
  { key: 'inFrontRange', blocks: false, why: 'units of a side with Fronts must be in range of a Front Marker [15.8 L453]' },
];

export const adminMovementAllowed: QueryHandler = (engine, input) => {
  const turn = number(input, 'turn');
  const segment = string(input, 'segment');
  const kind = kindOfSegment(engine, segment);
  const noAdmin = noAdminMovementOnTurns(engine);
  if (noAdmin.value.includes(turn))
    return { actual: { legal: false }, reasoning: [`no Administrative Movement during Game Turn ${turn} (all segments)${noAdmin.cite}`] };
  if (kind !== 'schwerpunkt' && kind !== 'general')
    return { actual: { legal: false }, reasoning: [`${segment} is not a player segment [15.7 L441]`] };
  for (const r of RESTRICTIONS) {
    const v = optBool(input, r.key);
    if (v === r.blocks) return { actual: { legal: false }, reasoning: [r.why] };
  }
  return {
    actual: { legal: true },
    reasoning: [`Game Turn ${turn}, ${segment}: Administrative Movement is allowed in each player segment [15.7 L441]`],
  };
};
