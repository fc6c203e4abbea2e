/**
 * Ring of Fire (system "ring-of-fire") rule queries, `ring-of-fire.*`. Every number, side, zone and
 * id a rule needs is the game's (game.json systemRules["ring-of-fire"], tables.json, terrain.json, map.json).
 *
 * Implements: Tank Combat (firing order, mandatory combats, scripted segments with immediate
 * losses, Tank Combat markers, unengaged-hex fire, reserve-phase segment, advance), strength
 * multipliers, column shifts with virtual columns above 5:1, the 1:3 limit, Maximum Effort and
 * fortification/Barrage loss modifiers, even step losses, ZOC Hex and Hexside Links with map-edge
 * links and negation, ordered moves, supply sources and paths, hex control, reserves, Strategic
 * Movement, interdiction, replacements, air pool and missions, Advance After Combat, set-up, victory.
 *
 * Where it stops: it answers from the data and the rule text only. The CRT body, most Replacement
 * Schedule rows, the map's terrain and the course of the fortification line are not given, so queries
 * that need them answer "unsupported" with the reason (e.g. a shift through a CRT column the table
 * does not list, a reserve path whose MP cost needs terrain, a set-up hex away from the named ones).
 */
import { defineQuery, type QueryDefinition, type QueryHandler } from '../../checks/query';
import { answering } from '../rule-values';
import {
  attackOdds,
  barrageLegal,
  columnShift,
  combatResult,
  finalColumnQuery,
  groundSupport,
  netShift,
  stepLoss,
  strengthMultiplier,
} from './combat';
import { concentric, defensiveReserveMove, moveSequence, supplyPath, zocLinksQuery } from './links';
import {
  advanceAfterCombat,
  defensiveReserve,
  interdictionCost,
  minimumMove,
  reserveDesignation,
  reserveMovement,
  reserveStatus,
  strategicMovement,
} from './movement';
import { airMissions, airPool, reclaim, replacementCategory, replacements, replenish } from './replacements-air';
import { eliminationBox, hexControl, reclaimHex, setupLegal, supplySource } from './supply-control';
import { tankAdvance, tankCombat, tankCombatsRequired, tankFireOrder } from './tank-combat';
import { exitVp, victory, victoryLevel } from './victory';
import { ROF_INPUTS } from './inputs';

const HANDLERS: Record<string, QueryHandler> = {
  strengthMultiplier,
  replacements,
  tankFireOrder,
  tankCombat,
  tankCombatsRequired,
  tankAdvance,
  columnShift,
  netShift,
  finalColumn: finalColumnQuery,
  attackOdds,
  combatResult,
  stepLoss,
  reserveMovement,
  moveSequence,
  zocLinks: zocLinksQuery,
  concentric,
  setupLegal,
  barrageLegal,
  groundSupport,
  interdictionCost,
  minimumMove,
  strategicMovement,
  hexControl,
  reclaimHex,
  defensiveReserveMove,
  supplySource,
  supplyPath,
  eliminationBox,
  reserveDesignation,
  reserveStatus,
  defensiveReserve,
  replacementCategory,
  reclaim,
  replenish,
  advanceAfterCombat,
  victory,
  victoryLevel,
  exitVp,
  airPool,
  airMissions,
};

/** The system's name (game.json "system"), which prefixes its queries. */
export const ROF_SYSTEM = 'ring-of-fire';

/**
 * Each query with its declared input (inputs.ts). A rule value the game lacks answers unsupported,
 * one it marks unknown a gap.
 */
export const ROF_QUERIES: Record<string, QueryDefinition> = Object.fromEntries(
  Object.entries(HANDLERS).map(([name, handler]) => [
    `${ROF_SYSTEM}.${name}`,
    defineQuery({ ...ROF_INPUTS[name], run: answering(handler) }),
  ]),
);
