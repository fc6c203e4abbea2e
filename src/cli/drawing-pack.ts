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
 *
 * This build's drawings are not held in memory (a save-heavy module's are tens of megabytes): the
 * pack knows where each drawing lies, in the file or in a temporary file beside it that this build's
 * drawings are appended to as they come. Saving copies them from there into the pack a block at a
 * time. Drawings are read from the file one at a time, until a build has asked for WHOLE_READ.after of
 * them: then a file up to WHOLE_READ.bytes is read whole and its drawings handed out as views of it.
 * A rebuild that redraws one unit asks for nearly all of them (each kept face's drawing and image,
 * thousands of small reads otherwise); one that redraws an aid card asks for a few.
 */
import { closeSync, fstatSync, openSync } from 'node:fs';
import { fileSpanAt, readFully, type ArchivePiece } from '../file-span';
import { appendPieces, writeFileAtomic } from './io';
import { SpillFile, type SpillPlace } from './spill-file';

export interface DrawingPack {
  get(name: string): Promise<Uint8Array | undefined>;
  /** As `get`, answered at once (the pack reads its file by place, synchronously). */
  getNow(name: string): Uint8Array | undefined;
  /** Whether the pack holds a drawing of this name (from its file or this build), without reading it. */
  has(name: string): boolean;
  /** A drawing of this build (kept in a temporary file beside the pack until `save`); it replaces one the file holds under the name. */
  put(name: string, data: Uint8Array): void;
  /** The names the pack file holds or this build added. */
  names(): Promise<Set<string>>;
  /**
   * Keeps the drawings named in `live` (from the file or this build) and drops the others, unless
   * the file holds exactly those already. Afterwards the pack holds what the file does.
   */
  save(live: ReadonlySet<string>): Promise<void>;
  /** Lets go of this build's drawings unsaved (a build that failed): the file stays as it was. */
  discard(): void;
}

/** Where a drawing lies in the pack file. */
type Place = SpillPlace;

interface PackFile {
  /** The file, open while the pack reads from it; undefined when it is missing or does not read as a pack. */
  fd: number | undefined;
  /** The whole file, once read (see WholeRead). */
  whole?: Buffer;
  drawings: Map<string, Place>;
  /** The file's length in bytes; 0 when it is missing or does not read as a pack. */
  length: number;
}

interface SegmentHeader {
  add: [string, number][];
  drop: readonly string[];
}

const EMPTY: PackFile = { fd: undefined, drawings: new Map(), length: 0 };

/** When the pack reads its file whole: a file up to `bytes`, once `after` drawings were read one at a time. */
export interface WholeRead {
  bytes: number;
  after: number;
}

/** A quarter-size monster game's file is some 30 MB, of some 3,000 faces' drawings and images. */
export const WHOLE_READ: WholeRead = { bytes: 64 * 1024 * 1024, after: 100 };

/**
 * `size` bytes of the open file from `start`, or undefined when it ends before. The buffer is not
 * zeroed first (every byte handed out is read from the file): a rebuild reads thousands of drawings.
 */
function readAt(fd: number, start: number, size: number): Buffer | undefined {
  const bytes = Buffer.allocUnsafe(size);
  return readFully(fd, bytes, start) === size ? bytes : undefined;
}

/** Applies the segment at `start` to `drawings`; its end, or undefined when it does not read as a segment. */
function readSegment(fd: number, length: number, start: number, drawings: Map<string, Place>): number | undefined {
  if (start + 4 > length) return undefined;
  const headerEnd = start + 4 + readAt(fd, start, 4)!.readUInt32LE(0);
  if (headerEnd > length) return undefined;
  const header = JSON.parse(readAt(fd, start + 4, headerEnd - start - 4)!.toString('utf8')) as SegmentHeader;
  if (!Array.isArray(header?.add) || !Array.isArray(header.drop)) return undefined;
  for (const name of header.drop) drawings.delete(name);
  let at = headerEnd;
  for (const [name, size] of header.add) {
    if (typeof name !== 'string' || !Number.isInteger(size) || size < 0 || at + size > length) return undefined;
    drawings.set(name, { start: at, size });
    at += size;
  }
  return at;
}

/** Where each drawing of the pack file lies (its headers read, not its drawings), the file left open. */
function readPackIndex(file: string): PackFile {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return EMPTY;
  }
  try {
    const { size: length } = fstatSync(fd);
    const drawings = new Map<string, Place>();
    for (let at = 0; at < length;) {
      const end = readSegment(fd, length, at, drawings);
      if (end === undefined) throw new Error('not a pack');
      at = end;
    }
    if (length > 0) return { fd, drawings, length };
  } catch {
    // Read as empty, below.
  }
  closeSync(fd);
  return EMPTY;
}

