/**
 * The format and pixel size of an image from its first bytes, as the PNG, JPEG and GIF formats
 * lay them out: enough to accept a face image at load without decoding it.
 */
export interface ImageHeader {
  format: 'png' | 'jpeg' | 'gif';
  width: number;
  height: number;
}

/** Larger files are not game art (faces, map and board pictures): refused before they are read. */
export const MAX_ART_BYTES = 32 * 1024 * 1024;

/**
 * The most pixels of a picture: 16383 × 16383, the most the image library (sharp, libvips) decodes
 * by default. A header may claim far more in a small file; it is refused before it is decoded.
 */
export const MAX_IMAGE_PIXELS = 16383 * 16383;

/**
 * A picture whose header reads but whose pixels do not decode (a damaged file): it shows only where
 * the picture is drawn, since decoding every picture at each load would cost every rebuild.
 */
export class DamagedPicture extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngHeader(b: Uint8Array): ImageHeader | undefined {
  if (b.length < 24 || PNG_SIGNATURE.some((v, i) => b[i] !== v)) return undefined;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // The first chunk is IHDR: width and height, big-endian, at bytes 16 and 20.
  if (String.fromCharCode(b[12], b[13], b[14], b[15]) !== 'IHDR') return undefined;
  return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
}

function gifHeader(b: Uint8Array): ImageHeader | undefined {
  const magic = String.fromCharCode(...b.subarray(0, 6));
  if (b.length < 10 || (magic !== 'GIF87a' && magic !== 'GIF89a')) return undefined;
  return { format: 'gif', width: b[6] | (b[7] << 8), height: b[8] | (b[9] << 8) };
}

/** Start-of-frame markers (SOF0–SOF15 without DHT C4, JPG C8 and DAC CC) carry the frame size. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegHeader(b: Uint8Array): ImageHeader | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = (b[i + 2] << 8) | b[i + 3];
    if (isStartOfFrame(marker)) return { format: 'jpeg', height: (b[i + 5] << 8) | b[i + 6], width: (b[i + 7] << 8) | b[i + 8] };
    if (length < 2) return undefined;
    i += 2 + length;
  }
  return undefined;
}

/** The image's format and size, or undefined when the bytes are none of PNG, JPEG or GIF. */
export function imageHeader(bytes: Uint8Array): ImageHeader | undefined {
  const header = pngHeader(bytes) ?? jpegHeader(bytes) ?? gifHeader(bytes);
  return header && header.width > 0 && header.height > 0 ? header : undefined;
}
