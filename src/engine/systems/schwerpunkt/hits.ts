/**
 * Combat Hits of a combat (16.8, 16.10, 16.10.1, 18.0): the CRT result (or the automatic 4/0 below
 * the lowest column) plus SNAFU hits on an unmodified 3 or 11, and Random Events on an unmodified
 * 2 or 12.
 */
import type { TableFile } from '../../../model/files';
import { QueryInputError, number, optNumber, optTotal, string } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { pickColumn, readRow } from '../../crt';
import { RANDOM_EVENT_ROLLS, SNAFU_ATTACKER_ROLL, SNAFU_DEFENDER_ROLL } from './rules';
import { Unanswerable } from './read';

export interface CombatEvents {
  snafu: { defenderExtraHits: number } | { attackerExtraHits: number } | null;
  randomEvent: boolean;
}

export function combatEventsOf(roll: number, reasons: string[]): CombatEvents {
  let snafu: CombatEvents['snafu'] = null;
  if (roll === SNAFU_DEFENDER_ROLL) snafu = { defenderExtraHits: 1 };
  if (roll === SNAFU_ATTACKER_ROLL) snafu = { attackerExtraHits: 1 };
  const randomEvent = RANDOM_EVENT_ROLLS.includes(roll);
  reasons.push(
    snafu === null
      ? `unmodified roll ${roll}: no SNAFU (only ${SNAFU_DEFENDER_ROLL} or ${SNAFU_ATTACKER_ROLL}) [16.10.1 L538]`
      : `unmodified roll ${roll}: SNAFU, the ${roll === SNAFU_DEFENDER_ROLL ? 'defender' : 'attacker'} suffers one additional Combat Hit [16.10.1 L538]`,
    randomEvent
      ? `unmodified roll ${roll}: Random Event after all results of this combat, including retreats and advances [18.0 L571]`
      : `unmodified roll ${roll}: no Random Event [18.0 L571]`,
  );
  return { snafu, randomEvent };
}

function naturalRoll(input: Record<string, unknown>): number {
  const roll = number(input, 'roll');
  if (!Number.isInteger(roll) || roll < 2 || roll > 12) throw new QueryInputError('input.roll must be a natural two-dice total (2-12)');
  return roll;
}

export const combatEvents: QueryHandler = (_engine, input) => {
  const reasoning: string[] = [];
  const events = combatEventsOf(naturalRoll(input), reasoning);
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
  const roll = naturalRoll(input);
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
  const events = combatEventsOf(roll, reasoning);
  const attackerHits = hits.attacker + (events.snafu && 'attackerExtraHits' in events.snafu ? events.snafu.attackerExtraHits : 0);
  const defenderHits = hits.defender + (events.snafu && 'defenderExtraHits' in events.snafu ? events.snafu.defenderExtraHits : 0);
  reasoning.push(`result ${result} → attacker ${attackerHits}, defender ${defenderHits} Combat Hits [16.10 L534]`);
  return { actual: { result, attackerHits, defenderHits, ...events }, reasoning };
};
