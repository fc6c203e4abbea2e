import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexEquals } from '../../src/hex/axial';
import { type MapExtent, hexesOf } from '../../src/hex/extent';
import { type Point, createLayout, hexCenter, withOrigin } from '../../src/hex/layout';
import { type HexNumbering, formatHexId, offsetToAxial } from '../../src/hex/numbering';
import {
  type VassalHexGridAttributes,
  type VassalHexGridNumberingAttributes,
  VASSAL_NUMBERING_DEFAULTS,
  extentOnBoard,
  hexAtPixel,
  hexAtVassalName,
  hexIdAtPixel,
  numberingFromVassal,
  pixelOfHexId,
  readVassalGridAttributes,
  readVassalNumberingAttributes,
  vassalAttributeStrings,
  vassalGridFor,
} from '../../src/vassal/grid';
import { vassalHexLocationName, vassalLocationPoint } from '../../src/vassal/grid-location';
import { arbNumbering } from '../hex/arbitraries';
import { HAS_SHARED, VASSAL_FIXTURES, describeShared } from '../shared-dir';

// ---------------------------------------------------------------------------------------------
// Oracle: VASSAL's own name ↔ pixel math, ported from vassal-format.md §4.3/§4.4 and kept apart
// from src/ so that the code under test is checked against an independent computation.

type Grid = Pick<VassalHexGridAttributes, 'dx' | 'dy' | 'x0' | 'y0' | 'sideways'>;
type Num = VassalHexGridNumberingAttributes;

