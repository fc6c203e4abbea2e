/**
 * A store of drawings kept between builds in one file of the out folder (`.cache/images.pack`):
 * a build reads it whole once, instead of opening one small file per counter face (thousands of
 * them on a big game), and writes it once at the end with the drawings the outputs still use.
 *
 * Layout: a 4-byte little-endian length, a JSON index of that many bytes (`[name, size]` in the
 * order of the data), then the drawings' bytes back to back. A file that does not read as such is
 * treated as empty: the drawings are simply drawn again.
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from './io';

export interface DrawingPack {
  get(name: string): Promise<Uint8Array | undefined>;
  /** A drawing of this build (kept in memory until `save`). */
  put(name: string, data: Uint8Array): void;
  /** The names the pack file holds or this build added. */
  names(): Promise<Set<string>>;
  /** Writes the drawings named in `live` (from the file or this build), unless the file holds exactly those already. */
  save(live: ReadonlySet<string>): Promise<void>;
}

/** The pack file's drawings by name; empty when it is missing or unreadable. */
export async function readDrawingPack(file: string): Promise<Map<string, Uint8Array>> {
  const drawings = new Map<string, Uint8Array>();
  const bytes = await readFile(file).catch(() => undefined);
  if (!bytes || bytes.length < 4) return drawings;
  try {
    const indexEnd = 4 + bytes.readUInt32LE(0);
    const index = JSON.parse(bytes.subarray(4, indexEnd).toString('utf8')) as [string, number][];
    let at = indexEnd;
    for (const [name, size] of index) {
      if (typeof name !== 'string' || !Number.isInteger(size) || size < 0 || at + size > bytes.length) return new Map();
      drawings.set(name, bytes.subarray(at, at + size));
      at += size;
    }
    return at === bytes.length ? drawings : new Map();
  } catch {
    return new Map();
  }
}

function packBytes(drawings: readonly [string, Uint8Array][]): Buffer {
  const index = Buffer.from(JSON.stringify(drawings.map(([name, data]) => [name, data.byteLength])), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(index.length, 0);
  return Buffer.concat([length, index, ...drawings.map(([, data]) => data)]);
}

/** The pack at `file`; with `fresh`, what earlier builds stored there is ignored (and dropped on save). */
export function openDrawingPack(file: string, fresh: boolean): DrawingPack {
  let stored: Promise<Map<string, Uint8Array>> | undefined;
  const storedDrawings = () => (stored ??= fresh ? Promise.resolve(new Map()) : readDrawingPack(file));
  const added = new Map<string, Uint8Array>();
  return {
    async get(name) {
      return added.get(name) ?? (await storedDrawings()).get(name);
    },
    put(name, data) {
      added.set(name, data);
    },
    async names() {
      return new Set([...(await storedDrawings()).keys(), ...added.keys()]);
    },
    async save(live) {
      const old = await storedDrawings();
      const unchanged = added.size === 0 && old.size === live.size && [...live].every((name) => old.has(name));
      if (unchanged && !fresh) return;
      const kept = [...live].sort().flatMap((name): [string, Uint8Array][] => {
        const data = added.get(name) ?? old.get(name);
        return data ? [[name, data]] : [];
      });
      await writeFileAtomic(file, packBytes(kept));
    },
  };
}
