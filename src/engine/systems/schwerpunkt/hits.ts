/**
 * Combat Hits of a combat (16.8, 16.10, 16.10.1, 18.0): the CRT result (or the automatic result below
 * the lowest column) plus SNAFU hits and Random Events on the unmodified rolls the game names
 * (systemRules.schwerpunkt snafu, randomEventRolls).
 */
import type { TableFile } from '../../../model/files';
import { QueryInputError, naturalRoll, optNumber, optTotal, string } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { pickColumn, readRow } from '../../crt';
import type { Engine } from '../../context';
import { randomEventRolls, snafu as snafuRule } from './rules';
import { Unanswerable } from './read';

export interface CombatEvents {
  snafu: { defenderExtraHits: number } | { attackerExtraHits: number } | null;
  randomEvent: boolean;
}

export function combatEventsOf(engine: Engine, roll: number, reasons: string[]): CombatEvents {
  const snafus = snafuRule(engine);
  const events = randomEventRolls(engine);
  const hit = snafus.value.find((s) => s.roll === roll);
  const snafu: CombatEvents['snafu'] =
    hit === undefined ? null : hit.side === 'defender' ? { defenderExtraHits: hit.hits } : { attackerExtraHits: hit.hits };
  const randomEvent = events.value.includes(roll);
  reasons.push(
    hit === undefined
      ? `unmodified roll ${roll}: no SNAFU (only ${snafus.value.map((s) => s.roll).join(' or ')})${snafus.cite}`
      : `unmodified roll ${roll}: SNAFU, the ${hit.side} suffers ${hit.hits} additional Combat Hit(s)${snafus.cite}`,
    randomEvent
      ? `unmodified roll ${roll}: Random Event after all results of this combat, including retreats and advances${events.cite}`
      : `unmodified roll ${roll}: no Random Event${events.cite}`,
  );
  return { snafu, randomEvent };
}

/** An unmodified roll of the CRT's dice (game.json dice named by the table). */
function unmodifiedRoll(engine: Engine, table: TableFile | undefined, input: Record<string, unknown>): number {
  const crt = table ?? engine.game.tables.find((t) => t.kind === 'crt');
  if (!crt || !engine.game.info.dice?.some((d) => d.id === crt.dice))
    throw new Unanswerable(`the dice of the ${crt?.name ?? 'CRT'} are not named in game.json`);
  return naturalRoll(engine, crt, input);
}

export const combatEvents: QueryHandler = (engine, input) => {
  const reasoning: string[] = [];
  const events = combatEventsOf(engine, unmodifiedRoll(engine, undefined, input), reasoning);
  return {
    actual: { ...events, ...(events.randomEvent ? { randomEventAfter: 'all combat results including retreat and advance' } : {}) },
    reasoning,
  };
};

function parseHits(result: string): { attacker: number; defender: number } | undefined {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(result);
  return m ? { attacker: Number(m[1]), defender: Number(m[2]) } : undefined;
}

export const combatHits: QueryHandler = (engine, input) => {
  const id = string(input, 'table');
  const table = engine.table(id);
  if (!table) throw new QueryInputError(`table "${id}" is not in tables.json`);
  const roll = unmodifiedRoll(engine, table, input);
  const reasoning: string[] = [];
  // Choosing the column needs only the CRT's frame (columns and off-table rules), which the data
  // gives even when the cells are unknown; the cells are read (and found unknown) separately.
  const frame: TableFile = { ...table, body: undefined };
  const pick = pickColumn(
    frame,
    {
      attack: optTotal(input, 'attack'),
      defend: optTotal(input, 'defend'),
      column: input.column as string | undefined,
      shift: optNumber(input, 'shift'),
    },
    reasoning,
  );
  let result: string;
  switch (pick.kind) {
    case 'unknown':
      throw new Unanswerable(pick.why);
    case 'prohibited':
      return { actual: { prohibited: true }, reasoning };
    case 'automatic':
      result = pick.result;
      if (pick.rollStill) reasoning.push('the dice are still rolled for SNAFU and Random Events [16.8 L507]');
      break;
    default: {
      const r = readRow(table, pick.index, roll, optNumber(input, 'drm') ?? 0, reasoning);
      if (r.unknown !== undefined || r.result === undefined) throw new Unanswerable(r.unknown ?? 'the CRT cell is not given');
      result = String(r.result);
    }
  }
  const hits = parseHits(result);
  if (!hits) throw new Unanswerable(`CRT result "${result}" is not of the form attacker/defender hits [16.10 L534]`);
  const events = combatEventsOf(engine, roll, reasoning);
  const attackerHits = hits.attacker + (events.snafu && 'attackerExtraHits' in events.snafu ? events.snafu.attackerExtraHits : 0);
  const defenderHits = hits.defender + (events.snafu && 'defenderExtraHits' in events.snafu ? events.snafu.defenderExtraHits : 0);
  reasoning.push(`result ${result} → attacker ${attackerHits}, defender ${defenderHits} Combat Hits [16.10 L534]`);
  return { actual: { result, attackerHits, defenderHits, ...events }, reasoning };
};
