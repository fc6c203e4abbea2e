/** Building blocks shared by every part of the game model (mirrors schemas/common.schema.json). */

export interface SourceRef {
  rule?: string;
  page?: number | string;
  line?: number | string;
  edition?: string;
  derived?: string;
  note?: string;
}

/** Where a value comes from: a rule number, page, line, or how it was derived. */
export type Source = string | SourceRef;

/** A declared gap: the real game has this value, the source does not give it. */
export interface Unknown {
  unknown: true;
  reason?: string;
  source?: Source;
}

export type Maybe<T> = T | Unknown;

export function isUnknown(value: unknown): value is Unknown {
  return typeof value === 'object' && value !== null && (value as { unknown?: unknown }).unknown === true;
}

/** The value when known, otherwise undefined: for code that can only act on stated values. */
export function known<T>(value: Maybe<T> | undefined): T | undefined {
  return value === undefined || isUnknown(value) ? undefined : value;
}

export interface ColorSpec {
  rgb: string;
  cmyk?: [number, number, number, number];
  name?: string;
}

export type Color = string | ColorSpec;

/** Normalises either colour form to `{ rgb, cmyk? }`. */
export function colorSpec(color: Color): ColorSpec {
  return typeof color === 'string' ? { rgb: color } : color;
}

/** Shorthand used in CSV cells and table cells for a declared unknown. */
export const UNKNOWN_CELL = '?';
