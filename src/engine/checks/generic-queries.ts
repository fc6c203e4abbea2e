/**
 * The generic query vocabulary of checks.json: each query declared with its input schema next to
 * its handler (generic/*.ts), so `hexforge validate` checks check inputs, `hexforge engine list`
 * shows them and `hexforge engine <query>` reads them from flags.
 */
import type { QueryDefinition } from './query';
import { combat, drm, odds, shift, strength } from './generic/combat';
import { hexTerrain, place, scenario, tableLookup, turn, unit } from './generic/lookup';
import { moveCost, pathCostQuery, reach } from './generic/movement';
import { replacements, setup } from './generic/scenario-rules';
import { stack } from './generic/stack';
import { supply } from './generic/supply';

export { supplySources } from '../supply-state';
export { tableFor } from './generic/common';

export const GENERIC_QUERIES: Record<string, QueryDefinition> = {
  place,
  hexTerrain,
  unit,
  odds,
  combat,
  tableLookup,
  drm,
  shift,
  strength,
  moveCost,
  pathCost: pathCostQuery,
  reach,
  supply,
  stack,
  turn,
  scenario,
  setup,
  replacements,
};
