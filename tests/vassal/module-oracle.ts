/**
 * VASSAL's hex name ↔ pixel maths, ported for the module tests from the format reference §4.3
 * (name → point, HexGridNumbering.getCenterPoint) and §4.4 (point → name, getColumn/getRow/getName)
 * and kept apart from src/ so the module's positions are checked against an independent
 * computation. Ascending numeric numbering only (what the module writes); descending numbering is
 * rejected rather than approximated.
 */
import type { XmlElement } from '../../src/vassal/xml-tree';
import { attribute } from '../../src/vassal/xml-tree';

export interface OracleGrid {
  sideways: boolean;
  dx: number;
  dy: number;
  x0: number;
  y0: number;
  first: string;
  sep: string;
  hLeading: number;
  vLeading: number;
  hOff: number;
  vOff: number;
  stagger: boolean;
}

export function oracleGridFrom(hexGrid: XmlElement): OracleGrid {
  const numbering = hexGrid.children.find((c) => c.name.endsWith('HexGridNumbering'));
  if (!numbering) throw new Error('grid without numbering');
  const a = (el: XmlElement, n: string) => {
    const v = attribute(el, n);
    if (v === undefined) throw new Error(`missing ${n}`);
    return v;
  };
  for (const [n, v] of [
    ['hType', 'N'],
    ['vType', 'N'],
    ['hDescend', 'false'],
    ['vDescend', 'false'],
    ['locationFormat', '$gridLocation$'],
  ]) {
    if (a(numbering, n) !== v) throw new Error(`oracle supports ${n}=${v} only`);
  }
  const int = (el: XmlElement, n: string) => {
    const v = a(el, n);
    if (!/^-?[0-9]+$/.test(v)) throw new Error(`${n}="${v}" is not an int (VASSAL would drop the grid)`);
    return Number(v);
  };
  return {
    sideways: a(hexGrid, 'sideways') === 'true',
    dx: Number(a(hexGrid, 'dx')),
    dy: Number(a(hexGrid, 'dy')),
    x0: int(hexGrid, 'x0'),
    y0: int(hexGrid, 'y0'),
    first: a(numbering, 'first'),
    sep: a(numbering, 'sep'),
    hLeading: int(numbering, 'hLeading'),
    vLeading: int(numbering, 'vLeading'),
    hOff: int(numbering, 'hOff'),
    vOff: int(numbering, 'vOff'),
    stagger: a(numbering, 'stagger') === 'true',
  };
}

/** §4.3, ascending: raw (col,row) → board pixel, with Java's int truncation. */
function centerPoint(g: OracleGrid, col: number, row: number): { x: number; y: number } {
  if (g.stagger && col % 2 !== 0) row -= 1;
  const x = Math.trunc(col * g.dx) + g.x0;
  const y = (col % 2 === 0 ? Math.trunc(row * g.dy) : Math.trunc(row * g.dy + g.dy / 2)) + g.y0;
  return g.sideways ? { x: y, y: x } : { x, y };
}

export function oracleNameToPoint(g: OracleGrid, name: string): { x: number; y: number } | undefined {
  const colPat = `(-?[0-9]{${g.hLeading + 1},})`;
  const rowPat = `(-?[0-9]{${g.vLeading + 1},})`;
  const sep = g.sep.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`^${g.first === 'H' ? colPat + sep + rowPat : rowPat + sep + colPat}$`).exec(name);
  if (!m) return undefined;
  const col = Number.parseInt(g.first === 'H' ? m[1] : m[2], 10);
  const row = Number.parseInt(g.first === 'H' ? m[2] : m[1], 10);
  return centerPoint(g, col - g.hOff, row - g.vOff);
}

function pad(n: number, leading: number): string {
  let text = String(Math.abs(n));
  let l = leading;
  while (l > 0 && Math.abs(n) < 10 ** l--) text = `0${text}`;
  return (n < 0 ? '-' : '') + text;
}

/** §4.4: board pixel → location name. */
export function oraclePointToName(g: OracleGrid, px: number, py: number): string {
  const [x, y] = g.sideways ? [py, px] : [px, py];
  const rawCol = Math.floor((x - g.x0) / g.dx + 0.5);
  const nx = Math.round((x - g.x0) / g.dx);
  let row = nx % 2 === 0 ? Math.round((y - g.y0) / g.dy) : Math.round((y - g.y0 - g.dy / 2) / g.dy);
  if (g.stagger && rawCol % 2 !== 0) row += 1;
  const colName = pad(rawCol + g.hOff, g.hLeading);
  const rowName = pad(row + g.vOff, g.vLeading);
  return g.first === 'H' ? colName + g.sep + rowName : rowName + g.sep + colName;
}

/**
 * `HexGrid.snapTo` for a point well inside a hex (VASSAL 3.7.26 `hexPoint`: the rectangle
 * candidate, then `hexPointCenterFromRawIndex` with Java's int truncation). Points near a hex's
 * edge, where VASSAL tests the neighbouring hexes' shapes, are out of scope here.
 */
export function oracleSnapPoint(g: OracleGrid, px: number, py: number): { x: number; y: number } {
  const [x, y] = g.sideways ? [py, px] : [px, py];
  const nx = Math.floor((x - g.x0 + g.dx / 2) / g.dx);
  const ny = nx % 2 === 0 ? Math.floor((y - g.y0 + g.dy / 2) / g.dy) : Math.floor((y - g.y0) / g.dy);
  const cx = Math.trunc(g.dx * nx + g.x0);
  const cy = nx % 2 === 0 ? Math.trunc(g.dy * ny + g.y0) : Math.trunc(g.dy * ny + Math.trunc(g.dy / 2) + g.y0);
  return g.sideways ? { x: cy, y: cx } : { x: cx, y: cy };
}
