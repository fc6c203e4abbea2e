/**
 * The key band printed below the hexes: the title on the left, the terrain key (one entry per
 * terrain of terrain.json: swatch, name, movement cost when it is short) flowing in rows, and a
 * north arrow on the right. Sizes in inches; the band's height is part of the map geometry, so the
 * module image, map.png and map.pdf all carry it.
 */
import { isUnknown } from '../model/common';
import type { MoveCost, MovementSpec, TerrainTypeFile } from '../model/files';
import type { Game } from '../model/game';
import { maxOf } from '../extremes';

export const KEY = {
  pad: 0.15,
  swatchW: 0.5,
  swatchH: 0.44,
  rowH: 0.56,
  gap: 0.08,
  entryGap: 0.2,
  nameSize: 7.5,
  costSize: 6.5,
  titleSize: 16,
  subtitleSize: 9,
  compassW: 0.7,
} as const;

/** Width of a text run in inches, from an average glyph width (the band is laid out without fonts). */
export function estimatedTextWidth(text: string, sizePt: number, bold = false): number {
  return (text.length * sizePt * (bold ? 0.6 : 0.54)) / 72;
}

export interface KeyEntry {
  terrain: TerrainTypeFile;
  index: number;
  name: string;
  cost?: string;
  /** Top left of the entry inside the band, inches. */
  x: number;
  y: number;
}

export interface KeyLayout {
  height: number;
  /** Text size in points (the subtitle scales with it). */
  /** Top left in inches; the text wrapped onto `lines` (the subtitle may be cut) when the band is narrow. */
  title?: { text: string; x: number; y: number } & TitleBlock;
  entries: KeyEntry[];
  compass?: { x: number };
}

function shortCost(c: MoveCost): string | undefined {
  if (isUnknown(c)) return undefined;
  if (typeof c === 'number') return `${c} MP`;
  if (c === 'prohibited') return 'Prohibited';
  if (c === 'all') return 'All MP';
  if (c === 'other') return 'Other terrain';
  return `${c.add >= 0 ? '+' : ''}${c.add} MP`;
}

/** The movement cost in a few words: one cost, or one per class when each class has one; else nothing. */
export function shortMovement(spec: MovementSpec | undefined): string | undefined {
  if (spec === undefined) return undefined;
  if (isUnknown(spec) || typeof spec !== 'object' || 'add' in spec) return shortCost(spec as MoveCost);
  const costs: [string, string][] = [];
  for (const [cls, entry] of Object.entries(spec)) {
    if (typeof entry === 'object' && !isUnknown(entry) && !('add' in entry)) return undefined; // per weather: too long
    const text = shortCost(entry as MoveCost);
    if (text === undefined) return undefined;
    costs.push([cls === 'default' ? 'others' : cls, text]);
  }
  const text = new Set(costs.map(([, c]) => c)).size === 1 ? costs[0][1] : costs.map(([cls, c]) => `${cls} ${c}`).join(', ');
  return text.length <= 30 ? text : undefined;
}

function titleOf(game: Game): { text: string; subtitle?: string } | undefined {
  const style = game.map.style?.title ?? true;
  if (style === false) return undefined;
  if (typeof style === 'string') return { text: style };
  const sub = game.map.name && game.map.name !== game.info.title ? game.map.name : undefined;
  return { text: game.info.title, ...(sub ? { subtitle: sub } : {}) };
}

/** Smallest one-line title, points: below it a title is wrapped onto lines. */
export const MIN_TITLE_PT = 9;
/** Smallest wrapped title, points (a player aid's smallest type): a word wider still is cut with "…". */
export const MIN_WRAPPED_TITLE_PT = 6;
/** Baseline to baseline of a wrapped title, in type sizes. */
export const TITLE_LEADING = 1.15;
/** The title's first baseline below its top, and the subtitle's below the title's last, in type sizes. */
export const TITLE_FIRST_BASELINE = 1.125;
export const TITLE_SUBTITLE_DROP = 0.9;

export interface TitleBlock {
  lines: string[];
  subtitle?: string;
  size: number;
  subtitleSize: number;
  /** Widest line, inches. */
  width: number;
  /** Lines and subtitle, inches. */
  height: number;
}

/** A text cut with "…" to the letters that fit `room` inches at `size`. */
function cutToWidth(text: string, size: number, room: number, bold: boolean): string {
  let kept = text;
  while (kept.length > 1 && estimatedTextWidth(`${kept}…`, size, bold) > room) kept = kept.slice(0, -1);
  return estimatedTextWidth(text, size, bold) <= room ? text : `${kept.trimEnd()}…`;
}

/**
 * The title in `room` inches: one line at the full size or smaller down to MIN_TITLE_PT; else its
 * words wrapped at that size or, for a long word, down to MIN_WRAPPED_TITLE_PT; a word wider than
 * the room even so cut with "…". Never wider than the room.
 */
