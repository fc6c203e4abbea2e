/**
 * A store of drawings kept between builds in one file of the out folder (`.cache/images.pack`):
 * a build reads it whole once, instead of opening one small file per counter face (thousands of
 * them on a big game), and at the end appends what changed, so a build that drew one new face does
 * not write the whole store again.
 *
 * Layout: segments back to back, each a 4-byte little-endian length, a JSON header of that many
 * bytes (`{"add": [[name, size], …], "drop": [name, …]}`), then the added drawings' bytes in the
 * order of `add`. Read in order, a segment adds its drawings and drops names earlier segments
 * added. When the dropped drawings and headers would take more than half the file, the file is
 * written anew as one segment. A file that does not read as such (an append cut short, say) is
 * treated as empty: the drawings are simply drawn again and the file written anew.
 */
import { readFile } from 'node:fs/promises';
import { appendPieces, writeFileAtomic } from './io';

export interface DrawingPack {
  get(name: string): Promise<Uint8Array | undefined>;
  /** A drawing of this build (kept in memory until `save`). */
  put(name: string, data: Uint8Array): void;
  /** The names the pack file holds or this build added. */
  names(): Promise<Set<string>>;
  /** Keeps the drawings named in `live` (from the file or this build) and drops the others, unless the file holds exactly those already. */
  save(live: ReadonlySet<string>): Promise<void>;
}

interface PackFile {
  drawings: Map<string, Uint8Array>;
  /** The file's length in bytes; 0 when it is missing or does not read as a pack. */
  length: number;
}

interface SegmentHeader {
  add: [string, number][];
  drop: readonly string[];
}

const EMPTY: PackFile = { drawings: new Map(), length: 0 };

/** Applies the segment at `start` to `drawings`; its end, or undefined when it does not read as a segment. */
function readSegment(bytes: Buffer, start: number, drawings: Map<string, Uint8Array>): number | undefined {
  if (start + 4 > bytes.length) return undefined;
  const headerEnd = start + 4 + bytes.readUInt32LE(start);
  if (headerEnd > bytes.length) return undefined;
  const header = JSON.parse(bytes.subarray(start + 4, headerEnd).toString('utf8')) as SegmentHeader;
  if (!Array.isArray(header?.add) || !Array.isArray(header.drop)) return undefined;
  for (const name of header.drop) drawings.delete(name);
  let at = headerEnd;
  for (const [name, size] of header.add) {
    if (typeof name !== 'string' || !Number.isInteger(size) || size < 0 || at + size > bytes.length) return undefined;
    drawings.set(name, bytes.subarray(at, at + size));
    at += size;
  }
  return at;
}

async function readPackFile(file: string): Promise<PackFile> {
  const bytes = await readFile(file).catch(() => undefined);
  if (!bytes || bytes.length === 0) return EMPTY;
  const drawings = new Map<string, Uint8Array>();
  try {
    for (let at = 0; at < bytes.length;) {
      const end = readSegment(bytes, at, drawings);
      if (end === undefined) return EMPTY;
      at = end;
    }
  } catch {
    return EMPTY;
  }
  return { drawings, length: bytes.length };
}

/** The pack file's drawings by name; empty when it is missing or unreadable. */
export async function readDrawingPack(file: string): Promise<Map<string, Uint8Array>> {
  return (await readPackFile(file)).drawings;
}

/** A segment as the pieces it is written in (never joined: a whole store is tens of megabytes). */
function segmentPieces(add: readonly [string, Uint8Array][], drop: readonly string[]): Uint8Array[] {
  const header: SegmentHeader = { add: add.map(([name, data]) => [name, data.byteLength]), drop };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length, 0);
  return [length, json, ...add.map(([, data]) => data)];
}

const bytesOf = (pieces: readonly Uint8Array[]): number => pieces.reduce((sum, piece) => sum + piece.byteLength, 0);

/** The pack at `file`; with `fresh`, what earlier builds stored there is ignored (and dropped on save). */
export function openDrawingPack(file: string, fresh: boolean): DrawingPack {
  let ignoreFile = fresh;
  let stored: Promise<PackFile> | undefined;
  const storedPack = () => (stored ??= ignoreFile ? Promise.resolve(EMPTY) : readPackFile(file));
  const added = new Map<string, Uint8Array>();
  return {
    async get(name) {
      return added.get(name) ?? (await storedPack()).drawings.get(name);
    },
    put(name, data) {
      added.set(name, data);
    },
    async names() {
      return new Set([...(await storedPack()).drawings.keys(), ...added.keys()]);
    },
    async save(live) {
      const old = await storedPack();
      const drop = [...old.drawings.keys()].filter((name) => !live.has(name)).sort();
      const add = [...live].sort().flatMap((name): [string, Uint8Array][] => {
        const data = added.get(name);
        return data && !old.drawings.has(name) ? [[name, data]] : [];
      });
      if (drop.length === 0 && add.length === 0 && !ignoreFile) return;
      const kept = [...live].sort().flatMap((name): [string, Uint8Array][] => {
        const data = old.drawings.get(name) ?? added.get(name);
        return data ? [[name, data]] : [];
      });
      const keptBytes = kept.reduce((sum, [, data]) => sum + data.byteLength, 0);
      const segment = segmentPieces(add, drop);
      if (ignoreFile || old.length === 0 || old.length + bytesOf(segment) > 2 * keptBytes) {
        await writeFileAtomic(file, segmentPieces(kept, []));
      } else {
        await appendPieces(file, segment);
      }
      // A later save starts from what the file holds now.
      ignoreFile = false;
      stored = undefined;
    },
  };
}
