/**
 * A position VASSAL holds where it names no location and the data can keep no board pixel (a stack
 * past its board's edge, a saved piece off every board of its map): the data keeps it in the map's
 * box, in words (scenarios.json `where`), "pixel (x, y)" of the map's boards laid out from its
 * top-left corner, or "pixel (x, y) of board "B"" of board B. A module built from the data places
 * the pieces there again, so that its import reads the same words.
 */
export interface OffBoardPixel {
  x: number;
  y: number;
  /** The board whose corner the pixel counts from; absent: the map's top-left board. */
  board?: string;
}

export function offBoardWords(pixel: OffBoardPixel): string {
  return `pixel (${pixel.x}, ${pixel.y})${pixel.board !== undefined ? ` of board "${pixel.board}"` : ''}`;
}

const WORDS = /^pixel \((-?\d+), (-?\d+)\)(?: of board "(.+)")?$/s;

/** The position words written by `offBoardWords` give; undefined for any other words. */
export function readOffBoardWords(words: string): OffBoardPixel | undefined {
  const found = WORDS.exec(words);
  if (!found) return undefined;
  return { x: Number(found[1]), y: Number(found[2]), ...(found[3] !== undefined ? { board: found[3] } : {}) };
}
