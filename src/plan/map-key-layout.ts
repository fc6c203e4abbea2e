/**
 * The key band printed below the hexes: the title on the left, the terrain key (one entry per
 * terrain of terrain.json: swatch, name, movement cost when it is short) flowing in rows, and a
 * north arrow on the right. Sizes in inches; the band's height is part of the map geometry, so the
 * module image, map.png and map.pdf all carry it.
 */
import { isUnknown } from '../model/common';
import type { MoveCost, MovementSpec, TerrainTypeFile } from '../model/files';
import type { Game } from '../model/game';

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
  title?: { text: string; subtitle?: string; x: number; width: number; size: number };
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

/** The title's size: the full size where it fits in `room` inches, else smaller down to 9 pt. */
function titleFit(title: { text: string; subtitle?: string }, room: number): { size: number; width: number } {
  const width = (size: number) =>
    Math.max(
      estimatedTextWidth(title.text, size, true),
      estimatedTextWidth(title.subtitle ?? '', (KEY.subtitleSize * size) / KEY.titleSize),
    );
  const size = Math.max(9, Math.min(KEY.titleSize, (KEY.titleSize * room) / Math.max(width(KEY.titleSize), 1e-9)));
  return { size, width: width(size) };
}

/**
 * The key band of a map `mapWidth` inches wide (undefined when the style prints none of it). On a
 * wide map the title, the entries and the compass share rows; on a narrow one the title and the
 * compass take the first row and the entries flow below.
 */
export function mapKeyLayout(game: Game, mapWidth: number): KeyLayout | undefined {
  const style = game.map.style ?? {};
  const title = titleOf(game);
  const showKey = style.key !== false && game.terrain.length > 0;
  const showCompass = style.compass !== false;
  if (!title && !showKey && !showCompass) return undefined;
  const compassRoom = showCompass ? KEY.compassW + KEY.entryGap : 0;
  const inlineFit = title ? titleFit(title, mapWidth * 0.3) : undefined;
  const inline = !title || (inlineFit!.size >= KEY.titleSize * 0.75 && mapWidth >= 8);
  const fit = title ? (inline ? inlineFit! : titleFit(title, mapWidth - 2 * KEY.pad - compassRoom)) : undefined;
  const left = KEY.pad + (inline && fit ? fit.width + KEY.entryGap * 2 : 0);
  const right = mapWidth - KEY.pad - (inline ? compassRoom : 0);
  const top = KEY.pad + (inline ? 0 : Math.max(title ? 0.5 : 0, showCompass ? KEY.compassW + 0.05 : 0));
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
  const height = Math.max(top + rows * KEY.rowH + KEY.pad, title ? 0.75 : 0, showCompass ? KEY.compassW + 2 * KEY.pad : 0);
  return {
    height,
    ...(title && fit ? { title: { ...title, x: KEY.pad, width: fit.width, size: fit.size } } : {}),
    entries,
    ...(showCompass ? { compass: { x: mapWidth - KEY.pad - KEY.compassW } } : {}),
  };
}
