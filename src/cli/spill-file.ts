/**
 * Bytes a build makes and needs again only later, kept in a temporary file beside the file they
 * will end up in instead of in memory: appended as they come, read back by place when asked, and
 * given as spans of the file for the final write to copy a block at a time. Its name is one that
 * removeStaleTemps removes once this process is gone, so a killed build leaves nothing a later
 * build takes for finished.
 */
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileSpanAt, readFully, type FileSpan } from '../file-span';
import { OutputError, tempPathFor } from './io';

/**
 * Spill files made and not yet removed. A build that fails part way (a full disk while appending)
 * may never reach `remove`: what is left is deleted as the process exits, so a failed build leaves
 * no temporary file behind (the disk it filled freed again).
 */
const unremoved = new Set<string>();
let removeOnExit = false;

function track(temp: string): void {
  unremoved.add(temp);
  if (removeOnExit) return;
  removeOnExit = true;
  process.on('exit', () => {
    for (const file of unremoved) {
      try {
        rmSync(file, { force: true });
      } catch {
        // Left for the next build's removeStaleTemps.
      }
    }
  });
}

/** Where appended bytes lie in the spill file. */
export interface SpillPlace {
  start: number;
  size: number;
}

export class SpillFile {
  private fd: number | undefined;
  private length = 0;
  private readonly temp: string;

  /** A spill for `target` (the file the bytes are written into at the end, named in errors); created on the first append. */
  constructor(private readonly target: string) {
    this.temp = tempPathFor(target);
  }

  append(bytes: Uint8Array): SpillPlace {
    try {
      if (this.fd === undefined) {
        mkdirSync(path.dirname(this.temp), { recursive: true });
        this.fd = openSync(this.temp, 'w+');
        track(this.temp);
      }
      const start = this.length;
      for (let done = 0; done < bytes.byteLength;) done += writeSync(this.fd, bytes, done, bytes.byteLength - done, start + done);
      this.length += bytes.byteLength;
      return { start, size: bytes.byteLength };
    } catch (error) {
      throw new OutputError(this.target, error);
    }
  }

  read(place: SpillPlace): Uint8Array {
    // Not zeroed first: every byte handed out is read from the file.
    const bytes = Buffer.allocUnsafe(place.size);
    if (place.size > 0 && readFully(this.fd!, bytes, place.start) < place.size) {
      throw new OutputError(this.target, new Error(`${this.temp} ended before the bytes written to it`));
    }
    return bytes;
  }

  /** The bytes at `place`, read when a writer reaches them: valid until `remove`. */
  span(place: SpillPlace): FileSpan {
    return fileSpanAt(this.fd!, place.start, place.size);
  }

  /** Closes and deletes the file: what it held is written where it belongs, or not wanted. */
  remove(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
    this.length = 0;
    rmSync(this.temp, { force: true });
    unremoved.delete(this.temp);
  }
}
