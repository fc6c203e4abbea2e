/**
 * Hex geometry the Ring of Fire rules need beyond the core graph: ZOC Links between units two
 * hexes apart (10.3), the virtual friendly unit beyond a friendly map edge (10.7), and the six
 * directions around a defending hex (12.61). Positions may lie off the map (virtual units).
 */
import { hexDistance, neighbors, parseHexId, tryFormatHexId, type Hex } from '../../../hex';
import type { HexNumbering } from '../../../hex';
import type { Engine } from '../../context';
import { QueryInputError } from '../../checks/input';
import { cite } from '../../source-text';

export function numberingOf(engine: Engine): HexNumbering {
  return engine.game.map.numbering as unknown as HexNumbering;
}

export function axialOf(engine: Engine, id: string, what = 'hex'): Hex {
  const parsed = parseHexId(numberingOf(engine), id);
  if (!parsed.ok) throw new QueryInputError(`${what} "${id}" is not a hex id of this map's numbering: ${parsed.reason}`);
  return parsed.hex;
}

/** A map hex id (must be a hex of the map). */
export function mapHex(engine: Engine, id: unknown, what = 'hex'): Hex {
  if (typeof id !== 'string') throw new QueryInputError(`${what} must be a hex id`);
  if (engine.graph.indexOf(id) === undefined) throw new QueryInputError(`${what} "${id}" is not a hex of the map`);
  return axialOf(engine, id, what);
}

export function idOf(engine: Engine, h: Hex): string | undefined {
  return tryFormatHexId(numberingOf(engine), h);
}

export function onMap(engine: Engine, h: Hex): boolean {
  const id = idOf(engine, h);
  return id !== undefined && engine.graph.indexOf(id) !== undefined;
}

const key = (h: Hex) => `${h.q},${h.r}`;

/** Hexes adjacent to both a and b. */
export function commonNeighbours(a: Hex, b: Hex): Hex[] {
  const nb = new Set(neighbors(b).map(key));
  return neighbors(a).filter((h) => nb.has(key(h)));
}

export function hexsideName(engine: Engine, a: Hex, b: Hex): string {
  return [idOf(engine, a) ?? key(a), idOf(engine, b) ?? key(b)].sort().join('/');
}

export interface ZocLinks {
  /** Intervening hexes of Hex Links (10.3): units two hexes apart in a line. */
  hexLinks: Hex[];
  /** Hexsides of Hexside Links (10.3): the side between the two common neighbours of units two apart, not in line. */
  hexsideLinks: [Hex, Hex][];
  reasons: string[];
}

export interface Positioned {
  hex: Hex;
  label: string;
  virtual?: boolean;
}

/**
 * The un-negated ZOC Links of one side's units (10.3) given the hexes holding enemy units: a Hex
 * Link dies with an enemy in its intervening hex, a Hexside Link with enemies on both sides (10.5).
 * Links whose hexes lie off the map are of no use to anyone and are left out.
 */
export function zocLinks(engine: Engine, units: Positioned[], enemyHexes: Hex[]): ZocLinks {
  const enemy = new Set(enemyHexes.map(key));
  const hexLinks = new Map<string, Hex>();
  const sideLinks = new Map<string, [Hex, Hex]>();
  const reasons: string[] = [];
  for (let i = 0; i < units.length; i++) {
    for (let j = i + 1; j < units.length; j++) {
      const a = units[i];
      const b = units[j];
      if (a.virtual && b.virtual) continue;
      if (hexDistance(a.hex, b.hex) !== 2) continue;
      const common = commonNeighbours(a.hex, b.hex);
      if (common.length === 1) {
        const m = common[0];
        if (!onMap(engine, m)) continue;
        const name = idOf(engine, m)!;
        if (enemy.has(key(m))) {
          reasons.push(`Hex Link ${a.label}–${b.label} on ${name} is negated: an enemy unit is in it [10.5]`);
          continue;
        }
        if (!hexLinks.has(name)) reasons.push(`Hex Link on ${name} between ${a.label} and ${b.label} (two hexes apart in a line) [10.3]`);
        hexLinks.set(name, m);
      } else if (common.length === 2) {
        const [p, q] = common;
        if (!onMap(engine, p) || !onMap(engine, q)) continue;
        const name = hexsideName(engine, p, q);
        if (enemy.has(key(p)) && enemy.has(key(q))) {
          reasons.push(`Hexside Link ${a.label}–${b.label} on ${name} is negated: enemy units on both sides [10.5]`);
          continue;
        }
        if (!sideLinks.has(name))
          reasons.push(`Hexside Link on ${name} between ${a.label} and ${b.label} (two hexes apart, not in line) [10.3]`);
        sideLinks.set(name, [p, q]);
      }
    }
  }
  return { hexLinks: [...hexLinks.values()], hexsideLinks: [...sideLinks.values()], reasons };
}

/**
 * Virtual friendly units just off a friendly map edge (10.7): every off-map position adjacent to
 * a hex of the named edge zones.
 */
export function edgeUnits(engine: Engine, zoneIds: string[], reasons: string[]): Positioned[] {
  const out = new Map<string, Positioned>();
  for (const zoneId of zoneIds) {
    const zone = engine.game.map.zones.find((z) => z.id === zoneId);
    if (!zone) throw new QueryInputError(`zone "${zoneId}" is not in map.json`);
    reasons.push(`${zone.name ?? zone.id}: a friendly unit is assumed just off the edge [10.7]${cite(zone.source)}`);
    for (const id of zone.hexIds) {
      for (const n of neighbors(axialOf(engine, id))) {
        if (!onMap(engine, n) && !out.has(key(n))) out.set(key(n), { hex: n, label: `the friendly edge beyond ${id}`, virtual: true });
      }
    }
  }
  return [...out.values()];
}

/** Whether moving from a to b enters an enemy Hex Link or crosses an enemy Hexside Link (10.4). */
export function linkBlocks(engine: Engine, links: ZocLinks, from: Hex, to: Hex): string | undefined {
  const t = key(to);
  const hexLink = links.hexLinks.find((h) => key(h) === t);
  if (hexLink) return `${idOf(engine, to)} is an enemy Hex Link [10.4]`;
  const f = key(from);
  const side = links.hexsideLinks.find(([p, q]) => (key(p) === f && key(q) === t) || (key(p) === t && key(q) === f));
  if (side) return `${hexsideName(engine, side[0], side[1])} is an enemy Hexside Link [10.4]`;
  return undefined;
}

export function sameHex(a: Hex, b: Hex): boolean {
  return a.q === b.q && a.r === b.r;
}
