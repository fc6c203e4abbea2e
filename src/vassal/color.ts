/**
 * Colours as a VASSAL buildFile writes them and as the data states them. VASSAL 3.7.26 writes a
 * colour as "r,g,b", or "r,g,b,a" when it is not opaque (configure/ColorConfigurer.colorToString),
 * and reads it back with ColorConfigurer.stringToColor: "", "null" or no value is no colour; a text
 * starting "0x" is a hexadecimal RGB number (java.awt.Color.decode, alpha dropped); else the
 * comma-separated numbers (empty items skipped, a fourth the alpha). A text it cannot read gives
 * a data warning and black. The data writes "#rrggbb", or "#rrggbbaa" when not opaque. Pure.
 */

/** A VASSAL colour as the data writes it; `unreadable` when VASSAL takes the text as black. */
export type VassalColorReading = { color: string; unreadable: boolean } | undefined;

const BLACK = '#000000';
/** A Map's background when its buildFile states none (Map.bgColor starts as Color.white). */
export const MAP_BACKGROUND_DEFAULT = '#ffffff';
/** Integer.parseInt's accepted form: an optional sign and decimal digits. */
const DECIMAL = /^[+-]?\d+$/;
/** Color.decode after "0x": hexadecimal digits, no sign, within Integer.MAX_VALUE. */
const HEX_NUMBER = /^0[xX]([0-9a-fA-F]+)$/;
const MAX_INT = 0x7fffffff;

const hexByte = (n: number) => n.toString(16).padStart(2, '0');

/** The colour VASSAL reads from `text`, in the data's form; undefined for no colour. */
export function readVassalColor(text: string | undefined): VassalColorReading {
  if (text === undefined || text === '' || text === 'null') return undefined;
  const hex = HEX_NUMBER.exec(text);
  if (hex) {
    const value = parseInt(hex[1], 16);
    if (value > MAX_INT) return { color: BLACK, unreadable: true };
    return { color: `#${hexByte((value >> 16) & 0xff)}${hexByte((value >> 8) & 0xff)}${hexByte(value & 0xff)}`, unreadable: false };
  }
  // StringTokenizer(",") skips empty items; the first three or four are read.
  const items = text.split(',').filter((item) => item !== '');
  const parts = items.slice(0, items.length > 3 ? 4 : 3);
  if (parts.length < 3 || !parts.every((p) => DECIMAL.test(p))) return { color: BLACK, unreadable: true };
  const numbers = parts.map(Number);
  if (!numbers.every((n) => n >= 0 && n <= 255)) return { color: BLACK, unreadable: true };
  const [r, g, b, a] = numbers;
  return { color: `#${hexByte(r)}${hexByte(g)}${hexByte(b)}${a !== undefined && a !== 255 ? hexByte(a) : ''}`, unreadable: false };
}

/** A data colour ("#rrggbb" or "#rrggbbaa") as VASSAL writes it: "r,g,b", with ",a" when not opaque. */
export function vassalColorText(color: string): string {
  const channels = [1, 3, 5, 7].filter((i) => i < color.length).map((i) => parseInt(color.slice(i, i + 2), 16));
  if (channels.length === 4 && channels[3] === 255) channels.pop();
  return channels.join(',');
}