/** The pack file's drawings by name; empty when it is missing or unreadable. */
export async function readDrawingPack(file: string): Promise<Map<string, Uint8Array>> {
  const pack = readPackIndex(file);
  const drawings = new Map(
    [...pack.drawings].map(([name, place]): [string, Uint8Array] => [name, readAt(pack.fd!, place.start, place.size)!]),
  );
  if (pack.fd !== undefined) closeSync(pack.fd);
  return drawings;
}

/** A segment as the pieces it is written in (never joined: a whole store is tens of megabytes). */
function segmentPieces(add: readonly [string, ArchivePiece][], drop: readonly string[]): ArchivePiece[] {
  const header: SegmentHeader = { add: add.map(([name, data]) => [name, data.byteLength]), drop };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length, 0);
  return [length, json, ...add.map(([, data]) => data)];
}

const bytesOf = (pieces: readonly ArchivePiece[]): number => pieces.reduce((sum, piece) => sum + piece.byteLength, 0);

/**
 * The pack at `file`; with `fresh`, what earlier builds stored there is ignored (and dropped on save).
 * `wholeRead` says when it reads the file whole.
 */
export function openDrawingPack(file: string, fresh: boolean, wholeRead: WholeRead = WHOLE_READ): DrawingPack {
  let ignoreFile = fresh;
  let stored: PackFile | undefined;
  const storedPack = () => (stored ??= ignoreFile ? EMPTY : readPackIndex(file));
  const spill = new SpillFile(file);
  const added = new Map<string, SpillPlace>();
  let singleReads = 0;
  /** Lets go of the pack file and the spill: a later use reads the file as it is now. */
  const close = () => {
    if (stored?.fd !== undefined) closeSync(stored.fd);
    stored = undefined;
    singleReads = 0;
    ignoreFile = false;
    added.clear();
    spill.remove();
  };
  const getNow = (name: string): Uint8Array | undefined => {
    const place = added.get(name);
    if (place) return spill.read(place);
    const pack = storedPack();
    const at = pack.drawings.get(name);
    if (!at) return undefined;
    if (pack.length <= wholeRead.bytes && (pack.whole || singleReads >= wholeRead.after)) {
      // A file cut short since it was read: read as empty, so every drawing is simply drawn again.
      pack.whole ??= readAt(pack.fd!, 0, pack.length) ?? Buffer.alloc(0);
      return at.start + at.size <= pack.whole.length ? pack.whole.subarray(at.start, at.start + at.size) : undefined;
    }
    singleReads++;
    // A file cut short since it was read: the drawing is simply drawn again.
    return readAt(pack.fd!, at.start, at.size);
  };
  return {
    async get(name) {
      return getNow(name);
    },
    getNow,
    has: (name) => added.has(name) || storedPack().drawings.has(name),
    put(name, data) {
      added.set(name, spill.append(data));
    },
    async names() {
      return new Set([...storedPack().drawings.keys(), ...added.keys()]);
    },
    async save(live) {
      try {
        const old = storedPack();
        // A name put again in this build (a record kept under a fixed name) replaces the file's drawing.
        const drop = [...old.drawings.keys()].filter((name) => !live.has(name) || added.has(name)).sort();
        const add = [...live].sort().flatMap((name): [string, ArchivePiece][] => {
          const place = added.get(name);
          return place ? [[name, spill.span(place)]] : [];
        });
        if (drop.length === 0 && add.length === 0 && !ignoreFile) return;
        const kept = [...live].sort().flatMap((name): [string, ArchivePiece][] => {
          const place = added.get(name);
          if (place) return [[name, spill.span(place)]];
          const at = old.drawings.get(name);
          return at ? [[name, fileSpanAt(old.fd!, at.start, at.size)]] : [];
        });
        const keptBytes = kept.reduce((sum, [, data]) => sum + data.byteLength, 0);
        const segment = segmentPieces(add, drop);
        if (ignoreFile || old.length === 0 || old.length + bytesOf(segment) > 2 * keptBytes) {
          await writeFileAtomic(file, segmentPieces(kept, []));
        } else {
          await appendPieces(file, segment);
        }
      } finally {
        close();
      }
    },
    discard: close,
  };
}
