/**
 * How many traits the pieces of a module become once their prototypes are expanded, counted the
 * way the importer walks them (each UsePrototype replaced by its prototype's traits, a prototype
 * already being expanded on the current path skipped). Prototypes that use the next one twice
 * double at every level: 40 of them make 2^40 traits from a 1 KB buildFile. The count stops as
 * soon as it passes the limit, so it costs at most the limit in steps however the prototypes nest.
 */
import type { DecodedTrait } from '../traits/index';

export class PrototypeGrowth {
  /** Traits counted so far, over every piece passed to `add`. */
  total = 0;
  /** Prototype name → its expanded trait count, for prototypes whose count did not depend on the path. */
  private readonly sizes = new Map<string, number>();
  /**
   * The last piece counted, by its (shared) decoded trait array, and its count: copies of a
   * buildFile's counter share one array and mostly follow one another. Only the last is kept: a
   * map of every piece (thousands, most met once) cost more to fill than walking a piece does,
   * its prototypes' counts known. A saved game's pieces each bring their own array and are not
   * remembered (holding them would keep every save of a module decoded).
   */
  private lastPiece: readonly DecodedTrait[] | undefined;
  private lastSize = 0;
  /** The prototypes being expanded on the current path; empty between walks (each adds and removes its own). */
  private readonly path = new Set<string>();

  constructor(
    private readonly prototypes: ReadonlyMap<string, readonly DecodedTrait[]>,
    private readonly limit: number,
  ) {}

  /**
   * Counts one piece's expanded traits; false once the total is past the limit. `remember`: the
   * array may come again (a definition shared by copies of a counter), so its count is kept.
   */
  add(decoded: readonly DecodedTrait[], remember = true): boolean {
    const known = remember && this.lastPiece === decoded ? this.lastSize : undefined;
    const size = known ?? this.walk(decoded, this.path, 0).size;
    if (known === undefined && remember) {
      this.lastPiece = decoded;
      this.lastSize = size;
    }
    this.total += size;
    return this.total <= this.limit;
  }

  /**
   * The traits of `decoded` expanded, and whether the count depends on the path: a prototype was
   * skipped for being on it, or the count stopped at the limit (`before`: traits of the piece
   * counted before this walk).
   */
  private walk(decoded: readonly DecodedTrait[], path: Set<string>, before: number): { size: number; cut: boolean } {
    let size = 0;
    let cut = false;
    for (const trait of decoded) {
      size++;
      if (this.total + before + size > this.limit) return { size, cut: true };
      if (trait.kind !== 'usePrototype') continue;
      const name = trait.type.prototypeName ?? '';
      const traits = this.prototypes.get(name);
      if (!traits) continue;
      if (path.has(name)) {
        cut = true;
        continue;
      }
      const known = this.sizes.get(name);
      if (known !== undefined) {
        size += known;
        continue;
      }
      path.add(name);
      const inner = this.walk(traits, path, before + size);
      path.delete(name);
      size += inner.size;
      if (inner.cut) cut = true;
      else this.sizes.set(name, inner.size);
    }
    return { size, cut };
  }
}
