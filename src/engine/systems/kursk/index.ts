/**
 * SPI Kursk (system "spi-kursk"): the `spi-kursk.*` queries. Every number, side, type and
 * modifier a rule needs is the game's (game.json systemRules["spi-kursk"], tables.json, terrain.json).
 *
 * Implements the mechanics the rule text states in numbers: CRT column from the net Attack Strength
 * and shifts (9.35, 9.36) on the columns tables.json gives; the Combat Modifiers Table values
 * (read from tables.json); mixed-command shifts through the formation tree (11.18, 11.19); Step
 * losses, markers and substitution (9.46-9.53); artillery, anti-tank, barrage and counterbattery
 * (13.0); "m" results (9.47); overrun, disengagement, infiltration, rail and Movement Allowance
 * (5.0-8.3); independent-command limits, breakdown and recombination (11.14, 14.0); supply and
 * communication lengths (11.3-11.5); Air Points (17.0, 19.7-21.7); reserves, partisans, Victory
 * Point awards and levels (15.3, 18.3-18.4, scenarios.json).
 *
 * Where it stops: no CRT cell, Step DRM, mode effect, TEC value or Air Warfare result (their chart
 * bodies are not in the source); Level thresholds other than Level Two = 8 points (13.61); losses
 * beyond the back face of a marker unit; map-printed VP awards other than the asterisk groups.
 * Those answer "unsupported" with the reason.
 */
import { defineQuery, type QueryDefinition, type QueryHandler } from '../../checks/query';
import { answering } from '../rule-values';
import { airPoints, interception } from './air';
import { withCases } from './cases';
import {
  commandHQs,
  commandShift,
  gunUnitSupply,
  icLimit,
  kampfgruppen,
  outOfCommunication,
  sovietBreakdown,
  supplyLengths,
  supplyPath,
  zocExtends,
} from './command';
import { crtColumn } from './crt-column';
import { KURSK_INPUTS } from './inputs';
import { artilleryUses, counterbattery, gunPoints, mayGunPool, reserveGuns } from './guns';
import {
  disengageCost,
  entryCost,
  infiltration,
  mechanizedMovement,
  minimumMove,
  movementAllowance,
  overrun,
  overrunCost,
  railAllowed,
  railCapacity,
  railHexCap,
  railRange,
  splitAttack,
} from './movement';
import {
  adjustResult,
  advance,
  antitankResult,
  artilleryRetreat,
  mResult,
  overrunRetreat,
  resultOptions,
  retreatDistance,
  retreatedIntoStack,
} from './results';
import {
  partisans,
  replacementLimits,
  replacements,
  reserveLimit,
  reserveVP,
  sovietAttackShift,
  unmodifiedAttacks,
  victoryLevel,
  vpAward,
  vpGroups,
} from './scenario';
import {
  airShift,
  antitankShift,
  artilleryModifier,
  attackAllowed,
  attackStrength,
  barrageShift,
  germanBarrage,
  hexsideShift,
  multiTerrain,
  supplyShift,
} from './shifts';
import { gunsAlone, hqAlone, lossAllocation, recombine, stepLoss } from './steps';

const handlers: Record<string, QueryHandler> = {
  crtColumn,
  stepLoss,
  artilleryRetreat,
  retreatDistance,
  commandShift,
  commandHQs,
  artilleryModifier,
  barrageShift,
  counterbattery,
  entryCost,
  vpGroups,
  unmodifiedAttacks,
  kampfgruppen,
  icLimit,
  sovietBreakdown,
  hexsideShift,
  resultOptions,
  mResult,
  reserveGuns,
  minimumMove,
  splitAttack,
  gunPoints,
  gunUnitSupply,
  overrunCost,
  overrun,
  disengageCost,
  multiTerrain,
  movementAllowance,
  mechanizedMovement,
  railCapacity,
  railRange,
  railHexCap,
  railAllowed,
  attackAllowed,
  attackStrength,
  supplyShift,
  airShift,
  interception,
  airPoints,
  antitankResult,
  antitankShift,
  germanBarrage,
  sovietAttackShift,
  adjustResult,
  recombine,
  lossAllocation,
  hqAlone,
  gunsAlone,
  overrunRetreat,
  advance,
  retreatedIntoStack,
  infiltration,
  supplyLengths,
  supplyPath,
  outOfCommunication,
  replacements,
  replacementLimits,
  partisans,
  reserveVP,
  reserveLimit,
  vpAward,
  victoryLevel,
  zocExtends,
  artilleryUses,
  mayGunPool,
};

/** The system's name (game.json "system"), which prefixes its queries. */
export const KURSK_SYSTEM = 'spi-kursk';

/**
 * Each query with its declared input (inputs.ts). Every handler accepts the data's `input.cases`
 * convention; a rule value the game lacks is unsupported, one it marks unknown a gap.
 */
export const KURSK_QUERIES: Record<string, QueryDefinition> = Object.fromEntries(
  Object.entries(handlers).map(([name, handler]) => [
    `${KURSK_SYSTEM}.${name}`,
    defineQuery({ ...KURSK_INPUTS[name], run: withCases(answering(handler)) }),
  ]),
);
