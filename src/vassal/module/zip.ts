/**
 * Reproducible ZIP archives for .vmod and .vsav files: entries sorted by name, one fixed
 * timestamp, PNG/JPEG/GIF stored (they are compressed already; deflating them again costs time
 * and gains nothing), everything else deflated.
 *
 * Timestamps: ZIP stores a DOS wall-clock time, which yazl derives from a Date's *local* fields.
 * We build that Date from the epoch's UTC fields, so the bytes do not depend on the machine's
 * time zone (bin/hexforge.mjs also sets TZ=UTC), and we skip yazl's extra Unix-time field, which
 * would otherwise carry the zone offset into the archive. DOS times start in 1980; earlier epochs
 * are written as 1980-01-01.
 */
import yazl from 'yazl';

export interface ZipEntry {
  /** Path inside the archive, forward slashes. */
  path: string;
  data: Uint8Array | string;
}

const ALREADY_COMPRESSED = /\.(png|jpe?g|gif)$/i;

/** A Date whose local-time fields equal the UTC fields of `epochSeconds` (clamped to DOS range). */
export function dosDateForEpoch(epochSeconds: number): Date {
  const utc = new Date(Math.max(epochSeconds, 315532800) * 1000); // 315532800 = 1980-01-01T00:00:00Z
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), utc.getUTCHours(), utc.getUTCMinutes(), utc.getUTCSeconds());
}

export function isStoredUncompressed(path: string): boolean {
  return ALREADY_COMPRESSED.test(path);
}

/** The archive bytes. Throws on duplicate paths (a bug in the caller, not bad input). */
export async function writeZip(entries: readonly ZipEntry[], epochSeconds: number): Promise<Uint8Array> {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].path === sorted[i - 1].path) throw new Error(`duplicate zip entry ${sorted[i].path}`);
  }
  const mtime = dosDateForEpoch(epochSeconds);
  const zip = new yazl.ZipFile();
  for (const entry of sorted) {
    const buffer =
      typeof entry.data === 'string'
        ? Buffer.from(entry.data, 'utf8')
        : Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength);
    zip.addBuffer(buffer, entry.path, {
      mtime,
      forceDosTimestamp: true,
      mode: 0o100644,
      compressionLevel: isStoredUncompressed(entry.path) ? 0 : 6,
    });
  }
  const all = await drain(zip);
  return new Uint8Array(all.buffer, all.byteOffset, all.byteLength);
}

/**
 * The whole output stream as one buffer. Chunks are taken as 'data' events: pulling with an async
 * iterator makes the stream join whatever chunks it holds into a new buffer first, copying the
 * archive once more before the final concatenation.
 */
function drain(zip: yazl.ZipFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const out = zip.outputStream;
    out.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
    });
    out.on('end', () => resolve(Buffer.concat(chunks, size)));
    out.on('error', reject);
    zip.end();
  });
}
