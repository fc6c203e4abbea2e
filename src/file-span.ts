/**
 * Bytes that stay where they are in a file until they are written elsewhere: an entry of a module
 * archive copied into another archive as it is packed there. A writer copies a span a block at a
 * time through one buffer of its own, so copying a module's art holds none of it and leaves none of
 * it for the collector.
 */
import { readSync } from 'node:fs';

export interface FileSpan {
  readonly byteLength: number;
  /** Reads the span's bytes from `offset` on into `target` (as many as fit); returns how many it read. */
  readInto(target: Uint8Array, offset: number): number;
}

/** What an archive is written as: bytes, or spans of other files copied as they are. */
export type ArchivePiece = Uint8Array | FileSpan;

export function isFileSpan(piece: ArchivePiece): piece is FileSpan {
  return !(piece instanceof Uint8Array);
}

/** Reads into all of `buffer` from `position` of the open file `fd`, unless it ends first; returns how many bytes it read. */
export function readFully(fd: number, buffer: Uint8Array, position: number): number {
  let read = 0;
  while (read < buffer.length) {
    const n = readSync(fd, buffer, read, buffer.length - read, position + read);
    if (n === 0) break;
    read += n;
  }
  return read;
}

/** The `byteLength` bytes from `start` of the open file `fd`, read when a writer reaches them. */
export function fileSpanAt(fd: number, start: number, byteLength: number): FileSpan {
  return { byteLength, readInto: (target, offset) => readFully(fd, target, start + offset) };
}

/** The size of the block a writer copies a span through. */
export const SPAN_BLOCK_BYTES = 256 * 1024;

/**
 * A span's bytes a block at a time, each a view of `block` that the next step overwrites: use each
 * before asking for the next. Throws when the file no longer holds the span (changed meanwhile).
 */
export function* spanBlocks(span: FileSpan, block: Uint8Array): Generator<Uint8Array> {
  for (let done = 0; done < span.byteLength;) {
    const read = span.readInto(block.subarray(0, Math.min(block.length, span.byteLength - done)), done);
    if (read === 0) throw new Error(`the file ended ${span.byteLength - done} bytes before the end of an entry copied from it`);
    yield block.subarray(0, read);
    done += read;
  }
}

/** A piece as bytes of its own: a span is read whole (for a caller that joins an archive in memory). */
export function pieceBytes(piece: ArchivePiece): Uint8Array {
  if (!isFileSpan(piece)) return piece;
  const bytes = new Uint8Array(piece.byteLength);
  let done = 0;
  for (const block of spanBlocks(piece, new Uint8Array(Math.min(SPAN_BLOCK_BYTES, piece.byteLength)))) {
    bytes.set(block, done);
    done += block.length;
  }
  return bytes;
}
