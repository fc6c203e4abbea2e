/**
 * An import's files (relative path → contents) where some are read only when asked for: the
 * module's own entries, copied into the sidecar, stay in the module archive until the folder is
 * written or the module exported again, one entry at a time. Reading a deferred file gives its
 * bytes afresh each time; nothing is kept.
 */
import type { PackedEntry } from '../module/zip';
export class GameFiles extends Map<string, string | Uint8Array> {
  private readonly deferred = new Map<string, () => Uint8Array>();
  private readonly packedReads = new Map<string, () => PackedEntry | undefined>();

  /**
   * A file whose bytes `read` gives when asked for; `packed`, when given, gives them as packed in
   * the archive they stay in, for a writer that copies them without reading them.
   */
  setDeferred(name: string, read: () => Uint8Array, packed?: () => PackedEntry | undefined): this {
    super.set(name, EMPTY);
    this.deferred.set(name, read);
    if (packed) this.packedReads.set(name, packed);
    return this;
  }

  /** A deferred file as packed in its archive, when it stays in one. */
  packed(name: string): PackedEntry | undefined {
    return this.packedReads.get(name)?.();
  }

  /**
   * A deferred file its archive stores as it is (as images are): its packed bytes are its bytes,
   * to be copied from the archive without reading them whole.
   */
  stored(name: string): PackedEntry | undefined {
    const packed = this.packed(name);
    return packed?.method === 0 ? packed : undefined;
  }

  override set(name: string, data: string | Uint8Array): this {
    // Called by Map's own constructor before the fields exist.
    this.deferred?.delete(name);
    this.packedReads?.delete(name);
    return super.set(name, data);
  }

  override delete(name: string): boolean {
    this.deferred.delete(name);
    this.packedReads.delete(name);
    return super.delete(name);
  }

  override clear(): void {
    this.deferred.clear();
    this.packedReads.clear();
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
