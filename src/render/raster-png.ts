/**
 * PNG encoding of our own pixel buffers with node:zlib, so drawing a face never loads libvips
 * (a quarter of a second of CPU to start, in every rebuild that redraws one). Each row is filtered
 * with "Up" (faces and cards are mostly flat colour, so a row is mostly its row above), deflated at
 * level 6; zlib's output depends on its input and settings alone: same pixels, same bytes.
 */
import * as zlib from 'node:zlib';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const COLOR_TYPE = { rgb: 2, rgba: 6 } as const;
const FILTER_UP = 2;
const METRES_PER_INCH = 0.0254;

let crcTable: Uint32Array | undefined;
/** Read off the namespace: a named import of it would fail to link on Node before 20.15. */
const zlibCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

/** CRC-32 of PNG chunks: zlib's where Node has it (20.15 and later), else tableCrc32. */
function crc32(bytes: Uint8Array): number {
  return typeof zlibCrc32 === 'function' ? zlibCrc32(bytes) : tableCrc32(bytes);
}

/** CRC-32 (the PNG and zlib polynomial) from the usual byte table. */
export function tableCrc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * A PNG of `pixels` (8-bit, `channels` 3 for RGB or 4 for RGBA, rows top to bottom) declaring
 * `pixelsPerInch` in its pHYs chunk.
 */
export function encodePixelsPng(pixels: Uint8Array, width: number, height: number, channels: 3 | 4, pixelsPerInch: number): Uint8Array {
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  header[8] = 8;
  header[9] = channels === 4 ? COLOR_TYPE.rgba : COLOR_TYPE.rgb;
  const density = new Uint8Array(9);
  const perMetre = Math.round(pixelsPerInch / METRES_PER_INCH);
  new DataView(density.buffer).setUint32(0, perMetre);
  new DataView(density.buffer).setUint32(4, perMetre);
  density[8] = 1; // unit: the metre
  const stride = width * channels;
  const filtered = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const out = y * (stride + 1);
    const row = y * stride;
    filtered[out] = FILTER_UP;
    if (y === 0) filtered.set(pixels.subarray(0, stride), out + 1);
    else for (let i = 0; i < stride; i++) filtered[out + 1 + i] = (pixels[row + i] - pixels[row - stride + i]) & 0xff;
  }
  const parts = [
    SIGNATURE,
    chunk('IHDR', header),
    chunk('pHYs', density),
    chunk('IDAT', zlib.deflateSync(filtered, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    png.set(p, at);
    at += p.length;
  }
  return png;
}
