/**
 * The paper settings every print output shares: paper size, counter-sheet layout, bleed, duplex
 * flip, the printer's back offset and CMYK. counters.json `sheet` gives the game's defaults and
 * `--set` overrides them; a setting that is not understood is an error, never silently replaced.
 */
import type { Diagnostic } from '../diagnostics';
import type { SheetFile } from '../model/files';
import type { Game } from '../model/game';

/** Points per millimetre and per inch (PDF user space). */
export const MM = 72 / 25.4;
export const INCH = 72;

export type PaperId = 'letter' | 'a4';
export type Flip = 'long-edge' | 'short-edge';
export type SheetLayout = 'butted' | 'gutter';
/** mixed: units, markers and chits of one size share sheets; by-kind: each kind on sheets of its own. */
export type SheetPacking = 'mixed' | 'by-kind';

export const PAPER: Record<PaperId, { width: number; height: number }> = {
  letter: { width: 612, height: 792 },
  a4: { width: 210 * MM, height: 297 * MM },
};

/** Art beyond the cut line when neither the data nor `--set bleed` says otherwise. */
export const DEFAULT_BLEED_MM = 3;

/**
 * Sensible bounds of the millimetre settings: a negative bleed would put crop marks on the art, more
 * than 6 mm is beyond any printer's request (2–6 mm); a duplex printer drifting more than 10 mm
 * needs repair, not an offset.
 */
export const SETTING_RANGES_MM = { bleed: [0, 6], gutter: [0, 25], backOffset: [-10, 10] } as const;

/** `--set key=value` pairs as the command line hands them over. */
export type Settings = Record<string, string | boolean | number | undefined>;

export interface PaperSettings {
  paper: PaperId;
  layout: SheetLayout;
  pack: SheetPacking;
  gutterMm: number;
  bleedMm: number;
  flip: Flip;
  backOffsetMm: { x: number; y: number };
  cmyk: boolean;
}

export function settingString(settings: Settings, key: string): string | undefined {
  const v = settings[key];
  return v === undefined ? undefined : String(v);
}

/** The words a switch setting takes for on and for off (any case). */
export const SWITCH_ON: readonly string[] = ['true', '1', 'yes', 'on'];
export const SWITCH_OFF: readonly string[] = ['false', '0', 'no', 'off'];

export function settingBoolean(settings: Settings, key: string): boolean | undefined {
  const v = settings[key];
  if (v === undefined) return undefined;
  if (typeof v === 'boolean') return v;
  return SWITCH_ON.includes(String(v).toLowerCase());
}

export function settingNumber(settings: Settings, key: string): number | undefined {
  const v = settings[key];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** The game's paper settings under the command line's `--set` overrides. */
export function paperSettings(game: Game, settings: Settings): { paper: PaperSettings; diagnostics: Diagnostic[] } {
  return sheetPaperSettings(game.counters.sheet ?? {}, settings);
}

/**
 * Paper settings from counters.json `sheet` under the `--set` overrides. With an empty sheet its
 * diagnostics are those of the overrides alone: the build checks them so before it builds anything.
 */
export function sheetPaperSettings(sheet: SheetFile, settings: Settings): { paper: PaperSettings; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const pick = <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
    const v = settingString(settings, key);
    if (v === undefined) return fallback;
    if ((allowed as readonly string[]).includes(v)) return v as T;
    diagnostics.push({
      code: 'print/bad-setting',
      severity: 'error',
      message: `--set ${key}=${v} is not one of ${allowed.join(', ')}`,
      hint: `use --set ${key}=${allowed[0]}`,
    });
    return fallback;
  };
  const number = (key: string, fallback: number, range: readonly [number, number]): number => {
    const raw = settings[key];
    const v = settingNumber(settings, key);
    if (raw !== undefined && v === undefined) {
      diagnostics.push({
        code: 'print/bad-setting',
        severity: 'error',
        message: `--set ${key}=${raw} is not a number (millimetres)`,
        hint: `use --set ${key}=<mm> between ${range[0]} and ${range[1]}`,
      });
      return fallback;
    }
    const value = v ?? fallback;
    if (value < range[0] || value > range[1]) {
      diagnostics.push({
        code: 'print/bad-setting',
        severity: 'error',
        message: `${key} = ${value} mm is outside ${range[0]}…${range[1]} mm${v === undefined ? ' (counters.json sheet)' : ''}`,
        hint: `use --set ${key}=<mm> between ${range[0]} and ${range[1]}`,
      });
      return Math.min(range[1], Math.max(range[0], value));
    }
    return value;
  };
  return {
    paper: {
      paper: pick('paper', ['letter', 'a4'] as const, sheet.paper ?? 'letter'),
      layout: pick('layout', ['butted', 'gutter'] as const, sheet.layout ?? 'butted'),
      pack: pick('pack', ['mixed', 'by-kind'] as const, sheet.pack ?? 'mixed'),
      gutterMm: number('gutter', sheet.gutterMm ?? 6, SETTING_RANGES_MM.gutter),
      bleedMm: number('bleed', sheet.bleedMm ?? DEFAULT_BLEED_MM, SETTING_RANGES_MM.bleed),
      flip: pick('flip', ['long-edge', 'short-edge'] as const, sheet.flip ?? 'long-edge'),
      backOffsetMm: {
        x: number('backOffsetX', sheet.backOffsetMm?.x ?? 0, SETTING_RANGES_MM.backOffset),
        y: number('backOffsetY', sheet.backOffsetMm?.y ?? 0, SETTING_RANGES_MM.backOffset),
      },
      cmyk: settingBoolean(settings, 'cmyk') ?? false,
    },
    diagnostics,
  };
}
