/**
 * Ring of Fire (system "ring-of-fire") rule queries, `rof.*` in data/rof/checks.json.
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
import type { QueryHandler } from '../../checks/query';
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

export const ROF_QUERIES: Record<string, QueryHandler> = {
  'rof.strengthMultiplier': strengthMultiplier,
  'rof.replacements': replacements,
  'rof.tankFireOrder': tankFireOrder,
  'rof.tankCombat': tankCombat,
  'rof.tankCombatsRequired': tankCombatsRequired,
  'rof.tankAdvance': tankAdvance,
  'rof.columnShift': columnShift,
  'rof.netShift': netShift,
  'rof.finalColumn': finalColumnQuery,
  'rof.attackOdds': attackOdds,
  'rof.combatResult': combatResult,
  'rof.stepLoss': stepLoss,
  'rof.reserveMovement': reserveMovement,
  'rof.moveSequence': moveSequence,
  'rof.zocLinks': zocLinksQuery,
  'rof.concentric': concentric,
  'rof.setupLegal': setupLegal,
  'rof.barrageLegal': barrageLegal,
  'rof.groundSupport': groundSupport,
  'rof.interdictionCost': interdictionCost,
  'rof.minimumMove': minimumMove,
  'rof.strategicMovement': strategicMovement,
  'rof.hexControl': hexControl,
  'rof.reclaimHex': reclaimHex,
  'rof.defensiveReserveMove': defensiveReserveMove,
  'rof.supplySource': supplySource,
  'rof.supplyPath': supplyPath,
  'rof.eliminationBox': eliminationBox,
  'rof.reserveDesignation': reserveDesignation,
  'rof.reserveStatus': reserveStatus,
  'rof.defensiveReserve': defensiveReserve,
  'rof.replacementCategory': replacementCategory,
  'rof.reclaim': reclaim,
  'rof.replenish': replenish,
  'rof.advanceAfterCombat': advanceAfterCombat,
  'rof.victory': victory,
  'rof.victoryLevel': victoryLevel,
  'rof.exitVp': exitVp,
  'rof.airPool': airPool,
  'rof.airMissions': airMissions,
};
