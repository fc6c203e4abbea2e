/**
 * The one way a data value becomes printed text, for every output: counter faces, the module's
 * piece properties, aid-card cells and the module checks. A declared unknown (or a "?" cell)
 * prints as "?", flagged so drawings can show it in the gap colour; an absent value prints nothing.
 */
import { UNKNOWN_CELL, isUnknown } from '../model/common';
import type { Unit } from '../model/game';

export interface FormattedValue {
  text: string;
  unknown: boolean;
}

const UNKNOWN_VALUE: FormattedValue = Object.freeze({ text: UNKNOWN_CELL, unknown: true });

/** undefined for an absent value (undefined, null or ""). */
export function formatValue(value: unknown): FormattedValue | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (isUnknown(value) || value === UNKNOWN_CELL) return UNKNOWN_VALUE;
  return { text: String(value), unknown: false };
}

/** The printed text of a value: "" when absent. */
export function valueText(value: unknown): string {
  return formatValue(value)?.text ?? '';
}

/** The text a setup slot prints: the setup hex, else the setup code. */
export function setupText(unit: Pick<Unit, 'setupHex' | 'setup'>): FormattedValue | undefined {
  return unit.setupHex !== undefined ? { text: unit.setupHex, unknown: false } : formatValue(unit.setup);
}
