/**
 * Public API of the rules engine: pure, deterministic, no I/O; dice are passed in as data.
 * A generic core parameterised by the Game (hex graph, movement, ZOC, supply, stacking, CRT,
 * steps, reinforcements, victory) plus one small module per game system (systems/).
 */
export { engineFor, unitValue, movementClassOf, type Engine } from './context';
export { hexGraph, type HexGraph } from './graph';
export { stepCost, resolveSpec, costAnswer, PROHIBITED, ALL_MP, UNKNOWN_COST, type CostAnswer } from './movement';
export { searchReach, pathCost, reachWorkspace, ReachWorkspace, type ReachSearch } from './reach';
export { zocRules, enemyZocMask, type ZocRules } from './zoc';
export { traceSupply, supplyLength, supplyPassableSlots, supplyWorkspace, SupplyWorkspace } from './supply';
export { stackPoints, stackingRule, type StackUnit } from './stacking';
export { pickColumn, readRow, clampDrm, type ColumnPick } from './crt';
export { combatModifier } from './modifiers';
export { strengthTotal } from './strength';
export { takeStepLoss, stepsRemaining, type UnitState } from './steps';
export { arrivalsOn } from './reinforcements';
export { victoryPoints } from './victory';
export { runCheck, runChecks, QUERIES, type CheckOutcome, type CheckStatus } from './checks/runner';
export { GENERIC_QUERIES, supplySources } from './checks/generic-queries';
