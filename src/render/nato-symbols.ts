/**
 * Our own small set of NATO unit-type symbols (APP-6 / FM 1-02 land unit icons, as wargame
 * counters draw them): a frame 1.5 : 1 with the branch marks inside, keyed by the unitTypes
 * `symbol` names. Pure geometry, so it renders the same in PDF and PNG and never emits text.
 */
import { type Item, type Paint, circlePath, num } from './drawing';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

type Mark =
  | 'infantry'
  | 'armor'
  | 'cavalry'
  | 'artillery'
  | 'motorized'
  | 'antitank'
  | 'antiaircraft'
  | 'engineer'
  | 'airborne'
  | 'mountain'
  | 'supply'
  | 'staff'
  | 'headquarters-bar';

/** Symbol names (normalised: lower case, words joined by "-") → the marks they combine. */
const SYMBOLS: Record<string, Mark[]> = {
  infantry: ['infantry'],
  'foot-infantry': ['infantry'],
  armor: ['armor'],
  armour: ['armor'],
  armored: ['armor'],
  tank: ['armor'],
  panzer: ['armor'],
  mechanized: ['infantry', 'armor'],
  mechanised: ['infantry', 'armor'],
  'mechanized-infantry': ['infantry', 'armor'],
  'armored-infantry': ['infantry', 'armor'],
  panzergrenadier: ['infantry', 'armor'],
  motorized: ['infantry', 'motorized'],
  motorised: ['infantry', 'motorized'],
  'motorized-infantry': ['infantry', 'motorized'],
  cavalry: ['cavalry'],
  recon: ['cavalry'],
  reconnaissance: ['cavalry'],
  'armored-cavalry': ['cavalry', 'armor'],
  'armored-recon': ['cavalry', 'armor'],
  'armored-reconnaissance': ['cavalry', 'armor'],
  'motorized-recon': ['cavalry', 'motorized'],
  artillery: ['artillery'],
  'field-artillery': ['artillery'],
  'self-propelled-artillery': ['artillery', 'armor'],
  'sp-artillery': ['artillery', 'armor'],
  'anti-tank': ['antitank'],
  antitank: ['antitank'],
  'tank-destroyer': ['antitank', 'armor'],
  'anti-aircraft': ['antiaircraft'],
  antiaircraft: ['antiaircraft'],
  flak: ['antiaircraft'],
  'air-defense': ['antiaircraft'],
  engineer: ['engineer'],
  engineers: ['engineer'],
  pioneer: ['engineer'],
  airborne: ['infantry', 'airborne'],
  parachute: ['infantry', 'airborne'],
  paratroop: ['infantry', 'airborne'],
  mountain: ['infantry', 'mountain'],
  'mountain-infantry': ['infantry', 'mountain'],
  supply: ['supply'],
  headquarters: ['staff'],
  hq: ['staff'],
};

export function normaliseSymbolName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

export function isKnownSymbol(name: string): boolean {
  return normaliseSymbolName(name) in SYMBOLS;
}

export const KNOWN_SYMBOLS: readonly string[] = Object.freeze(Object.keys(SYMBOLS).sort());

/** The frame that fits a box: 1.5 : 1, centred, with room below for a staff when needed. */
export function symbolFrame(box: Box, staff = false): Box {
  const availH = staff ? box.h / 1.35 : box.h;
  let w = box.w;
  let h = w / 1.5;
  if (h > availH) {
    h = availH;
    w = h * 1.5;
  }
  return { x: box.x + (box.w - w) / 2, y: box.y + (staff ? 0 : (box.h - h) / 2), w, h };
}

function stadium(cx: number, cy: number, halfW: number, r: number): string {
  const k = 0.5522847498 * r;
  const l = cx - halfW + r;
  const rt = cx + halfW - r;
  return [
    `M${num(l)} ${num(cy - r)} L${num(rt)} ${num(cy - r)}`,
    `C${num(rt + k)} ${num(cy - r)} ${num(rt + r)} ${num(cy - k)} ${num(rt + r)} ${num(cy)}`,
    `C${num(rt + r)} ${num(cy + k)} ${num(rt + k)} ${num(cy + r)} ${num(rt)} ${num(cy + r)}`,
    `L${num(l)} ${num(cy + r)}`,
    `C${num(l - k)} ${num(cy + r)} ${num(l - r)} ${num(cy + k)} ${num(l - r)} ${num(cy)}`,
    `C${num(l - r)} ${num(cy - k)} ${num(l - k)} ${num(cy - r)} ${num(l)} ${num(cy - r)} Z`,
  ].join(' ');
}

