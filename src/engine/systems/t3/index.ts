/**
 * T3 (Turning the Tables) system rules: the `t3.*` queries of data/ttt/checks.json.
 *
 * Implements C3I spending and activations (8.2, 10.0, 11.0), Activity Chart DRMs (13.0.C), DRM and
 * roll clamps read from the CRT (11.5.B, 11.6.B), TR/CS floors and the side's combined CS (3.1,
 * 11.6.A), TPV and Tactical Superiority (11.3), Combat Chits on CHs (11.6.2.B, effects read from
 * counters.json), Concentric Attack on the map's geometry (11.6.3), Soviet Tank Bonus (11.6.4),
 * CHs, retreats and advances (11.7), step losses with substitute counters (2.4.4), movement
 * activations, river crossing, Strategic Movement and ZOC movement (6.0, 10), stacking moments
 * (9.0), supply lines, OOS and attrition (7), scenario victory, VPs, exchanges and hex control
 * (3.3, 13), Random Event generation (12.0.C-E), and counter reading (2.4.5, 2.5).
 *
 * Where it stops: it never invents what the data leaves unknown — chit effects not given in
 * counters.json, TRs not in units.csv, Scenario Two's per-turn VP span, the Activity Chart body —
 * and answers "unsupported" with the reason. Geometric questions the rulebook leaves to the map
 * (retreat direction, front line) take their conditions from the check's input.
 */
import { defineQuery, type QueryDefinition, type QueryHandler } from '../../checks/query';
import { answering } from '../rule-values';
import { activations, activityDrm, c3iSpend, combats } from './c3i';
import { applyChits } from './chits';
import {
  combatCost,
  combatEligibility,
  combinedStrength,
  finalDrm,
  modifiedRoll,
  strengthMultiplier,
  tacticalRating,
  tacticalSuperiority,
  tankBonus,
  tpv,
} from './combat-values';
import { concentric } from './concentric';
import { designation, exertsZoc, markerText } from './counters';
import { advance, attackerHits, defenderHits, distributeLosses, retreatPenalty, stepLoss } from './hits';
import { movementCost, riverCrossing, stackingCheck, strategicMove, zocMove } from './movement';
import { hexControl, randomEvent, romanianRemoval, setupExchange, stepLossVp, victory } from './scenario';
import { attritionCheck, outOfSupply, supplyLine } from './supply';
import { T3_INPUTS } from './inputs';

const HANDLERS: Record<string, QueryHandler> = {
  't3.designation': designation,
  't3.exertsZoc': exertsZoc,
  't3.markerText': markerText,
  't3.c3iSpend': c3iSpend,
  't3.activations': activations,
  't3.combats': combats,
  't3.activityDrm': activityDrm,
  't3.finalDrm': finalDrm,
  't3.modifiedRoll': modifiedRoll,
  't3.tacticalRating': tacticalRating,
  't3.strengthMultiplier': strengthMultiplier,
  't3.combinedStrength': combinedStrength,
  't3.tpv': tpv,
  't3.tacticalSuperiority': tacticalSuperiority,
  't3.combatCost': combatCost,
  't3.tankBonus': tankBonus,
  't3.combatEligibility': combatEligibility,
  't3.applyChits': applyChits,
  't3.concentric': concentric,
  't3.defenderHits': defenderHits,
  't3.attackerHits': attackerHits,
  't3.distributeLosses': distributeLosses,
  't3.retreatPenalty': retreatPenalty,
  't3.advance': advance,
  't3.stepLoss': stepLoss,
  't3.movementCost': movementCost,
  't3.riverCrossing': riverCrossing,
  't3.strategicMove': strategicMove,
  't3.zocMove': zocMove,
  't3.stackingCheck': stackingCheck,
  't3.outOfSupply': outOfSupply,
  't3.supplyLine': supplyLine,
  't3.attritionCheck': attritionCheck,
  't3.setupExchange': setupExchange,
  't3.romanianRemoval': romanianRemoval,
  't3.victory': victory,
  't3.stepLossVp': stepLossVp,
  't3.hexControl': hexControl,
  't3.randomEvent': randomEvent,
};

/**
 * Each query with its declared input (inputs.ts). A rule value the game lacks answers unsupported,
 * one it marks unknown a gap.
 */
export const T3_QUERIES: Record<string, QueryDefinition> = Object.fromEntries(
  Object.entries(HANDLERS).map(([name, handler]) => [name, defineQuery({ ...T3_INPUTS[name], run: answering(handler) })]),
);
