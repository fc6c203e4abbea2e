/**
 * The SPI Kursk rule values a game states (game.json `systemRules["spi-kursk"]`, schema in
 * schemas/system-rules.schema.json), typed. Nothing here is a game's number or id: each accessor
 * reads the game's value and its citation, and a missing or unknown value stops the answer.
 */
import type { Engine } from '../../context';
import { rule, type Rule } from '../rule-values';

export { sideName } from '../rule-values';

type Id = string;
type PerSide = Record<Id, number>;
/** Fields that all hold a number (`Numbers<'a' | 'b'>`) or all an id: one line says so for all of them. */
type Numbers<K extends string> = Record<K, number>;
type Ids<K extends string> = Record<K, Id>;

const systemRule =
  <T>(name: string) =>
  (engine: Engine): Rule<T> =>
    rule<T>(engine, name);

export const minimumAttack = systemRule<number>('minimumAttack');
export const interception = systemRule<Numbers<'oneSide' | 'bothSides' | 'freeAirPoints' | 'alwaysFails'> & { bothSidesRoller: Id }>(
  'interception',
);
export const airPoints =
  systemRule<Record<Id, { fromTurn: number; points: PerSide; source?: { rule?: string; line?: number | string; note?: string } }[]>>(
    'airPoints',
  );
export const maxAirPointsPerCombat = systemRule<number>('maxAirPointsPerCombat');
export const independentCommand = systemRule<
  Ids<'kampfgruppenSide' | 'securityReleaseSide' | 'securityReleaseFlag'> & { limits: PerSide; kampfgruppenPerReduction: number }
>('independentCommand');
export const breakdown = systemRule<Numbers<'kampfgruppenPerDivision' | 'maxDivisionsBrokenDown' | 'divisionsPerCorps'>>('breakdown');
export const supplyLines =
  systemRule<Numbers<'unitToHQ' | 'hqToSource' | 'independentToSource' | 'gunUnitToSource' | 'communication'>>('supplyLines');
export const maxRoadRailSwitches = systemRule<number>('maxRoadRailSwitches');
export const zocOutOfSupplyTurns = systemRule<number>('zocOutOfSupplyTurns');
export const combatModifiers =
  systemRule<
    Ids<
      | 'table'
      | 'differentHeadquarters'
      | 'irregularCommand'
      | 'overrun'
      | 'attackerOutOfSupply'
      | 'defenderOutOfSupply'
      | 'sovietBarrage'
      | 'germanBarrage'
      | 'antitankVsInfantry'
      | 'airAttacker'
      | 'airDefender'
    >
  >('combatModifiers');
export const outOfCommunication = systemRule<{ movementHalved: boolean; mayOverrun: boolean; attackNeedsCommunication: Id[] }>(
  'outOfCommunication',
);
export const gunUnits = systemRule<{
  types: Id[];
  antitankType: Id;
  subordinate: boolean;
  traceAs: string;
  outOfSupply: Record<Id, string>;
}>('gunUnits');
export const levelTwoArtilleryPoints = systemRule<number>('levelTwoArtilleryPoints');
export const artilleryUses = systemRule<Record<string, number>>('artilleryUses');
export const gunPool = systemRule<
  Ids<'scenario' | 'specialRule' | 'side'> &
    Numbers<'underReserveHQs' | 'remainingBeforeReserve'> &
    Record<'removed' | 'drawn', Record<Id, number>> & { unitTypes: Id[]; counter: string }
>('gunPool');
export const overrunMovementPoints = systemRule<number>('overrunMovementPoints');
export const entrenchmentDisengage = systemRule<Record<Id, number>>('entrenchmentDisengage');
export const modes = systemRule<
  Record<'unaffectedTypes' | 'halveMovement' | 'noMechanizedMovement' | 'noRail', Id[]> &
    Ids<'overrun' | 'hqAlone'> &
    Record<'mAddsOne' | 'mSubtractsOne', Ids<'attacker' | 'defender'>> & { cutInModeDivisor: number }
>('modes');
export const mechanizedPhaseClasses = systemRule<Id[]>('mechanizedPhaseClasses');
export const rail = systemRule<{
  phases: Id[];
  unitsPerTurn: number;
  heavyClasses: Id[];
  heavyWeight: number;
  range: Record<string, number>;
  hexCap: Record<string, number>;
}>('rail');
export const entryMovementPerEarlierStack = systemRule<number>('entryMovementPerEarlierStack');
export const infiltration = systemRule<{ sides: Id[]; phases: Id[]; notAcross: Id[] }>('infiltration');
export const overrunRetreat = systemRule<{
  neverDisrupted: Id[];
  disrupted: Record<string, unknown>;
  defenderForbiddenHexes: string[];
  attackerMaxRetreat: number;
  attackerRetreatTo: string[];
}>('overrunRetreat');
export const advanceAfterCombat = systemRule<{
  stopsOnEntering: string;
  mayEnterEnemyOccupied: boolean;
  retreatPath: string;
  eliminatedPath: string;
  eliminatedMaxAdvance: number;
}>('advanceAfterCombat');
export const artilleryLevelsPerHexRetreated = systemRule<number>('artilleryLevelsPerHexRetreated');
export const antitankLossesFirstFrom = systemRule<Id[]>('antitankLossesFirstFrom');
export const replacementLimits = systemRule<Record<string, boolean | number>>('replacementLimits');
export const scenarioRules = systemRule<{
  overLimitAttacks: { specialRule: Id; modifier: Id };
  turnOneSovietAttacks: { specialRule: Id; withBarrage: Id; withoutBarrage: Id };
  resultAdjustment: { specialRule: Id; modifier: Id };
}>('scenarioRules');
export const partisans = systemRule<Record<Id, { first: number; max: number }> & { perLaterPhase: number }>('partisans');
export const reserves = systemRule<{
  vpLastTurn: number;
  activationLimit: number;
  activationLimitByTurn: Record<Id, Record<string, number>>;
  activatedAward: Id;
  perTurnAward: Id;
}>('reserves');
export const victorySchedule = systemRule<Id[]>('victorySchedule');
export interface VpAward {
  side: Id;
  types: Id[];
  award: Id;
  perTwoSteps?: Id;
}
export const vpAwards = systemRule<{ eliminated: VpAward[]; notInPlay: VpAward[] }>('vpAwards');
export const stepMarkers = systemRule<{ id: string; attack: number; stepValue: number }[]>('stepMarkers');
export const hqSteps = systemRule<number>('hqSteps');
export const headquartersType = systemRule<Id>('headquartersType');
export const kampfgruppenSide = systemRule<Id>('kampfgruppenSide');
