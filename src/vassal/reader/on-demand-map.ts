/**
 * A read-only map whose values are made when asked for (read from a file, inflated, patched):
 * iterating it asks for each value in turn, so a caller that lets each go never holds them all.
 * Subclasses say which keys there are and what each value is.
 */
export abstract class OnDemandMap<V> implements ReadonlyMap<string, V> {
  abstract get size(): number;
  abstract has(key: string): boolean;
  abstract get(key: string): V | undefined;
  abstract keys(): MapIterator<string>;

  *entries(): MapIterator<[string, V]> {
    for (const key of this.keys()) yield [key, this.get(key)!];
  }

  *values(): MapIterator<V> {
    for (const key of this.keys()) yield this.get(key)!;
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
}

/** `base` with some values replaced (`over`), in `base`'s order; neither is copied. */
export class OverlaidMap<V> extends OnDemandMap<V> {
  constructor(
    private readonly base: ReadonlyMap<string, V>,
    private readonly over: ReadonlyMap<string, V>,
  ) {
    super();
  }

  get size(): number {
    return this.base.size;
  }

  has(key: string): boolean {
    return this.base.has(key);
  }

  get(key: string): V | undefined {
    return this.over.get(key) ?? this.base.get(key);
  }

  keys(): MapIterator<string> {
    return this.base.keys();
  }
}
