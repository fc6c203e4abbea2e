/** The turn tracker's restore command in saved games (reference §5.2; VASSAL 3.7.26 TurnTracker.getState). */
import { expect, it } from 'vitest';
import { decodeSequence } from '../../src/vassal/sequence-encoder';
import { turnTrackerRestore } from '../../src/vassal/module/turn-state';

it('a turn-only tracker: the reference form TURNTurnTracker0<TAB>0|<turn>;0;<loop>;<last>', () => {
  // Reference example: `TURNTurnTracker0\t0|1;0;true;7`; Hexforge's turn level does not loop.
  expect(turnTrackerRestore({ turn: 1, lastTurn: 7, phases: 0, phase: 0 })).toBe('TURNTurnTracker0\t0|1;0;false;7');
});

it('turn and phase: the phase level nests inside the turn level, escaped one level down', () => {
  const command = turnTrackerRestore({ turn: 3, lastTurn: 10, phases: 4, phase: 0 });
  expect(command).toBe('TURNTurnTracker0\t0|3;0;false;10;0\\;0\\;0\\;true,true,true,true');
  // Read back as VASSAL does: TAB, then '|', then ';' twice.
  const [prefix, state] = decodeSequence(command, '\t');
  expect(prefix).toBe('TURNTurnTracker0');
  const [currentLevel, turnLevel] = decodeSequence(state, '|');
  expect(currentLevel).toBe('0');
  const [turn, , loop, last, phaseLevel] = decodeSequence(turnLevel, ';');
  expect([turn, loop, last]).toEqual(['3', 'false', '10']);
  const [phase, , first, active] = decodeSequence(phaseLevel, ';');
  expect([phase, first, decodeSequence(active, ',')]).toEqual(['0', '0', ['true', 'true', 'true', 'true']]);
});
