/**
 * Small convex shapes that a map repeats by the thousand at one size (tree crowns and dots are
 * 33-point circles, town and city blocks squares) are rasterised once per shape and position within
 * the pixel into a coverage stamp, and each copy is painted by blending its pixels by the stamp: a
 * few array reads per pixel instead of a scan conversion per copy.
 *
 * Copies share a stamp when their points, less the whole pixel of their top left, agree to a
 * millionth of a pixel (the map's coordinates are rounded to thousandths, so copies on a regular hex
 * grid fall on a few thousand positions). The stamp is scan converted as fillConvexAt fills its
 * first copy, moved by whole pixels (a subtraction that loses no bit of a coordinate): the same
 * sample rows cross the same edges, and each crossing differs from the copy's own by rounding
 * alone (some 1e-12 px; a vertical edge's not at all). A pixel could come out a level apart only
 * where its blend falls on a rounding tie that close: none of the monster map's 160 million.
 */
import { type Color, type RgbImage, blend, convexCoverage } from './raster-fill';

/** Points (less the copy's whole pixel) are compared in units of 1/KEY_SCALE px. */
const KEY_SCALE = 1 << 20;
/** Shapes up to this many pixels wide and high, of up to MAX_POINTS points, are stamped; others are scan converted. */
const MAX_SIZE = 24;
const MAX_POINTS = 64;
/** Paths of fewer shapes than this are scan converted: a stamp pays off when it is used again. */
export const MIN_STAMPED = 256;

/** Stamps of the subpaths of one path (flat xs/ys, each from `start` for `length` points). */
export class ConvexStamps {
  /** Per subpath: its stamp (-1: scan converted) and the whole pixel of the stamp's top left. */
  private readonly stampOf: Int32Array;
  private readonly x: Int32Array;
  private readonly y: Int32Array;
  /** Per stamp: its size, where its coverage (row by row) and its key start in the stores, its first copy. */
  private width: Int32Array = new Int32Array(256);
  private height: Int32Array = new Int32Array(256);
  /** -1 until the stamp is scan converted (a shape met once never is). */
  private coverAt: Int32Array = new Int32Array(256);
  private firstCopy: Int32Array = new Int32Array(256);
  /** The copy a stamp is scan converted from: the second met (-1 while met once). */
  private secondCopy: Int32Array = new Int32Array(256);
  private keyAt: Int32Array = new Int32Array(257);
  private count = 0;
  /** Coverage of all stamps, and their keys (points less the whole pixel, in 1/KEY_SCALE px). */
  private cover: Float64Array;
  private coverEnd = 0;
  private keys = new Int32Array(1 << 14);
  /** Stamps by hash of their key. */
  private readonly byHash = new Map<number, number | number[]>();

  constructor(xs: Float64Array, ys: Float64Array, start: Int32Array, length: Int32Array, imageWidth: number) {
    const count = start.length;
    this.stampOf = new Int32Array(count).fill(-1);
    this.x = new Int32Array(count);
    this.y = new Int32Array(count);
    const key = new Int32Array(MAX_POINTS * 2);
    let coverSize = 0;
    for (let k = 0; k < count; k++) {
      const s = start[k];
      const n = length[k];
      if (n < 3 || n > MAX_POINTS) continue;
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (let i = s; i < s + n; i++) {
        if (xs[i] < minX) minX = xs[i];
        if (xs[i] > maxX) maxX = xs[i];
        if (ys[i] < minY) minY = ys[i];
        if (ys[i] > maxY) maxY = ys[i];
      }
      if (!(maxX - minX <= MAX_SIZE && maxY - minY <= MAX_SIZE)) continue;
      const x = Math.floor(minX);
      const y = Math.floor(minY);
      // Clipped at the image's sides, a shape is scan converted (a stamp is never clipped across).
      if (x < 0 || Math.ceil(maxX) > imageWidth) continue;
      let hash = n;
      for (let i = 0; i < n; i++) {
        const kx = Math.round((xs[s + i] - x) * KEY_SCALE);
        const ky = Math.round((ys[s + i] - y) * KEY_SCALE);
        key[2 * i] = kx;
        key[2 * i + 1] = ky;
        hash = Math.imul(Math.imul(hash ^ kx, 0x01000193) ^ ky, 0x01000193);
      }
      let stamp = this.find(hash, key, n * 2);
      if (stamp < 0) stamp = this.add(hash, key, n * 2, k);
      else if (this.secondCopy[stamp] < 0) {
        this.secondCopy[stamp] = k;
        coverSize += (Math.ceil(maxX) - x) * (Math.ceil(maxY) - y);
      }
      this.stampOf[k] = stamp;
      this.x[k] = x;
      this.y[k] = y;
    }
    // Shapes met again are scan converted into one store, sized at once; a shape met once is
    // scan converted in place: its stamp would cost as much, and be used once.
    this.cover = new Float64Array(coverSize);
    for (let stamp = 0; stamp < this.count; stamp++) {
      const copy = this.secondCopy[stamp];
      if (copy < 0) this.stampOf[this.firstCopy[stamp]] = -1;
      else this.rasterise(stamp, xs, ys, start[copy], length[copy], this.x[copy], this.y[copy]);
    }
  }

