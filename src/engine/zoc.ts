/**
 * Zones of control: which hexes enemy units exert ZOC into, and the game's rules for entering and
 * leaving them (game.json "zoc"). ZOC extends into the six adjacent hexes except into terrain, or
 * across a hexside, whose combat effect says noZocInto. Units flagged with a "no-zoc" effect exert
 * none (callers pass only the hexes of units that do).
 */
import type { ZocRulesFile } from '../model/files';
import type { Engine } from './context';
import { cite } from './source-text';
import { HEX_SIDES } from '../hex';

export interface ZocRules {
  enter: NonNullable<ZocRulesFile['enter']>;
  leave: NonNullable<ZocRulesFile['leave']>;
  enterCost: number;
  leaveCost: number;
  zocToZoc: NonNullable<ZocRulesFile['zocToZoc']>;
  citation: string;
}

/**
 * The game's ZOC rules, or undefined when game.json states none. Within a stated `zoc` object an
 * omitted field has the schema's meaning: enter "stop", leave "free", zocToZoc "allowed".
 */
export function zocRules(engine: Engine): ZocRules | undefined {
  const z = engine.game.info.zoc;
  if (!z) return undefined;
  return {
    enter: z.enter ?? 'stop',
    leave: z.leave ?? 'free',
    enterCost: z.enterCost ?? 0,
    leaveCost: z.leaveCost ?? 0,
    zocToZoc: z.zocToZoc ?? 'allowed',
    citation: cite(z.source),
  };
}

const blockedCache = new WeakMap<Engine, Uint8Array>();

/** blocked[i*6+d] = 1 when ZOC from hex i does not extend to its neighbour d. */
export function zocBlockedSlots(engine: Engine): Uint8Array {
  let blocked = blockedCache.get(engine);
  if (blocked) return blocked;
  const g = engine.graph;
  blocked = new Uint8Array(g.size * HEX_SIDES);
  const stops = (id: string) => engine.terrain(id)?.combat?.noZocInto === true;
  for (let i = 0; i < g.size; i++) {
    for (let d = 0; d < HEX_SIDES; d++) {
      const slot = i * HEX_SIDES + d;
      const j = g.neighbors[slot];
      if (j < 0) continue;
      if ((g.sideFeatures[slot] ?? []).some(stops) || (g.terrain[j] ?? []).some(stops)) blocked[slot] = 1;
    }
  }
  blockedCache.set(engine, blocked);
  return blocked;
}

/** Marks in `mask` (cleared first) every hex in the ZOC of units standing on `enemyHexes`. */
export function enemyZocMask(
  engine: Engine,
  enemyHexes: ArrayLike<number>,
  mask: Uint8Array = new Uint8Array(engine.graph.size),
): Uint8Array {
  mask.fill(0);
  const nb = engine.graph.neighbors;
  const blocked = zocBlockedSlots(engine);
  for (let k = 0; k < enemyHexes.length; k++) {
    const base = enemyHexes[k] * HEX_SIDES;
    for (let d = 0; d < HEX_SIDES; d++) {
      const j = nb[base + d];
      if (j >= 0 && blocked[base + d] === 0) mask[j] = 1;
    }
  }
  return mask;
}
