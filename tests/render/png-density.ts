/** The resolution a PNG declares in its pHYs chunk, read from the bytes (pixels per inch; undefined without one). */
export function pngPixelsPerInch(png: Uint8Array): { x: number; y: number } | undefined {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let at = 8; at + 8 <= png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    if (type === 'pHYs') {
      // Pixels per unit on x and y; unit 1 is the metre.
      if (png[at + 16] !== 1) return undefined;
      return { x: view.getUint32(at + 8) * 0.0254, y: view.getUint32(at + 12) * 0.0254 };
    }
    if (type === 'IDAT') return undefined;
    at += 12 + length;
  }
  return undefined;
}
