/**
 * The Schwerpunkt rule values a game states (game.json `systemRules.schwerpunkt`, schema in
 * schemas/system-rules.schema.json), typed. Nothing here is a game's number or id: each accessor
 * reads the game's value and its citation, and a missing or unknown value stops the answer.
 */
import type { Engine } from '../../context';
import { rule, type Rule } from '../rule-values';

type Id = string;
export type SegmentKind = 'administrative' | 'schwerpunkt' | 'general' | 'victory' | 'other';

export interface SegmentRule {
  phase: Id;
  kind: SegmentKind;
  second?: boolean;
  skippedIn?: Id[];
  notOnTurns?: number[];
}

const systemRule =
  <T>(name: string) =>
  (engine: Engine): Rule<T> =>
    rule<T>(engine, name);

export const frontSide = systemRule<Id>('frontSide');
export const formationStackSide = systemRule<Id>('formationStackSide');
export const oneGroupDesignationSides = systemRule<Id[]>('oneGroupDesignationSides');
export const maxC3iSpend = systemRule<number>('maxC3iSpend');
export const c3iTurnValues = systemRule<Record<Id, Record<Id, Id>>>('c3iTurnValues');
export const noC3iWeather = systemRule<Id[]>('noC3iWeather');
export const rochade = systemRule<{ side: Id; firstTurn: number; weather: Id[]; maxPlacements: number; activityColumn: string }>('rochade');
export const activityPoints = systemRule<{ perUnitMoved: number; perFormationStack: number; perCombat: number }>('activityPoints');
export const firstTurnWeather = systemRule<Id>('firstTurnWeather');
export const weatherAfter = systemRule<{ result: Id; after: Id[]; becomes: Id }[]>('weatherAfter');
export const segments = systemRule<SegmentRule[]>('segments');
export const noAdminMovementOnTurns = systemRule<number[]>('noAdminMovementOnTurns');
export const tacticalRatingMinimum = systemRule<number>('tacticalRatingMinimum');
export const outOfSupplyModifier = systemRule<Id>('outOfSupplyModifier');
export const integrity = systemRule<{ modifier: Id; othersNeeded: Record<string, number>; lostAfterEliminated: number }>('integrity');
export const concentricModifier = systemRule<Id>('concentricModifier');
export const chitsPlayable = systemRule<{ superior: number; inferior: number; tie: number }>('chitsPlayable');
export const snafu = systemRule<{ roll: number; side: 'attacker' | 'defender'; hits: number }[]>('snafu');
export const randomEventRolls = systemRule<number[]>('randomEventRolls');
export const retreat = systemRule<{
  maxHexes: number;
  fullRetreatClasses: Id[];
  otherMaxHexes: number;
  cannotRetreatPenalty?: number;
  enemyZocLossPerHex?: number;
}>('retreat');
export const combatRefusal = systemRule<{ classes: Id[]; retreatHexes: number; advanceMax: number }>('combatRefusal');
export const advance = systemRule<{ maxHexes: number; secondHexClasses: Id[]; secondHexAfterRetreat: number }>('advance');
export const resultsApplied = systemRule<('attacker' | 'defender')[]>('resultsApplied');
export const stationaryClass = systemRule<Id>('stationaryClass');
export const oosMovementAllowance = systemRule<Record<Id, number>>('oosMovementAllowance');
export const frontRange = systemRule<{ hexes: number; boxes?: Id[] }>('frontRange');
export const entryFronts = systemRule<Record<Id, Id>>('entryFronts');
export const uprising = systemRule<{ zone: Id; range: number }>('uprising');
export const variableReinforcementStrengths = systemRule<number[]>('variableReinforcementStrengths');
export const replacementClasses = systemRule<Id[]>('replacementClasses');
export const stepLossVictory = systemRule<{ entry: Id; addedBy: Id }>('stepLossVictory');
export const oosMarker = systemRule<Id>('oosMarker');
