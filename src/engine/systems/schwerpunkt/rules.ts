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

const get =
  <T>(name: string) =>
  (engine: Engine): Rule<T> =>
    rule<T>(engine, name);

export const frontSide = get<Id>('frontSide');
export const formationStackSide = get<Id>('formationStackSide');
export const oneGroupDesignationSides = get<Id[]>('oneGroupDesignationSides');
export const maxC3iSpend = get<number>('maxC3iSpend');
export const c3iTurnValues = get<Record<Id, Record<Id, Id>>>('c3iTurnValues');
export const noC3iWeather = get<Id[]>('noC3iWeather');
export const rochade = get<{ side: Id; firstTurn: number; weather: Id[]; maxPlacements: number; activityColumn: string }>('rochade');
export const activityPoints = get<{ perUnitMoved: number; perFormationStack: number; perCombat: number }>('activityPoints');
export const firstTurnWeather = get<Id>('firstTurnWeather');
export const weatherAfter = get<{ result: Id; after: Id[]; becomes: Id }[]>('weatherAfter');
export const segments = get<SegmentRule[]>('segments');
export const noAdminMovementOnTurns = get<number[]>('noAdminMovementOnTurns');
export const tacticalRatingMinimum = get<number>('tacticalRatingMinimum');
export const outOfSupplyModifier = get<Id>('outOfSupplyModifier');
export const integrity = get<{ modifier: Id; othersNeeded: Record<string, number>; lostAfterEliminated: number }>('integrity');
export const concentricModifier = get<Id>('concentricModifier');
export const chitsPlayable = get<{ superior: number; inferior: number; tie: number }>('chitsPlayable');
export const snafu = get<{ roll: number; side: 'attacker' | 'defender'; hits: number }[]>('snafu');
export const randomEventRolls = get<number[]>('randomEventRolls');
export const retreat = get<{
  maxHexes: number;
  fullRetreatClasses: Id[];
  otherMaxHexes: number;
  cannotRetreatPenalty?: number;
  enemyZocLossPerHex?: number;
}>('retreat');
export const combatRefusal = get<{ classes: Id[]; retreatHexes: number; advanceMax: number }>('combatRefusal');
export const advance = get<{ maxHexes: number; secondHexClasses: Id[]; secondHexAfterRetreat: number }>('advance');
export const resultsApplied = get<('attacker' | 'defender')[]>('resultsApplied');
export const stationaryClass = get<Id>('stationaryClass');
export const oosMovementAllowance = get<Record<Id, number>>('oosMovementAllowance');
export const frontRange = get<{ hexes: number; boxes?: Id[] }>('frontRange');
export const entryFronts = get<Record<Id, Id>>('entryFronts');
export const uprising = get<{ zone: Id; range: number }>('uprising');
export const variableReinforcementStrengths = get<number[]>('variableReinforcementStrengths');
export const replacementClasses = get<Id[]>('replacementClasses');
export const stepLossVictory = get<{ entry: Id; addedBy: Id }>('stepLossVictory');
export const oosMarker = get<Id>('oosMarker');
