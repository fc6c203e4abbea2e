/** Paper sizes and the `--set` options shared by the print outputs. */
import { MM } from './pdf-doc';

export type PaperId = 'letter' | 'a4';

export const PAPER: Record<PaperId, { width: number; height: number }> = {
  letter: { width: 612, height: 792 },
  a4: { width: 210 * MM, height: 297 * MM },
};

export function settingString(settings: Record<string, string | boolean | number | undefined>, key: string): string | undefined {
  const v = settings[key];
  return v === undefined ? undefined : String(v);
}

export function settingBoolean(settings: Record<string, string | boolean | number | undefined>, key: string): boolean | undefined {
  const v = settings[key];
  if (v === undefined) return undefined;
  if (typeof v === 'boolean') return v;
  return ['true', '1', 'yes', 'on'].includes(String(v).toLowerCase());
}

export function settingNumber(settings: Record<string, string | boolean | number | undefined>, key: string): number | undefined {
  const v = settings[key];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}
