/**
 * An import's files (relative path → contents) where some are read only when asked for: the
 * module's own entries, copied into the sidecar, stay in the module archive until the folder is
 * written or the module exported again, one entry at a time. Reading a deferred file gives its
 * bytes afresh each time; nothing is kept.
 */
export class GameFiles extends Map<string, string | Uint8Array> {
  private readonly deferred = new Map<string, () => Uint8Array>();

  /** A file whose bytes `read` gives when asked for. */
  setDeferred(name: string, read: () => Uint8Array): this {
    super.set(name, EMPTY);
    this.deferred.set(name, read);
    return this;
  }

  override set(name: string, data: string | Uint8Array): this {
    // Called by Map's own constructor before the fields exist.
    this.deferred?.delete(name);
    return super.set(name, data);
  }

  override delete(name: string): boolean {
    this.deferred.delete(name);
    return super.delete(name);
  }

  override clear(): void {
    this.deferred.clear();
    super.clear();
  }

  override get(name: string): string | Uint8Array | undefined {
    const read = this.deferred.get(name);
    return read ? read() : super.get(name);
  }

  override *entries(): MapIterator<[string, string | Uint8Array]> {
    for (const name of super.keys()) yield [name, this.get(name)!];
  }

  override *values(): MapIterator<string | Uint8Array> {
    for (const name of super.keys()) yield this.get(name)!;
  }

  override forEach(
    callback: (value: string | Uint8Array, key: string, map: Map<string, string | Uint8Array>) => void,
    thisArg?: unknown,
  ): void {
    for (const [name, data] of this.entries()) callback.call(thisArg, data, name, this);
  }

  override [Symbol.iterator](): MapIterator<[string, string | Uint8Array]> {
    return this.entries();
  }
}

const EMPTY = new Uint8Array(0);
