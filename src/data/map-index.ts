/**
 * The map's hexes indexed by printed id, and the one place where a hex reference written by an
 * author (an id, an "A..B" range, a hexside) is checked against the map.
 */
import {
  containsHex,
  formatHexId,
  hexesOf,
  hexsideHexes,
  parseHexId,
  parseHexRange,
  parseHexside,
  type Hex,
  type HexNumbering,
  type HexsideKey,
  type MapExtent,
} from '../hex';

export type RefResult<T> = { ok: true; value: T } | { ok: false; code: string; message: string; hint?: string };

export class MapIndex {
  readonly hexes: Hex[];
  readonly ids: string[];
  private readonly byId = new Map<string, number>();

  constructor(readonly numbering: HexNumbering, readonly extent: MapExtent, readonly extentComplete = true) {
    this.hexes = hexesOf(numbering, extent);
    this.ids = this.hexes.map((h) => formatHexId(numbering, h));
    this.ids.forEach((id, i) => this.byId.set(id, i));
  }

  indexOf(id: string): number | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** An id that must name a hex on the map. */
  hex(id: string): RefResult<string> {
    // Fast path: most references are exactly a printed id of the map.
    if (this.byId.has(id)) return { ok: true, value: id };
    const parsed = parseHexId(this.numbering, id);
    if (!parsed.ok) return { ok: false, code: 'hex/bad-id', message: parsed.reason, hint: 'write the hex id as printed on the map' };
    if (!containsHex(this.numbering, this.extent, parsed.hex)) return this.offMap(id);
    return { ok: true, value: formatHexId(this.numbering, parsed.hex) };
  }

  /** An id or an "A..B" range; every hex must be on the map. */
  hexRef(ref: string): RefResult<string[]> {
    if (!ref.includes('..')) {
      const one = this.hex(ref);
      return one.ok ? { ok: true, value: [one.value] } : one;
    }
    const range = parseHexRange(this.numbering, ref);
    if (!range.ok) return { ok: false, code: 'hex/bad-range', message: range.reason, hint: 'a range joins two hexes of one printed column or row: "0101..0105"' };
    const ids: string[] = [];
    for (const h of range.hexes) {
      const id = formatHexId(this.numbering, h);
      if (!containsHex(this.numbering, this.extent, h)) return this.offMap(id, ` (in range ${ref})`);
      ids.push(id);
    }
    return { ok: true, value: ids };
  }

  /** A hexside; at least one of its hexes must be on the map. */
  hexside(ref: string): RefResult<{ key: HexsideKey; a: string; b: string | null }> {
    const parsed = parseHexside(this.numbering, ref);
    if (!parsed.ok) return { ok: false, code: 'hex/bad-hexside', message: parsed.reason };
    const [h1, h2] = hexsideHexes(parsed.key);
    const on = (h: Hex) => (containsHex(this.numbering, this.extent, h) ? formatHexId(this.numbering, h) : null);
    const a = on(h1);
    const b = on(h2);
    if (a === null && b === null) return this.offMap(ref);
    return { ok: true, value: { key: parsed.key, a: (a ?? b)!, b: a === null ? null : b } };
  }

  private offMap(id: string, suffix = ''): { ok: false; code: string; message: string; hint: string } {
    const { columns, rows } = this.extent;
    return {
      ok: false,
      code: 'hex/off-map',
      message: `hex ${id}${suffix} is not on the map`,
      hint: `the map covers columns ${columns.first}-${columns.last} and rows ${rows.first}-${rows.last}${this.extentComplete ? '' : ' (extent marked incomplete: widen it in map.json if the rulebook names this hex)'}`,
    };
  }
}
