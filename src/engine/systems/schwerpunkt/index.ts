/**
 * Schwerpunkt Series rules (Von Manstein's Backhand Blow, data/vmbb): the `schwerpunkt.*` queries.
 *
 * Implements: designations (2.4.2); C3I receipt by weather, spending on the Activity Table and the
 * Rochade (8.x, 15.9); Activity Point costs and the Soviet Front split (9.1, 15.1, 15.10–15.11, 16.2);
 * Tactical Ratings, Integrity, Concentric Attacks, Tactical Superiority and chit allowances (16.5–16.6,
 * 16.9.2); Combat Refusal (16.7); Combat Hits with the automatic 4/0, SNAFU and Random Events (16.8,
 * 16.10, 18.0); retreats, loss distribution and advances (16.10–16.12); weather, segments and the
 * Administrative Movement pipeline (5.x, 15.7, 19.0); supply sources, OOS markers and OOS movement
 * (7.x); Front range and entry Fronts (11.3, 14.0); Variable Reinforcements, Soviet Replacements,
 * Uprisings and step-loss Victory Points (11.4, 12.0, 17.0, 19.21).
 *
 * Every number, side, zone, segment and modifier a rule names is the game's: game.json
 * `systemRules.schwerpunkt` (schemas/system-rules.schema.json), tables.json, tracks.json, map.json.
 *
 * Where it stops: the charts the rulebook names but does not print (CRT cells, Activity, Weather,
 * Attrition, Random Events, Uprising and Replacement tables, Combat Chits Charts, the Game Turn
 * Record Track values) are declared unknown in the data; a query that needs one of them answers
 * "gap" or "unsupported" with the reason instead of a result. Map geometry (hex distances, retreat
 * paths, hex control) is given by the check as input, not traced on the map.
 */
import { defineQuery, type QueryDefinition, type QueryHandler } from '../../checks/query';
import { answering } from '../rule-values';
import { activityCost, canDeclareAttack, frontSplit } from './activity';
import { advanceLength } from './advance';
import { c3iReceived, rochadeAllowed, rochadePlacement, spendC3I } from './c3i';
import { combatChits } from './chits';
import { concentric } from './concentric';
import { designation } from './designation';
import { entryFront, frontRange } from './front';
import { combatEvents, combatHits } from './hits';
import { combatRefusal } from './refusal';
import { replacement, variableReinforcementDraw } from './reinforcements';
import {
  applyOrder,
  distributeLosses,
  mandatoryRetreat,
  noRetreatPossible,
  retreatEzocLosses,
  retreatOptions,
  stationaryRetreat,
} from './retreat';
import { chitAllowanceQuery, integrity, tacticalRating, tacticalSuperiority } from './superiority';
import { oosGuaranteedMove, oosMovementAllowance, supplySource, supplyStatus } from './supply';
import { adminMovementAllowed, adminPipeline, segments, weather } from './turn';
import { uprisingCheck } from './uprising';
import { victoryPoints } from './victory';
import { SCHWERPUNKT_INPUTS } from './inputs';

const HANDLERS: Record<string, QueryHandler> = {
  designation,
  spendC3I,
  c3iReceived,
  rochadePlacement,
  rochadeAllowed,
  tacticalSuperiority,
  chitAllowance: chitAllowanceQuery,
  integrity,
  tacticalRating,
  concentric,
  combatChits,
  combatHits,
  combatEvents,
  combatRefusal,
  frontSplit,
  activityCost,
  canDeclareAttack,
  oosMovementAllowance,
  oosGuaranteedMove,
  frontRange,
  entryFront,
  retreatOptions,
  mandatoryRetreat,
  noRetreatPossible,
  retreatEzocLosses,
  distributeLosses,
  applyOrder,
  stationaryRetreat,
  advanceLength,
  weather,
  segments,
  adminPipeline,
  adminMovementAllowed,
  supplySource,
  supplyStatus,
  variableReinforcementDraw,
  replacement,
  uprisingCheck,
  victoryPoints,
};

/**
 * Each query with its declared input (inputs.ts). A rule value the game lacks answers unsupported,
 * one it marks unknown a gap.
 */
export const SCHWERPUNKT_QUERIES: Record<string, QueryDefinition> = Object.fromEntries(
  Object.entries(HANDLERS).map(([name, handler]) => [
    `schwerpunkt.${name}`,
    defineQuery({ ...SCHWERPUNKT_INPUTS[name], run: answering(handler) }),
  ]),
);
