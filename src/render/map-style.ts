/**
 * The look of each terrain and zone on the map, resolved from the data's style with defaults that
 * read like a modern printed wargame map: cream clear ground, green woods with tree glyphs, rough
 * ground dotted, marsh with tufts, blue rivers, red roads, black railways with ties, a fortification
 * as a bastion outline. Defaults go by the terrain's kind and the common words of its id and name
 * ("woods", "river", "rail"…), so a game whose terrain.json has no style still prints a map.
 */
import type { Color } from '../model/common';
import { type TerrainPattern, type TerrainTypeFile, type ZoneKind, type ZoneStyle, DEFAULT_ZONE_CODES } from '../model/files';
import type { MapZone } from '../model/game';
import type { Point } from '../hex';
import { type Paint, type TextItem, BLACK, GAP, WHITE, paint, rgbComponents } from './drawing';

export interface TerrainLook {
  /** Hex fill (hex terrain; the key swatch's ground for the others). */
  fill: Paint;
  /** Colour of the symbol, pattern marks or line. */
  ink: Paint;
  pattern: TerrainPattern;
  /** Line width in points (hexsides, paths). */
  width: number;
  /** Dash of the line, points. */
  dash?: number[];
}

interface Default {
  test: RegExp;
  fill?: string;
  ink: string;
  pattern: TerrainPattern;
  width?: number;
  dash?: number[];
}

const CLEAR = '#f3eed6';
/** Ground of a hex whose terrain names no hex terrain (only a town, a fort…). */
export const GROUND: Paint = { rgb: CLEAR, cmyk: [0, 2, 12, 4] };
const INK = '#2b2b2b';
const RIVER = '#3d7fd9';

/** First match wins: the more specific words come first. */
const HEX_DEFAULTS: Default[] = [
  { test: /clear|open|plain|steppe|field/, fill: CLEAR, ink: INK, pattern: 'none' },
  { test: /wood|forest|jungle|orchard/, fill: '#b3cf8f', ink: '#3c6e2c', pattern: 'trees' },
  { test: /mountain|alpine/, fill: '#c8ab86', ink: '#6b4f2e', pattern: 'hills' },
  { test: /hill|ridge|upland|height/, fill: '#e0c79c', ink: '#8a6a3c', pattern: 'hills' },
  { test: /rough|broken|rock|scrub|badland/, fill: '#e6dcbc', ink: '#7a6a4a', pattern: 'dots' },
  { test: /marsh|swamp|bog|fen|wet/, fill: '#cfe3d6', ink: '#2f7a62', pattern: 'marsh' },
  { test: /lake|sea|ocean|water|pond/, fill: '#a9cbea', ink: '#2f6fb8', pattern: 'none' },
  { test: /impass|prohibit/, fill: '#a8a39a', ink: '#5c574e', pattern: 'hatch' },
  { test: /city|urban/, fill: '#e1b9ad', ink: '#5e1f17', pattern: 'city' },
  { test: /town|village|hamlet/, fill: '#eedbd0', ink: '#7a2e22', pattern: 'town' },
  { test: /fort|citadel|bastion/, fill: CLEAR, ink: '#4a2a12', pattern: 'fort' },
];

const FEATURE_DEFAULTS: Default[] = [
  { test: /city|urban/, ink: '#3b1410', pattern: 'city' },
  { test: /town|village|hamlet/, ink: '#3b1410', pattern: 'town' },
  { test: /entrench|trench|dragon|line/, ink: '#4a2a12', pattern: 'trench' },
  { test: /fort|citadel|bastion|strongpoint/, ink: '#4a2a12', pattern: 'fort' },
  { test: /interdict|destroy|ruin/, ink: '#b3261e', pattern: 'cross' },
  { test: /wood|forest/, ink: '#3c6e2c', pattern: 'trees' },
];

const HEXSIDE_DEFAULTS: Default[] = [
  { test: /bridge|ford|crossing|causeway/, ink: '#1e1e1e', pattern: 'bridge', width: 1.2 },
  { test: /major.?river|great.?river/, ink: RIVER, pattern: 'none', width: 4.5 },
  { test: /river/, ink: RIVER, pattern: 'none', width: 2.8 },
  { test: /stream|creek|brook|canal/, ink: RIVER, pattern: 'none', width: 1.6 },
  { test: /lake|sea|shore|water/, ink: '#5b97d8', pattern: 'none', width: 5 },
  { test: /escarp|cliff|bluff|depress|ravine|ridge|wadi/, ink: '#6b4a22', pattern: 'teeth', width: 1.4 },
  { test: /dragon|tank.?trap|anti.?tank/, ink: '#444444', pattern: 'teeth', width: 1.2 },
  { test: /border|boundary|frontier/, ink: '#6a3d8f', pattern: 'dash', width: 1.4, dash: [5, 2.5, 1.2, 2.5] },
  { test: /wall|fortif|line/, ink: '#4a2a12', pattern: 'teeth', width: 1.4 },
];

const PATH_DEFAULTS: Default[] = [
  { test: /rail.*(double|multi)|(double|multi).*rail/, ink: '#1e1e1e', pattern: 'rail', width: 2.3 },
  { test: /rail/, ink: '#1e1e1e', pattern: 'rail', width: 1.5 },
  { test: /track|trail|minor|secondary|cart|path/, ink: '#a6402a', pattern: 'dash', width: 1.2, dash: [4, 2] },
  { test: /road|highway|motorway|pike|chaussee/, ink: '#b3261e', pattern: 'none', width: 1.8 },
];

