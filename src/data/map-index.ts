/**
 * The map's hexes indexed by printed id, and the one place where a hex reference written by an
 * author (an id, an "A..B" range, a hexside) is checked against the map.
 */
import {
  axialQ,
  axialR,
  containsHex,
  formatHexId,
  hexesOf,
  hexIdsOf,
  hexIndexInExtent,
  hexsideBetweenCoords,
  hexsideHexes,
  idLength,
  idPartNumberAt,
  inHexsideOrderCoords,
  offsetIndexInExtent,
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
  /** Printed ids of the map's hexes, in dense order (see hexIndexInExtent). */
  readonly ids: string[];
  /** Length of every printed id of the scheme. */
  private readonly idLength: number;
  private hexList: Hex[] | undefined;

  constructor(readonly numbering: HexNumbering, readonly extent: MapExtent, readonly extentComplete = true) {
    this.ids = hexIdsOf(numbering, extent);
    this.idLength = idLength(numbering);
  }

  /** The map's hexes in dense order; built on first use (validation itself never needs them). */
  get hexes(): Hex[] {
    this.hexList ??= hexesOf(this.numbering, this.extent);
    return this.hexList;
  }

  /**
   * Dense position of a printed id of the map. The strict parse reads the id's own digits, so no
   * id → position table is built (on a 20,000-hex map that costs more than every lookup together);
   * comparing with the id printed at that position keeps it exact.
   */
  indexOf(id: string): number | undefined {
    // Runs once per hex reference (tens of thousands on a big map): no parse result is allocated.
    if (typeof id !== 'string' || id.length !== this.idLength) return undefined;
    return this.positionOf(this.columnAt(id, 0), this.rowAt(id, 0), id, 0);
  }

  /** The printed column of the id written in `text` from `start`, or −1 when it is not an id of the scheme. */
  private columnAt(text: string, start: number): number {
    return idPartNumberAt(this.numbering, text, start, this.numbering.order === 'column-row' ? 0 : 1);
  }

  /** The printed row of the id written in `text` from `start`, or −1 (as `columnAt`). */
  private rowAt(text: string, start: number): number {
    return idPartNumberAt(this.numbering, text, start, this.numbering.order === 'column-row' ? 1 : 0);
  }

  /** Dense position of (column, row) when the map prints exactly the id written in `text` from `start` there. */
  private positionOf(column: number, row: number, text: string, start: number): number | undefined {
    if (column < 0 || row < 0) return undefined;
    const position = offsetIndexInExtent(this.numbering, this.extent, column, row);
    if (position < 0) return undefined;
    const printed = this.ids[position];
    return printed.length === this.idLength && text.startsWith(printed, start) ? position : undefined;
  }

  has(id: string): boolean {
    return this.indexOf(id) !== undefined;
  }

  /** An id that must name a hex on the map. */
  hex(id: string): RefResult<string> {
    // Fast path: most references are exactly a printed id of the map.
    if (this.indexOf(id) !== undefined) return { ok: true, value: id };
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
    return this.printedHexside(ref) ?? this.parsedHexside(ref);
  }

  /**
   * A hexside written as two printed ids of the map, "0101/0102", found by position (the common
   * form: a big map lists thousands); undefined for any other form, which is parsed.
   */
  private printedHexside(ref: string): { ok: true; value: { key: HexsideKey; a: string; b: string } } | undefined {
    // Read in place, without cutting out the two ids: a big map lists thousands of hexsides.
    const length = this.idLength;
    if (ref.length !== 2 * length + 1 || ref.indexOf('/') !== length) return undefined;
    const column1 = this.columnAt(ref, 0);
    const row1 = this.rowAt(ref, 0);
    const column2 = this.columnAt(ref, length + 1);
    const row2 = this.rowAt(ref, length + 1);
    const i = this.positionOf(column1, row1, ref, 0);
    const j = i === undefined ? undefined : this.positionOf(column2, row2, ref, length + 1);
    if (i === undefined || j === undefined) return undefined;
    const { numbering } = this;
    const q1 = axialQ(numbering, column1, row1);
    const r1 = axialR(numbering, column1, row1);
    const q2 = axialQ(numbering, column2, row2);
    const r2 = axialR(numbering, column2, row2);
    const key = hexsideBetweenCoords(q1, r1, q2, r2);
    if (key === undefined) return undefined;
    const inOrder = inHexsideOrderCoords(q1, r1, q2, r2);
    return { ok: true, value: { key, a: this.ids[inOrder ? i : j], b: this.ids[inOrder ? j : i] } };
  }

  private parsedHexside(ref: string): RefResult<{ key: HexsideKey; a: string; b: string | null }> {
    const parsed = parseHexside(this.numbering, ref);
    if (!parsed.ok) return { ok: false, code: 'hex/bad-hexside', message: parsed.reason };
    const [h1, h2] = hexsideHexes(parsed.key);
    const a = this.idOf(h1);
    const b = this.idOf(h2);
    if (a === null && b === null) return this.offMap(ref);
    return { ok: true, value: { key: parsed.key, a: (a ?? b)!, b: a === null ? null : b } };
  }

  /** The printed id of an on-map hex (no formatting: ids are listed in dense order), else null. */
  private idOf(h: Hex): string | null {
    const position = hexIndexInExtent(this.numbering, this.extent, h);
    return position < 0 ? null : this.ids[position];
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