function markItems(mark: Mark, f: Box, color: Paint, lw: number): Item[] {
  const { x, y, w, h } = f;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const line = (d: string): Item => ({ kind: 'path', d, stroke: color, lineWidth: lw, lineCap: 'butt' });
  const solid = (d: string): Item => ({ kind: 'path', d, fill: color });
  switch (mark) {
    case 'infantry':
      return [line(`M${num(x)} ${num(y)} L${num(x + w)} ${num(y + h)} M${num(x + w)} ${num(y)} L${num(x)} ${num(y + h)}`)];
    case 'armor':
      return [line(stadium(cx, cy, w * 0.32, h * 0.22))];
    case 'cavalry':
      return [line(`M${num(x)} ${num(y + h)} L${num(x + w)} ${num(y)}`)];
    case 'artillery':
      return [solid(circlePath(cx, cy, h * 0.15))];
    case 'motorized':
      return [line(`M${num(cx)} ${num(y)} L${num(cx)} ${num(y + h)}`)];
    case 'antitank':
      return [line(`M${num(x)} ${num(y + h)} L${num(cx)} ${num(y)} L${num(x + w)} ${num(y + h)}`)];
    case 'antiaircraft':
      return [
        line(
          `M${num(x)} ${num(y + h * 0.85)} C${num(x + w * 0.3)} ${num(y + h * 0.3)} ${num(x + w * 0.7)} ${num(y + h * 0.3)} ${num(x + w)} ${num(y + h * 0.85)}`,
        ),
      ];
    case 'engineer':
      return [
        line(
          `M${num(x + w * 0.25)} ${num(y + h * 0.68)} L${num(x + w * 0.25)} ${num(y + h * 0.38)} L${num(x + w * 0.75)} ${num(y + h * 0.38)} L${num(x + w * 0.75)} ${num(y + h * 0.68)} M${num(cx)} ${num(y + h * 0.38)} L${num(cx)} ${num(y + h * 0.68)}`,
        ),
      ];
    case 'airborne':
      return [
        line(
          `M${num(x + w * 0.3)} ${num(y + h * 0.82)} C${num(x + w * 0.36)} ${num(y + h * 0.62)} ${num(x + w * 0.46)} ${num(y + h * 0.62)} ${num(cx)} ${num(y + h * 0.82)} C${num(x + w * 0.54)} ${num(y + h * 0.62)} ${num(x + w * 0.64)} ${num(y + h * 0.62)} ${num(x + w * 0.7)} ${num(y + h * 0.82)}`,
        ),
      ];
    case 'mountain':
      return [solid(`M${num(cx - w * 0.12)} ${num(y + h)} L${num(cx)} ${num(y + h * 0.72)} L${num(cx + w * 0.12)} ${num(y + h)} Z`)];
    case 'supply':
      return [line(`M${num(x)} ${num(y + h * 0.75)} L${num(x + w)} ${num(y + h * 0.75)}`)];
    case 'staff':
      return [line(`M${num(x + lw / 2)} ${num(y + h)} L${num(x + lw / 2)} ${num(y + h * 1.33)}`)];
    case 'headquarters-bar':
      return [];
  }
}

/**
 * The symbol's items inside `box`, or undefined when the name is not in our set (the caller
 * draws the frame with a visible "?" and reports it).
 */
export function symbolItems(name: string, box: Box, color: Paint, lineWidth: number): Item[] | undefined {
  const marks = SYMBOLS[normaliseSymbolName(name)];
  if (!marks) return undefined;
  const frame = symbolFrame(box, marks.includes('staff'));
  const items: Item[] = [{ kind: 'rect', x: frame.x, y: frame.y, w: frame.w, h: frame.h, stroke: color, lineWidth }];
  for (const mark of marks) items.push(...markItems(mark, frame, color, lineWidth));
  return items;
}