function oracleCenterPoint(g: Grid, n: Num, col: number, row: number, W: number, H: number): Point {
  const maxRows = Math.floor(H / g.dx + 0.5);
  const maxCols = Math.floor(W / g.dy + 0.5);
  if (n.stagger && col % 2 !== 0) row += (g.sideways ? n.hDescend : n.vDescend) ? 1 : -1;
  if (g.sideways) {
    if (n.vDescend) col = maxRows - col;
    if (n.hDescend) row = maxCols - row;
  } else {
    if (n.hDescend) col = maxCols - col;
    if (n.vDescend) row = maxRows - row;
  }
  const x = Math.trunc(col * g.dx) + g.x0;
  const y = (col % 2 === 0 ? Math.trunc(row * g.dy) : Math.trunc(row * g.dy + g.dy / 2)) + g.y0;
  return g.sideways ? { x: y, y: x } : { x, y };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function oracleNamePart(value: number, type: 'N' | 'A', leading: number): string {
  if (type === 'A') return (value < 0 ? '-' : '') + LETTERS[Math.abs(value) % 26].repeat(Math.floor(Math.abs(value) / 26) + 1);
  let text = String(Math.abs(value));
  let l = leading;
  while (l > 0 && Math.abs(value) < 10 ** l--) text = `0${text}`;
  return (value < 0 ? '-' : '') + text;
}

function oraclePointToName(g: Grid, n: Num, px: number, py: number, W: number, H: number): string {
  const [x, y] = g.sideways ? [py, px] : [px, py];
  const rawCol = Math.floor((x - g.x0) / g.dx + 0.5);
  const nx = Math.round((x - g.x0) / g.dx);
  let row = nx % 2 === 0 ? Math.round((y - g.y0) / g.dy) : Math.round((y - g.y0 - g.dy / 2) / g.dy);
  let col = rawCol;
  const maxRows = Math.floor(H / g.dx + 0.5);
  const maxCols = Math.floor(W / g.dy + 0.5);
  if (g.sideways) {
    if (n.vDescend) col = maxRows - col;
    if (n.hDescend) row = maxCols - row;
  } else {
    if (n.hDescend) col = maxCols - col;
    if (n.vDescend) row = maxRows - row;
  }
  if (n.stagger && rawCol % 2 !== 0) row += (g.sideways ? n.hDescend : n.vDescend) ? -1 : 1;
  const colName = oracleNamePart(col + n.hOff, n.hType, n.hLeading);
  const rowName = oracleNamePart(row + n.vOff, n.vType, n.vLeading);
  const label = n.first === 'H' ? colName + n.sep + rowName : rowName + n.sep + colName;
  return n.locationFormat.replaceAll('$gridLocation$', label).replaceAll('$row$', rowName).replaceAll('$column$', colName);
}

function oracleNameToPoint(g: Grid, n: Num, name: string, W: number, H: number): Point | undefined {
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pat = (type: 'N' | 'A', leading: number) =>
    type === 'A'
      ? `(-?(?:${LETTERS.split('')
          .map((c) => `${c}+`)
          .join('|')}))`
      : `(-?[0-9]{${leading + 1},})`;
  const colPat = pat(n.hType, n.hLeading);
  const rowPat = pat(n.vType, n.vLeading);
  const order: string[] = [];
  let re = '';
  n.locationFormat.split('$').forEach((piece, i) => {
    if (i % 2 === 0) re += esc(piece);
    else if (piece === 'gridLocation') {
      re += n.first === 'H' ? colPat + esc(n.sep) + rowPat : rowPat + esc(n.sep) + colPat;
      order.push(...(n.first === 'H' ? ['c', 'r'] : ['r', 'c']));
    } else if (piece === 'row') {
      re += rowPat;
      order.push('r');
    } else if (piece === 'column') {
      re += colPat;
      order.push('c');
    }
  });
  const m = new RegExp(`^${re}$`).exec(name);
  if (!m) return undefined;
  const parse = (t: string, type: 'N' | 'A') => {
    if (type === 'N') return Number.parseInt(t, 10);
    const neg = t.startsWith('-');
    const letters = neg ? t.slice(1) : t;
    return (neg ? -1 : 1) * (26 * (letters.length - 1) + LETTERS.indexOf(letters[0]));
  };
  let col = 0;
  let row = 0;
  order.forEach((o, i) => {
    if (o === 'c') col = parse(m[i + 1], n.hType);
    else row = parse(m[i + 1], n.vType);
  });
  return oracleCenterPoint(g, n, col - n.hOff, row - n.vOff, W, H);
}

const numbering = (over: Partial<Num>): Num => ({ ...VASSAL_NUMBERING_DEFAULTS, ...over });
const near = (a: Point, b: Point, tolerance: number) => Math.abs(a.x - b.x) <= tolerance && Math.abs(a.y - b.y) <= tolerance;

// ---------------------------------------------------------------------------------------------

describe('golden points from the format reference', () => {
  // §4.2 (verified in VASSAL): x0=40, y0=40, dx=56, dy=64, stagger=false.
  const flatGrid: VassalHexGridAttributes = {
    sideways: false,
    dx: 56,
    dy: 64,
    x0: 40,
    y0: 40,
    snapTo: true,
    edgesLegal: false,
    cornersLegal: false,
  };
  const flatNum = numbering({ stagger: false });
  const golden: [string, Point][] = [
    ['0101', { x: 40, y: 40 }],
    ['0201', { x: 96, y: 72 }],
    ['0203', { x: 96, y: 200 }],
    ['0305', { x: 152, y: 296 }],
  ];

  it('the oracle reproduces them (checks the port)', () => {
    for (const [name, p] of golden) {
      expect(oracleNameToPoint(flatGrid, flatNum, name, 0, 0)).toEqual(p);
      expect(oraclePointToName(flatGrid, flatNum, p.x, p.y, 0, 0)).toBe(name);
    }
  });

  it('our model of that grid puts the same ids at the same pixels', () => {
    const model = numberingFromVassal(flatGrid, flatNum);
    expect(model.numbering).toEqual({ orientation: 'flat', order: 'column-row', digits: 2, stagger: 'odd-up' });
    expect(model.rawOrigin).toEqual({ column: 1, row: 1 });
    expect(model.namesMatch).toBe(true);
    expect(model.diagnostics).toEqual([]);
    for (const [id, p] of golden) {
      expect(hexIdAtPixel(model, p)).toBe(id);
      const back = pixelOfHexId(model, id);
      expect(back.ok && near(back.point, p, 1e-9)).toBe(true);
      const named = hexAtVassalName(model, id);
      expect(named.ok && hexEquals(named.hex, hexAtPixel(model, p))).toBe(true);
    }
    // Board → map frame with edge (100,50) is a plain shift (§4.5): 0305 at (252,346).
    const p = pixelOfHexId(model, '0305');
    expect(p.ok && { x: p.point.x + 100, y: p.point.y + 50 }).toEqual({ x: 252, y: 346 });
  });

  it('sideways: "0102" at (94,40) and "0201" at (−2,96) with default stagger', () => {
    // §4.5 (verified): sideways, first=H, x0=40, y0=30. "0201" at y=96 means trunc(dx)=56.
    const grid: VassalHexGridAttributes = {
      sideways: true,
      dx: 56,
      dy: 64,
      x0: 40,
      y0: 30,
      snapTo: true,
      edgesLegal: false,
      cornersLegal: false,
    };
    const num = numbering({});
    expect(oracleNameToPoint(grid, num, '0102', 0, 0)).toEqual({ x: 94, y: 40 });
    expect(oracleNameToPoint(grid, num, '0201', 0, 0)).toEqual({ x: -2, y: 96 });
    const model = numberingFromVassal(grid, num);
    // 'H' first when sideways = the screen row first; stagger=true with hOff=1 makes odd rows the right-shifted ones.
    expect(model.numbering).toEqual({ orientation: 'pointy', order: 'row-column', digits: 2, stagger: 'odd-right' });
    expect(hexIdAtPixel(model, { x: 94, y: 40 })).toBe('0102');
    expect(hexIdAtPixel(model, { x: -2, y: 96 })).toBe('0201');
    const p = pixelOfHexId(model, '0201');
    expect(p.ok && near(p.point, { x: -2, y: 96 }, 1e-9)).toBe(true);
  });

  it('the reference settings for the common 0101/0201 layout come out of vassalGridFor', () => {
    // A flat XXYY odd-up map from 0101 at (40,40), hexes 64 px across flats: §4.2 recommends
    // stagger=false, hOff=vOff=1, hLeading=vLeading=1, first=H.
    const n: HexNumbering = { orientation: 'flat', order: 'column-row', digits: 2, stagger: 'odd-up' };
    const out = vassalGridFor({
      numbering: n,
      extent: { columns: { first: 1, last: 10 }, rows: { first: 1, last: 10 } },
      layout: createLayout('flat', 64),
      firstHexCenter: { x: 40, y: 40 },
    });
    expect(out.grid).toMatchObject({ sideways: false, dy: 64, x0: 40, y0: 40 });
    expect(out.grid.dx).toBeCloseTo(32 * Math.sqrt(3), 12);
    expect(out.gridNumbering).toMatchObject({
      first: 'H',
      sep: '',
      hType: 'N',
      vType: 'N',
      hLeading: 1,
      vLeading: 1,
      hOff: 1,
      vOff: 1,
      stagger: false,
      hDescend: false,
      vDescend: false,
    });
    expect(out.diagnostics).toEqual([]);
    expect(vassalAttributeStrings(out.grid)).toMatchObject({ sideways: 'false', x0: '40', y0: '40', dy: '64' });
  });
});

describe("export: our ids at our pixels are VASSAL's names there", () => {
  const arbExtent = fc
    .record({
      c: fc.integer({ min: 0, max: 3 }),
      r: fc.integer({ min: 0, max: 3 }),
      w: fc.integer({ min: 1, max: 7 }),
      h: fc.integer({ min: 1, max: 7 }),
    })
    .map(({ c, r, w, h }): MapExtent => ({ columns: { first: c, last: c + w - 1 }, rows: { first: r, last: r + h - 1 } }));
  const arbSize = fc.oneof(fc.integer({ min: 24, max: 160 }), fc.double({ min: 24, max: 160, noNaN: true }));
  const arbOrigin = fc.oneof(
    fc.record({ x: fc.integer({ min: 0, max: 400 }), y: fc.integer({ min: 0, max: 400 }) }),
    fc.record({ x: fc.double({ min: 0, max: 400, noNaN: true }), y: fc.double({ min: 0, max: 400, noNaN: true }) }),
  );

  it('for every scheme, every hex of the extent', () => {
    fc.assert(
      fc.property(arbNumbering, arbExtent, arbSize, arbOrigin, (n, extent, flatSize, first) => {
        const { grid, gridNumbering, diagnostics } = vassalGridFor({
          numbering: n,
          extent,
          layout: createLayout(n.orientation, flatSize),
          firstHexCenter: first,
        });
        expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        expect(Number.isInteger(grid.x0) && Number.isInteger(grid.y0)).toBe(true);
        const plain = createLayout(n.orientation, flatSize);
        const firstAxial = offsetToAxial(n, extent.columns.first, extent.rows.first);
        const at = hexCenter(plain, firstAxial);
        const ours = withOrigin(plain, { x: first.x - at.x, y: first.y - at.y });
        const model = numberingFromVassal(grid, gridNumbering);
        expect(model.numbering).toEqual({ ...n, separator: undefined, ...(n.separator ? { separator: n.separator } : {}) } as HexNumbering);
        expect(model.namesMatch).toBe(true);
        for (const h of hexesOf(n, extent)) {
          const id = formatHexId(n, h);
          const pixel = hexCenter(ours, h);
          expect(oraclePointToName(grid, gridNumbering, pixel.x, pixel.y, 0, 0)).toBe(id);
          const vassalPixel = oracleNameToPoint(grid, gridNumbering, id, 0, 0)!;
          // VASSAL truncates to whole pixels and its origin is rounded: within 1.5 px.
          expect(near(vassalPixel, pixel, 1.5)).toBe(true);
          expect(hexIdAtPixel(model, vassalPixel)).toBe(id);
          expect(hexIdAtPixel(model, pixel)).toBe(id);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reports a fractional origin that VASSAL has to round', () => {
    const n: HexNumbering = { orientation: 'pointy', order: 'row-column', digits: 2, stagger: 'even-right' };
    const out = vassalGridFor({
      numbering: n,
      extent: { columns: { first: 1, last: 4 }, rows: { first: 1, last: 4 } },
      layout: createLayout('pointy', 50.5),
      firstHexCenter: { x: 30.25, y: 30 },
    });
    expect(out.diagnostics.map((d) => d.code)).toEqual(['vassal/grid-origin-rounded']);
  });
});

describe('import: arbitrary VASSAL numbering against the oracle', () => {
  const arbGrid = fc.record({
    sideways: fc.boolean(),
    dy: fc.double({ min: 30, max: 150, noNaN: true }),
    stretch: fc.double({ min: 0.8, max: 1.1, noNaN: true }),
    x0: fc.integer({ min: -60, max: 200 }),
    y0: fc.integer({ min: -60, max: 200 }),
  });
  const arbNum = fc.record({
    first: fc.constantFrom<'H' | 'V'>('H', 'V'),
    sep: fc.constantFrom('', '.', ' ', ','),
    hType: fc.constantFrom<'N' | 'A'>('N', 'N', 'A'),
    vType: fc.constantFrom<'N' | 'A'>('N', 'N', 'A'),
    hLeading: fc.integer({ min: 0, max: 2 }),
    vLeading: fc.integer({ min: 0, max: 2 }),
    hOff: fc.integer({ min: -1, max: 3 }),
    vOff: fc.integer({ min: -1, max: 3 }),
    stagger: fc.boolean(),
    locationFormat: fc.constantFrom('$gridLocation$', 'Hex $gridLocation$', '$column$-$row$'),
  });

  it('names at VASSAL centres parse to the hex under that pixel; plain grids give our ids verbatim', () => {
    fc.assert(
      fc.property(arbGrid, arbNum, (g, raw) => {
        const grid: VassalHexGridAttributes = {
          sideways: g.sideways,
          dy: g.dy,
          dx: (g.dy * Math.sqrt(3) * g.stretch) / 2,
          x0: g.x0,
          y0: g.y0,
          snapTo: true,
          edgesLegal: false,
          cornersLegal: false,
        };
        const num = numbering({ ...raw, hDescend: false, vDescend: false });
        const model = numberingFromVassal(grid, num);
        // With sep="" VASSAL's own greedy split misreads names whose parts are wider than
        // leading+1 digits (or alphabetic next to each other), so only plain-width names are compared there.
        for (let col = 0; col < 8; col++) {
          for (let row = 0; row < 8; row++) {
            const colValue = col + Math.max(0, -num.hOff);
            const rowValue = row + Math.max(0, -num.vOff) + 1;
            const pixel = oracleCenterPoint(grid, num, colValue, rowValue, 0, 0);
            const name = oraclePointToName(grid, num, pixel.x, pixel.y, 0, 0);
            const under = hexAtPixel(model, pixel);
            const plainWidth =
              num.hType === 'N' &&
              num.vType === 'N' &&
              colValue + num.hOff < 10 ** (num.hLeading + 1) &&
              rowValue + num.vOff < 10 ** (num.vLeading + 1);
            if (num.sep !== '' || plainWidth) {
              const named = hexAtVassalName(model, name);
              expect(named.ok && hexEquals(named.hex, under), name).toBe(true);
            }
            if (model.namesMatch && plainWidth) {
              expect(hexIdAtPixel(model, pixel)).toBe(name);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('import: descending numbering through the board size, against the oracle', () => {
  it('a name, placed as VASSAL places it, is the oracle centre for that column and row', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 200, max: 1200 }),
        fc.integer({ min: 200, max: 1200 }),
        (sideways, hDescend, vDescend, stagger, W, H) => {
          const grid: VassalHexGridAttributes = {
            ...{ sideways, dx: 56, dy: 64, x0: 40, y0: 40 },
            ...{ snapTo: true, edgesLegal: false, cornersLegal: false },
          };
          const num = numbering({ sep: '.', hDescend, vDescend, stagger });
          const model = numberingFromVassal(grid, num);
          for (let col = 1; col < 6; col++) {
            for (let row = 1; row < 6; row++) {
              const name = `${oracleNamePart(col, num.hType, num.hLeading)}.${oracleNamePart(row, num.vType, num.vLeading)}`;
              const placed = vassalLocationPoint(model, name, { width: W, height: H });
              expect(placed.ok && placed.point).toEqual(oracleCenterPoint(grid, num, col - num.hOff, row - num.vOff, W, H));
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('import diagnostics and defaults', () => {
  const grid = readVassalGridAttributes({}).grid;

  it('reads attribute strings with VASSAL defaults', () => {
    expect(grid).toMatchObject({ sideways: false, dy: 64, x0: 0, y0: 32, snapTo: true });
    expect(grid.dx).toBeCloseTo(32 * Math.sqrt(3), 12);
    const r = readVassalGridAttributes({ dx: '55.5', dy: '64.0', x0: '-19', y0: '32', sideways: 'true' });
    expect(r.grid).toMatchObject({ dx: 55.5, dy: 64, x0: -19, y0: 32, sideways: true });
    expect(r.diagnostics).toEqual([]);
    expect(readVassalGridAttributes({ x0: '1.5', sideways: 'yes' }).diagnostics.map((d) => d.code)).toEqual([
      'vassal/bad-grid-attribute',
      'vassal/bad-grid-attribute',
    ]);
    expect(readVassalNumberingAttributes({}).gridNumbering).toEqual(VASSAL_NUMBERING_DEFAULTS);
    expect(readVassalNumberingAttributes({ first: 'V', hType: 'A', stagger: 'false', hLeading: '2' }).gridNumbering).toMatchObject({
      first: 'V',
      hType: 'A',
      stagger: false,
      hLeading: 2,
    });
  });

  it('without numbering (VASSAL reports offboard), numbers as the default settings would and says so', () => {
    const model = numberingFromVassal(grid);
    expect(model.diagnostics.map((d) => d.code)).toEqual(['vassal/no-numbering']);
    // Defaults: hOff=vOff=1, stagger=true → raw column 1 (printed 2) holds row 1 half a hex up: even-up.
    expect(model.numbering).toEqual({ orientation: 'flat', order: 'column-row', digits: 2, stagger: 'even-up' });
    expect(hexIdAtPixel(model, oracleNameToPoint(grid, VASSAL_NUMBERING_DEFAULTS, '0201', 0, 0)!)).toBe('0201');
  });

  it('flags what VASSAL can do and Hexforge ids cannot', () => {
    const codes = (over: Partial<Num>) => numberingFromVassal(grid, numbering(over)).diagnostics.map((d) => d.code);
    expect(codes({ vDescend: true })).toEqual(['vassal/descending-numbering']);
    expect(codes({ hType: 'A' })).toEqual(['vassal/alpha-numbering']);
    expect(codes({ hLeading: 0 })).toEqual(['vassal/uneven-padding']);
    expect(codes({ sep: '/' })).toEqual(['vassal/unusable-separator']);
    expect(codes({ locationFormat: 'Hex $gridLocation$' })).toEqual(['vassal/location-format']);
    expect(codes({ hLeading: 5, vLeading: 5 })).toEqual(['vassal/too-many-digits']);
    expect(numberingFromVassal(grid, numbering({ hType: 'A' })).namesMatch).toBe(false);
  });

  it('finds the extent of hexes centred on a board (worked by hand)', () => {
    // x0=40, y0=40, dx=56, dy=64, stagger=false, hOff=vOff=1 on a 400×400 board: columns at
    // x = 40 + 56k ≤ 400 → k = 0…6 → columns 1…7. Odd printed columns: y = 40 + 64k → rows 1…6.
    // Even printed columns: y = 72 + 64k, k = −1 gives y = 8 ≥ 0 → row 0; k ≤ 5 → rows 0…6.
    const model = numberingFromVassal(
      { sideways: false, dx: 56, dy: 64, x0: 40, y0: 40, snapTo: true, edgesLegal: false, cornersLegal: false },
      numbering({ stagger: false }),
    );
    expect(extentOnBoard(model, 400, 400)).toEqual({
      extent: { columns: { first: 1, last: 7 }, rows: { first: 0, last: 6 } },
      diagnostics: [],
    });
    expect(extentOnBoard(model, 10, 10).extent).toBeUndefined();
    const shifted = numberingFromVassal(
      { sideways: false, dx: 56, dy: 64, x0: 40, y0: 40, snapTo: true, edgesLegal: false, cornersLegal: false },
      numbering({ stagger: false, vOff: -1 }),
    );
    expect(extentOnBoard(shifted, 400, 400).diagnostics.map((d) => d.code)).toEqual(['vassal/negative-hex-numbers']);
  });

  it('rejects names that are not locations of the grid', () => {
    const model = numberingFromVassal(grid, numbering({}));
    for (const name of ['', '1', 'A1', '01.01', 'x0101', '0101 ']) expect(hexAtVassalName(model, name).ok, name).toBe(false);
    expect(pixelOfHexId(model, '01x1').ok).toBe(false);
    // VASSAL's numeric pattern allows a minus sign, so "01-01" is row −1 of column 1.
    const negative = hexAtVassalName(model, '01-01');
    expect(negative.ok && negative.hex).toEqual(offsetToAxial(model.numbering, 1, -1));
  });
});

describeShared('real module grids (shared fixtures)', () => {
  const root = VASSAL_FIXTURES;
  const files: string[] = [];
  for (const dir of HAS_SHARED ? readdirSync(root) : []) {
    const path = join(root, dir);
    if (!statSync(path).isDirectory()) continue;
    for (const name of ['buildFile.xml', 'buildFile']) {
      try {
        files.push(readFileSync(join(path, name), 'utf8'));
      } catch {
        // not every module has both names
      }
    }
  }
  const attrs = (tag: string) => Object.fromEntries([...tag.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const grids: { grid: Record<string, string>; num?: Record<string, string> }[] = [];
  for (const text of files) {
    for (const m of text.matchAll(
      /<VASSAL\.build\.module\.map\.boardPicker\.board\.HexGrid\b([^>]*?)(\/?)>\s*(<VASSAL\.build\.module\.map\.boardPicker\.board\.mapgrid\.HexGridNumbering\b[^>]*>)?/g,
    )) {
      grids.push({ grid: attrs(m[1]), num: m[2] === '' && m[3] ? attrs(m[3]) : undefined });
    }
  }

  it('finds the grids described in the fixture README', () => {
    expect(grids.length).toBeGreaterThanOrEqual(5);
    expect(grids.some((g) => g.num === undefined && g.grid.x0 === '51')).toBe(true); // Kassala: no numbering
    expect(grids.some((g) => g.num?.vDescend === 'true')).toBe(true);
  });

  it('every ascending grid names the hexes at VASSAL centres as VASSAL does', () => {
    for (const g of grids) {
      const grid = readVassalGridAttributes(g.grid).grid;
      const num = g.num === undefined ? undefined : readVassalNumberingAttributes(g.num).gridNumbering;
      const model = numberingFromVassal(grid, num);
      const oracleNum = num ?? VASSAL_NUMBERING_DEFAULTS;
      if (oracleNum.hDescend || oracleNum.vDescend) {
        expect(model.diagnostics.map((d) => d.code)).toContain('vassal/descending-numbering');
        continue;
      }
      for (let col = 1; col < 20; col++) {
        for (let row = 1; row < 20; row++) {
          const pixel = oracleCenterPoint(grid, oracleNum, col, row, 0, 0);
          const name = oraclePointToName(grid, oracleNum, pixel.x, pixel.y, 0, 0);
          expect(hexIdAtPixel(model, pixel), JSON.stringify(g.grid)).toBe(name);
          const back = pixelOfHexId(model, name);
          expect(back.ok && near(back.point, pixel, 1)).toBe(true);
        }
      }
    }
  });
});

describe('the location name VASSAL gives a pixel of a numbered hex grid, against the oracle', () => {
  it('names every pixel as HexGrid.locationName does: any orientation, numbering, offsets, descending through the board size', () => {
    fc.assert(
      fc.property(
        fc.record({ sideways: fc.boolean(), dx: fc.integer({ min: 20, max: 90 }), dy: fc.integer({ min: 20, max: 90 }) }),
        fc.record({ x0: fc.integer({ min: -30, max: 60 }), y0: fc.integer({ min: -30, max: 60 }) }),
        fc.record({
          first: fc.constantFrom('H' as const, 'V' as const),
          sep: fc.constantFrom('', '-', '.'),
          hType: fc.constantFrom('N' as const, 'A' as const),
          vType: fc.constantFrom('N' as const, 'A' as const),
          hLeading: fc.integer({ min: 0, max: 2 }),
          vLeading: fc.integer({ min: 0, max: 2 }),
          hOff: fc.integer({ min: -2, max: 3 }),
          vOff: fc.integer({ min: -2, max: 3 }),
          hDescend: fc.boolean(),
          vDescend: fc.boolean(),
          stagger: fc.boolean(),
          locationFormat: fc.constantFrom('$gridLocation$', 'Hex $column$/$row$', '$row$:$gridLocation$'),
        }),
        fc.record({ W: fc.integer({ min: 200, max: 1200 }), H: fc.integer({ min: 200, max: 1200 }) }),
        fc.array(fc.record({ x: fc.integer({ min: 0, max: 1199 }), y: fc.integer({ min: 0, max: 1199 }) }), {
          minLength: 1,
          maxLength: 20,
        }),
        (spacing, origin, num, { W, H }, points) => {
          const grid: VassalHexGridAttributes = { ...spacing, ...origin, snapTo: true, edgesLegal: false, cornersLegal: false };
          for (const p of points)
            expect(vassalHexLocationName(grid, num, p, { width: W, height: H })).toBe(oraclePointToName(grid, num, p.x, p.y, W, H));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cannot name a pixel of descending numbering without the board size', () => {
    const grid = readVassalGridAttributes({ dx: '56', dy: '64', x0: '40', y0: '40' }).grid;
    expect(vassalHexLocationName(grid, numbering({ vDescend: true }), { x: 40, y: 40 }, undefined)).toBeUndefined();
    expect(vassalHexLocationName(grid, numbering({ stagger: false }), { x: 40, y: 104 }, undefined)).toBe('0102');
  });
});