export function titleBlock(title: { text: string; subtitle?: string }, room: number): TitleBlock {
  const subSize = (size: number) => Math.max(MIN_WRAPPED_TITLE_PT, (KEY.subtitleSize * size) / KEY.titleSize);
  const oneLine = (size: number) =>
    Math.max(estimatedTextWidth(title.text, size, true), estimatedTextWidth(title.subtitle ?? '', subSize(size)));
  const fitted = Math.min(KEY.titleSize, (KEY.titleSize * room) / Math.max(oneLine(KEY.titleSize), 1e-9));
  const words = title.text.split(/\s+/).filter((w) => w !== '');
  const wordWidths = words.map((w) => estimatedTextWidth(w, 1, true));
  const widestWord = maxOf(wordWidths, 1e-9);
  // Wrapped: at the smallest title size, smaller still (not under MIN_WRAPPED_TITLE_PT) for a long word.
  const size = fitted >= MIN_TITLE_PT ? fitted : Math.max(MIN_WRAPPED_TITLE_PT, Math.min(MIN_TITLE_PT, room / widestWord));
  let lines = [title.text];
  if (fitted < MIN_TITLE_PT) {
    lines = [];
    for (const word of words) {
      const last = lines[lines.length - 1];
      if (last !== undefined && estimatedTextWidth(`${last} ${word}`, size, true) <= room) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(cutToWidth(word, size, room, true));
    }
  }
  const subtitle = title.subtitle !== undefined ? cutToWidth(title.subtitle, subSize(size), room, false) : undefined;
  const width = Math.max(
    ...lines.map((l) => estimatedTextWidth(l, size, true)),
    subtitle ? estimatedTextWidth(subtitle, subSize(size)) : 0,
  );
  const height = (size * (TITLE_FIRST_BASELINE + (lines.length - 1) * TITLE_LEADING + 0.3 + (subtitle ? TITLE_SUBTITLE_DROP : 0))) / 72;
  return { lines, ...(subtitle !== undefined ? { subtitle } : {}), size, subtitleSize: subSize(size), width, height };
}

/**
 * The key band of a map `mapWidth` inches wide (undefined when the style prints none of it). On a
 * wide map the title, the entries and the compass share rows; on a narrow one the title and the
 * compass take the first row and the entries flow below; on one too narrow for a line of the title
 * beside the compass, the title takes rows of its own under the compass, wrapped if need be.
 */
export function mapKeyLayout(game: Game, mapWidth: number): KeyLayout | undefined {
  const style = game.map.style ?? {};
  const title = titleOf(game);
  const showKey = style.key !== false && game.terrain.length > 0;
  const showCompass = style.compass !== false;
  if (!title && !showKey && !showCompass) return undefined;
  const compassRoom = showCompass ? KEY.compassW + KEY.entryGap : 0;
  const inlineFit = title ? titleBlock(title, mapWidth * 0.3) : undefined;
  const inline = !title || (inlineFit!.lines.length === 1 && inlineFit!.size >= KEY.titleSize * 0.75 && mapWidth >= 8);
  // Narrow: the title beside the compass where one line of it fits there, else on rows of its own below.
  const besideRoom = mapWidth - 2 * KEY.pad - compassRoom;
  const beside = title && !inline ? titleBlock(title, besideRoom) : undefined;
  const fitsBeside = beside !== undefined && beside.lines.length === 1 && beside.width <= besideRoom + 1e-9;
  const fit = title ? (inline ? inlineFit! : fitsBeside ? beside : titleBlock(title, mapWidth - 2 * KEY.pad)) : undefined;
  const titleY = KEY.pad + (inline || fitsBeside || !showCompass ? 0 : KEY.compassW + 0.05);
  const left = KEY.pad + (inline && fit ? fit.width + KEY.entryGap * 2 : 0);
  const right = mapWidth - KEY.pad - (inline ? compassRoom : 0);
  const firstRow = KEY.pad + Math.max(title ? 0.5 : 0, showCompass ? KEY.compassW + 0.05 : 0);
  const top = inline ? KEY.pad : fitsBeside || !fit ? firstRow : Math.max(firstRow, titleY + fit.height + 0.05);
  const entries: KeyEntry[] = [];
  let x = left;
  let row = 0;
  if (showKey) {
    game.terrain.forEach((terrain, index) => {
      const cost = shortMovement(terrain.movement);
      const textW = Math.max(estimatedTextWidth(terrain.name, KEY.nameSize, true), cost ? estimatedTextWidth(cost, KEY.costSize) : 0);
      const w = KEY.swatchW + KEY.gap + textW;
      if (x > left && x + w > right) {
        row++;
        x = left;
      }
      entries.push({ terrain, index, name: terrain.name, ...(cost ? { cost } : {}), x, y: top + row * KEY.rowH });
      x += w + KEY.entryGap;
    });
  }
  const rows = showKey ? row + 1 : 0;
  const height = Math.max(
    top + rows * KEY.rowH + KEY.pad,
    title ? 0.75 : 0,
    fit ? titleY + fit.height + KEY.pad : 0,
    showCompass ? KEY.compassW + 2 * KEY.pad : 0,
  );
  return {
    height,
    ...(title && fit ? { title: { ...title, ...fit, x: KEY.pad, y: titleY } } : {}),
    entries,
    ...(showCompass ? { compass: { x: mapWidth - KEY.pad - KEY.compassW } } : {}),
  };
}
