/**
 * The Ring of Fire rule values a game states (game.json `systemRules["ring-of-fire"]`, schema in
 * schemas/system-rules.schema.json), typed. Nothing here is a game's number or id: each accessor
 * reads the game's value and its citation, and a missing or unknown value stops the answer.
 */
import type { Engine } from '../../context';
import { rule, type Rule } from '../rule-values';

type Id = string;

const systemRule =
  <T>(name: string) =>
  (engine: Engine): Rule<T> =>
    rule<T>(engine, name);

export interface VictoryBand {
  min?: number;
  level: Id;
}

export const combatModifiers = systemRule<{
  outOfSupply: Id;
  barrage: Id;
  groundSupport: Id;
  concentric: Id;
  maximumEffort: Id;
  fortificationLosses: Id;
}>('combatModifiers');
export const fortification = systemRule<{ terrain: Id; protects: Id; negatedBy: Id }>('fortification');
export const barragesPerHex = systemRule<number>('barragesPerHex');
export const maxGroundSupport = systemRule<number>('maxGroundSupport');
export const rivers = systemRule<{ minor: Id; major: Id; noAttackAcrossMajor: Id }>('rivers');
export const reservesBelowLimitResult = systemRule<string>('reservesBelowLimitResult');
export const reserveMovementFraction = systemRule<number>('reserveMovementFraction');
export const outOfSupplyMovementFactor = systemRule<number>('outOfSupplyMovementFactor');
export const strategicMovementFactor = systemRule<number>('strategicMovementFactor');
export const interdictedTerrain = systemRule<Id>('interdictedTerrain');
export const noReservesRule = systemRule<{ rule: Id; turn: number; side: Id }>('noReservesRule');
export const replacements = systemRule<{ table: Id; categories: Id[]; exceptions: Record<Id, Record<Id, Id>> }>('replacements');
export const boxes = systemRule<{ eliminated: Id; permanentlyEliminated: Id }>('boxes');
export const air = systemRule<{ type: Id; withdrawn: number; missions: Id[] }>('air');
export const supplySources = systemRule<{ lostForGood: { zone: Id; lostTo: Id } }>('supplySources');
export const eliminationCauses = systemRule<Id[]>('eliminationCauses');
export const setup = systemRule<{
  bridgehead: { side: Id; movementClass: Id; place: Id };
  fortLine: { side: Id; movementClass: Id; zone: Id };
  eastOfRiver: { side: Id; movementClass: Id; zone: Id; exceptFlag: Id };
}>('setup');
export const tankCombat = systemRule<{ table: Id; barrier: Id; tankType: Id }>('tankCombat');
export const victory = systemRule<{ townScorer: Id; netFor: Id }>('victory');
export const victoryLevels =
  systemRule<Record<Id, { opponentAhead: Id; bands: VictoryBand[]; source?: { rule?: string; line?: number | string } }>>('victoryLevels');