/** Soft fills for hex terrain no word matches, by its place in terrain.json. */
const FALLBACK_FILLS = ['#f3efdc', '#cfe3b4', '#e6d3a8', '#b9d7e8', '#d8c7e0', '#f0d0b0', '#c8d8c0', '#e0e0c0'];

function defaultFor(t: TerrainTypeFile): Default | undefined {
  const words = `${t.id} ${t.name}`.toLowerCase();
  const table = { hex: HEX_DEFAULTS, feature: FEATURE_DEFAULTS, hexside: HEXSIDE_DEFAULTS, path: PATH_DEFAULTS }[t.kind];
  return table.find((d) => d.test.test(words));
}

function fallback(t: TerrainTypeFile, index: number): Default {
  switch (t.kind) {
    case 'hex':
      return { test: /./, fill: FALLBACK_FILLS[Math.max(0, index) % FALLBACK_FILLS.length], ink: INK, pattern: 'none' };
    case 'feature':
      return { test: /./, ink: INK, pattern: 'dots' };
    case 'hexside':
      return { test: /./, ink: '#444444', pattern: 'none', width: 2 };
    case 'path':
      return { test: /./, ink: '#8b4a1c', pattern: 'none', width: 1.6 };
  }
}

/** How the map draws terrain `t` (the `index`-th entry of terrain.json). */
export function terrainLook(t: TerrainTypeFile, index: number): TerrainLook {
  const d = defaultFor(t) ?? fallback(t, index);
  const s = t.style ?? {};
  // A line drawn in the fill colour only (an older style form) keeps meaning the line colour.
  const inkColor: Color | undefined = s.stroke ?? (t.kind === 'hexside' || t.kind === 'path' ? s.fill : undefined);
  const pattern = s.pattern ?? d.pattern;
  const dash = s.dash ?? (pattern === 'dash' ? (d.dash ?? [4, 2.5]) : undefined);
  return {
    fill: s.fill ? paint(s.fill) : paint(d.fill ?? CLEAR),
    ink: inkColor ? paint(inkColor) : paint(d.ink),
    pattern,
    width: s.width ?? d.width ?? 1.5,
    ...(dash ? { dash } : {}),
  };
}

// ---- contrast ----

function channel(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Luminance by sRGB hex code: a map asks once per hex, for a handful of fills. */
const luminanceOf = new Map<string, number>();

/** WCAG 2 relative luminance of an sRGB colour. */
export function relativeLuminance(p: Paint): number {
  let luminance = luminanceOf.get(p.rgb);
  if (luminance === undefined) {
    const [r, g, b] = rgbComponents(p);
    luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    if (luminanceOf.size > 10_000) luminanceOf.clear();
    luminanceOf.set(p.rgb, luminance);
  }
  return luminance;
}

/** WCAG 2 contrast ratio of two colours (1 … 21). */
export function contrastRatio(a: Paint, b: Paint): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The contrast small text needs (WCAG AA). */
export const TEXT_CONTRAST = 4.5;

const HEX_ID_GREY: Paint = { rgb: '#4a4a4a', cmyk: [0, 0, 0, 80] };
const HEX_ID_DARK: Paint = { rgb: '#1a1a1a', cmyk: [0, 0, 0, 95] };

/**
 * The colour of hex ids over one or more backgrounds (a fill, a zone's band under part of the id): a
 * quiet grey where it is legible enough on all of them, else near-black, else white, else whichever
 * of black and white is more legible on the worst of them (one of the two reaches 4.5:1 on any one
 * colour).
 */
export function hexIdInk(...backgrounds: Paint[]): Paint {
  const worst = (p: Paint) => Math.min(...backgrounds.map((b) => contrastRatio(p, b)));
  for (const p of [HEX_ID_GREY, HEX_ID_DARK, BLACK, WHITE]) if (worst(p) >= TEXT_CONTRAST) return p;
  return worst(BLACK) >= worst(WHITE) ? BLACK : WHITE;
}

/** The loud "?" at the centre of a hex whose terrain is a declared gap (`c` its centre, `f` its size). */
export function unknownTerrainMark(c: Point, f: number): TextItem {
  return { kind: 'text', x: c.x, y: c.y + f * 0.12, text: '?', size: f * 0.34, font: 'bold', fill: GAP, align: 'center' };
}

// ---- zones ----

export interface ZoneLook {
  draw: ZoneStyle['draw'];
  code: string;
  color: Paint;
}

const NEUTRAL_ZONE: Paint = { rgb: '#7a1f9c', cmyk: [50, 90, 0, 0] };

/**
 * How a zone is printed: its own style, else the map's style for its kind, else setup areas
 * outlined and nothing else (supply sources, entry hexes and the rest only when the data asks).
 */
export function zoneLook(zone: MapZone, byKind: Partial<Record<ZoneKind, ZoneStyle>> | undefined, sideColor: Paint | undefined): ZoneLook {
  const style = zone.style ?? byKind?.[zone.kind] ?? { draw: zone.kind === 'setup' ? 'outline' : 'none' };
  return {
    draw: style.draw,
    code: style.code ?? DEFAULT_ZONE_CODES[zone.kind] ?? zone.kind.charAt(0).toUpperCase(),
    color: style.color ? paint(style.color) : (sideColor ?? NEUTRAL_ZONE),
  };
}
