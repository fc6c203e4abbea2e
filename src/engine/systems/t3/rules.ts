/**
 * The Turning the Tables system rule values a game states (game.json `systemRules.t3`, schema in
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

export const c3iSpend = systemRule<{ min: number; max: number }>('c3iSpend');
export const activationCosts = systemRule<{ mpPerUnit: number; mpRiverCrossing: number; cpPerCombat: number; cpAcrossRiver: number }>(
  'activationCosts',
);
export const chitsPlayable = systemRule<{ equal: number; withSuperiority: number; withoutSuperiority: number }>('chitsPlayable');
export const crtModifiers = systemRule<{ river: Id; outOfSupply: Id; tankBonus: Id }>('crtModifiers');
export const riverTerrain = systemRule<Id>('riverTerrain');
export const tankBonus = systemRule<{ size: Id; type: Id; flag: Id; noBonusTerrain: Id[] }>('tankBonus');
export const motorizedCategory = systemRule<Id>('motorizedCategory');
export const divisionalStack = systemRule<{ nationality: Id; sizes: Id[] }>('divisionalStack');
export const strategicMovement = systemRule<{ perPhase: number; mpCost: number; forbidden: { side: Id; turn: number; segment: number }[] }>(
  'strategicMovement',
);
export const rdExchange = systemRule<{ rule: string; max: number; side: Id; type: Id; size: Id }>('rdExchange');
export const vpSign = systemRule<Record<Id, number>>('vpSign');
export const stepLossVictory = systemRule<Id>('stepLossVictory');
export const randomEventRolls = systemRule<number[]>('randomEventRolls');
export const outOfSupplyMovement = systemRule<Record<Id, number>>('outOfSupplyMovement');
export const substituteFlag = systemRule<Id>('substituteFlag');
