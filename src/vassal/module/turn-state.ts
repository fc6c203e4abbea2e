/**
 * The turn tracker's state in a saved game: the restore command VASSAL's `TurnTracker` writes
 * (`TURN<id><TAB><state>`, reference §5.2), so a scenario's setup opens on its first turn and phase.
 *
 * The state nests like VASSAL 3.7.26's getState methods:
 *   TurnTracker       currentLevel | <each top level's state>                       ('|')
 *   CounterTurnLevel  current ; currentSubLevel ; loop ; loopLimit ; <sub-levels>  (';')
 *   ListTurnLevel     current ; currentSubLevel ; first ; <active flags, ','-list>  (';')
 * Hexforge's tracker is one CounterTurnLevel (turns) holding one ListTurnLevel (phases) when the
 * game has a sequence of play. The tracker's id is `TurnTracker` + its index among the module's
 * trackers (VASSAL's UniqueIdManager): the module has one.
 */
import { encodeSequence } from '../sequence-encoder';

export const TURN_TRACKER_ID = 'TurnTracker0';

export interface TurnState {
  /** The turn the scenario starts on. */
  turn: number;
  /** The tracker's last turn (its CounterTurnLevel `loopLimit`; -1: no end). */
  lastTurn: number;
  /** Number of phases in the ListTurnLevel (0: the tracker has none). */
  phases: number;
  /** Index of the phase the scenario starts in. */
  phase: number;
}

export function turnTrackerRestore(state: TurnState): string {
  const subLevels =
    state.phases > 0
      ? [encodeSequence([String(state.phase), '0', '0', encodeSequence(Array<string>(state.phases).fill('true'), ',')!], ';')!]
      : [];
  const turnLevel = encodeSequence([String(state.turn), '0', 'false', String(state.lastTurn), ...subLevels], ';')!;
  return encodeSequence([`TURN${TURN_TRACKER_ID}`, encodeSequence(['0', turnLevel], '|')!], '\t')!;
}