  /** How many stamps the subpaths share (shapes met more than once). */
  get stamps(): number {
    let made = 0;
    for (let stamp = 0; stamp < this.count; stamp++) if (this.coverAt[stamp] >= 0) made++;
    return made;
  }

  /** Paints subpath k's rows from `rowFrom` to before `rowTo` in `c`; false when it has no stamp. */
  paint(img: RgbImage, k: number, c: Color, rowFrom: number, rowTo: number): boolean {
    const stamp = this.stampOf[k];
    if (stamp < 0) return false;
    const width = this.width[stamp];
    const at = this.coverAt[stamp];
    const cover = this.cover;
    const x = this.x[k];
    const y = this.y[k];
    const from = Math.max(0, rowFrom - y);
    const to = Math.min(this.height[stamp], rowTo - y, img.height - y);
    for (let j = from; j < to; j++) {
      const row = (y + j) * img.width + x;
      const line = at + j * width;
      for (let i = 0; i < width; i++) {
        const a = cover[line + i];
        if (a > 0) blend(img, row + i, c, a);
      }
    }
    return true;
  }

  private find(hash: number, key: Int32Array, n: number): number {
    const hit = this.byHash.get(hash);
    if (hit === undefined) return -1;
    if (typeof hit === 'number') return this.sameKey(hit, key, n) ? hit : -1;
    for (const stamp of hit) if (this.sameKey(stamp, key, n)) return stamp;
    return -1;
  }

  private sameKey(stamp: number, key: Int32Array, n: number): boolean {
    const at = this.keyAt[stamp];
    if (this.keyAt[stamp + 1] - at !== n) return false;
    const keys = this.keys;
    for (let i = 0; i < n; i++) if (keys[at + i] !== key[i]) return false;
    return true;
  }

  /** A new stamp of key (`n` numbers), first met as subpath `copy`: scan converted if met again. */
  private add(hash: number, key: Int32Array, n: number, copy: number): number {
    const stamp = this.count++;
    if (this.count + 1 > this.width.length) {
      this.width = grown(this.width, this.count + 1);
      this.height = grown(this.height, this.count + 1);
      this.coverAt = grown(this.coverAt, this.count + 1);
      this.firstCopy = grown(this.firstCopy, this.count + 1);
      this.secondCopy = grown(this.secondCopy, this.count + 1);
      this.keyAt = grown(this.keyAt, this.count + 2);
    }
    const keyAt = this.keyAt[stamp];
    if (keyAt + n > this.keys.length) this.keys = grown(this.keys, keyAt + n);
    this.keys.set(key.subarray(0, n), keyAt);
    this.keyAt[stamp + 1] = keyAt + n;
    this.coverAt[stamp] = -1;
    this.firstCopy[stamp] = copy;
    this.secondCopy[stamp] = -1;
    const hit = this.byHash.get(hash);
    if (hit === undefined) this.byHash.set(hash, stamp);
    else if (typeof hit === 'number') this.byHash.set(hash, [hit, stamp]);
    else hit.push(stamp);
    return stamp;
  }

  /** Scan converts a stamp: the n points of xs/ys from `start` (a copy), moved by (-x, -y) whole pixels. */
  private rasterise(stamp: number, xs: Float64Array, ys: Float64Array, start: number, n: number, x: number, y: number): void {
    let width = 0;
    let height = 0;
    for (let i = 0; i < n; i++) {
      localX[i] = xs[start + i] - x;
      localY[i] = ys[start + i] - y;
      width = Math.max(width, Math.ceil(localX[i]));
      height = Math.max(height, Math.ceil(localY[i]));
    }
    const size = width * height;
    // The store is sized from the copies' boxes, which give these sizes: growing it is a safeguard.
    if (this.coverEnd + size > this.cover.length) this.cover = grown(this.cover, this.coverEnd + size);
    convexCoverage(localX, localY, 0, n, this.cover, this.coverEnd, width, height);
    this.width[stamp] = width;
    this.height[stamp] = height;
    this.coverAt[stamp] = this.coverEnd;
    this.coverEnd += size;
  }
}

const localX = new Float64Array(MAX_POINTS);
const localY = new Float64Array(MAX_POINTS);

/** A copy of `a` with room for at least `n`. */
function grown<T extends Int32Array | Float64Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(n, a.length * 2));
  b.set(a);
  return b;
}
