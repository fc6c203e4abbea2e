/** The key band below the hexes: title, terrain key (swatches drawn as the map draws them) and a north arrow. */
import { type Item, BLACK, WHITE, num } from './drawing';
import { KEY, TITLE_FIRST_BASELINE, TITLE_LEADING, TITLE_SUBTITLE_DROP } from '../plan/map-key-layout';
import type { MapGeometry } from '../plan/map-geometry';
import { drawTerrainSwatch } from './terrain-swatch';

const KEY_TEXT = { rgb: '#1a1a1a', cmyk: [0, 0, 0, 95] as [number, number, number, number] };
const RULE = { rgb: '#555555', cmyk: [0, 0, 0, 75] as [number, number, number, number] };

/** A north arrow in a box `w` wide whose top left is (x, y): half-filled arrowhead and an N. */
function compass(x: number, y: number, w: number, pt: number): Item[] {
  const cx = x + w / 2;
  const top = y + w * 0.28;
  const bottom = y + w;
  const half = w * 0.18;
  const mid = top + (bottom - top) * 0.7;
  return [
    { kind: 'text', x: cx, y: y + w * 0.22, text: 'N', size: w * 0.26, font: 'bold', fill: BLACK, align: 'center' },
    {
      kind: 'path',
      d: `M${num(cx)} ${num(top)} L${num(cx - half)} ${num(bottom)} L${num(cx)} ${num(mid)} Z`,
      fill: WHITE,
      stroke: BLACK,
      lineWidth: 0.8 * pt,
    },
    {
      kind: 'path',
      d: `M${num(cx)} ${num(top)} L${num(cx + half)} ${num(bottom)} L${num(cx)} ${num(mid)} Z`,
      fill: BLACK,
      stroke: BLACK,
      lineWidth: 0.8 * pt,
    },
  ];
}

/** The key band's items in drawing units (empty when the geometry has no band). */
export function mapKeyItems(geometry: MapGeometry): Item[] {
  const key = geometry.key;
  if (!key) return [];
  const u = geometry.unitsPerInch;
  const pt = u / 72;
  const top = geometry.hexAreaHeight;
  const items: Item[] = [{ kind: 'path', d: `M0 ${num(top)} L${num(geometry.width)} ${num(top)}`, stroke: RULE, lineWidth: 0.6 * pt }];
  if (key.title) {
    const { size } = key.title;
    const first = top + (key.title.y + (TITLE_FIRST_BASELINE * size) / 72) * u;
    key.title.lines.forEach((line, i) =>
      items.push({
        kind: 'text',
        x: key.title!.x * u,
        y: first + ((i * TITLE_LEADING * size) / 72) * u,
        text: line,
        size: size * pt,
        font: 'bold',
        fill: KEY_TEXT,
        align: 'left',
      }),
    );
    if (key.title.subtitle)
      items.push({
        kind: 'text',
        x: key.title.x * u,
        y: first + ((((key.title.lines.length - 1) * TITLE_LEADING + TITLE_SUBTITLE_DROP) * size) / 72) * u,
        text: key.title.subtitle,
        size: key.title.subtitleSize * pt,
        font: 'regular',
        fill: KEY_TEXT,
        align: 'left',
      });
  }
  for (const e of key.entries) {
    const x = e.x * u;
    const y = top + e.y * u;
    items.push(...drawTerrainSwatch(e.terrain, e.index, { x, y, w: KEY.swatchW * u, h: KEY.swatchH * u }, pt));
    const tx = x + (KEY.swatchW + KEY.gap) * u;
    const nameY = y + KEY.swatchH * u * (e.cost ? 0.45 : 0.62);
    items.push({ kind: 'text', x: tx, y: nameY, text: e.name, size: KEY.nameSize * pt, font: 'bold', fill: KEY_TEXT, align: 'left' });
    if (e.cost)
      items.push({
        kind: 'text',
        x: tx,
        y: nameY + KEY.costSize * 1.3 * pt,
        text: e.cost,
        size: KEY.costSize * pt,
        font: 'regular',
        fill: KEY_TEXT,
        align: 'left',
      });
  }
  if (key.compass) items.push(...compass(key.compass.x * u, top + KEY.pad * u, KEY.compassW * u, pt));
  return items;
}
