/** Game → Bundle: the resolved model with the map packed into palettes and position arrays. */
import { axialDirectionBetween, hexIndexInExtent, hexsideHexes, parseHexId, type HexsideKey } from '../hex';
import type { Game, GameMap, Unit } from '../model/game';
import { BUNDLE_FORMAT_VERSION, BUNDLE_SCHEMA_ID, type Bundle, type BundleHexKind, type BundleMap, type BundleSideKind } from './format';
import { stableStringify } from './stable-json';

export function toBundle(game: Game): Bundle {
  return {
    $schema: BUNDLE_SCHEMA_ID,
    formatVersion: BUNDLE_FORMAT_VERSION,
    id: game.id,
    info: game.info,
    map: packMap(game.map),
    terrain: game.terrain,
    units: game.units.map(withoutArt),
    counters: game.counters,
    tables: game.tables,
    tracks: game.tracks,
    scenarios: game.scenarios,
    checks: game.checks,
    ...(game.contradictions?.length ? { contradictions: game.contradictions } : {}),
  };
}

/**
 * The unit without its face art: pictures are for print (the map's picture and the art itself stay
 * out of the bundle too), and a path into the game folder means nothing beside a bundle alone.
 */
function withoutArt(unit: Unit): Unit {
  if (unit.image === undefined && unit.backImage === undefined) return unit;
  const { image: _image, backImage: _backImage, ...rules } = unit;
  return rules;
}

/** The bundle as deterministic JSON text (sorted keys, no whitespace, final newline). */
export function bundleJson(game: Game): string {
  return `${stableStringify(toBundle(game))}\n`;
}

/** Interns values by their canonical JSON, so equal values share one palette entry. */
class Palette<T> {
  readonly items: T[] = [];
  private readonly index = new Map<string, number>();
  add(value: T): number {
    const key = stableStringify(value);
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.items.length;
      this.items.push(value);
      this.index.set(key, i);
    }
    return i;
  }
}

function packMap(map: GameMap): BundleMap {
  const position = (id: string): number => {
    const parsed = parseHexId(map.numbering, id);
    const i = parsed.ok ? hexIndexInExtent(map.numbering, map.extent, parsed.hex) : -1;
    // The resolved map only holds on-map ids; anything else is a bug upstream.
    if (i < 0) throw new RangeError(`hex ${id} is not on the map`);
    return i;
  };

  const hexKinds = new Palette<BundleHexKind>();
  const cells: number[] = new Array(map.hexes.length);
  for (const h of map.hexes) {
    const kind: BundleHexKind = { terrain: h.terrain };
    if (h.partial !== undefined) kind.partial = h.partial;
    if (h.source !== undefined) kind.source = h.source;
    cells[position(h.id)] = hexKinds.add(kind);
  }

  const sideKinds = new Palette<BundleSideKind>();
  const sides: number[] = [];
  for (const s of map.hexsides) {
    const from = position(s.a);
    const [h1, h2] = hexsideHexes(s.key as HexsideKey);
    const a = parseHexId(map.numbering, s.a);
    if (!a.ok) throw new RangeError(`hexside ${s.key} names a bad hex ${s.a}`);
    const here = a.hex.q === h1.q && a.hex.r === h1.r ? h1 : h2;
    const there = here === h1 ? h2 : h1;
    const kind: BundleSideKind = { feature: s.feature };
    if (s.name !== undefined) kind.name = s.name;
    if (s.source !== undefined) kind.source = s.source;
    sides.push(from, axialDirectionBetween(here, there), sideKinds.add(kind));
  }

  const out: BundleMap = {
    numbering: map.numbering,
    extent: map.extent,
    hexSize: map.hexSize,
    moduleScale: map.moduleScale,
    hexes: { kinds: hexKinds.items, cells },
    hexsides: { kinds: sideKinds.items, sides },
    paths: map.paths,
    places: map.places,
    zones: map.zones.map(({ hexIds, ...zone }) => ({ zone, hexes: hexIds.map(position) })),
    boxes: map.boxes,
  };
  if (map.name !== undefined) out.name = map.name;
  if (map.unstated !== undefined) out.unstated = map.unstated;
  if (map.style !== undefined) out.style = map.style;
  if (map.boards !== undefined) out.boards = map.boards;
  if (map.source !== undefined) out.source = map.source;
  return out;
}
