/**
 * Writes data/demo/map.json for the invented demo game "Vell Crossing" from a compact design:
 * terrain as column ranges, rivers as the borders of bank regions (so every river is a connected
 * chain of hexsides by construction), roads and the railway as waypoints joined by straight hex
 * lines, and a bridge on every hexside where a road or the railway crosses a river.
 *
 *   npx tsx scripts/make-demo-map.ts            # writes data/demo/map.json
 *   npx tsx scripts/make-demo-map.ts --check    # exits 1 if the file on disk differs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import {
  areAdjacent,
  formatHexId,
  formatHexside,
  hexLine,
  hexsideBetween,
  hexsideHexes,
  neighbors,
  offsetToAxial,
  type Hex,
  type HexNumbering,
  type HexsideKey,
  type MapExtent,
} from '../src/hex';

const OUT = 'data/demo/map.json';
const numbering: HexNumbering = { orientation: 'flat', order: 'column-row', digits: 2, stagger: 'odd-up' };
const COLUMNS = 24;
const ROWS = 16;
const extent: MapExtent = { columns: { first: 1, last: COLUMNS }, rows: { first: 1, last: ROWS } };

const at = (column: number, row: number): Hex => offsetToAxial(numbering, column, row);
const id = (h: Hex): string => formatHexId(numbering, h);
const colOf = (hexId: string): number => Number(hexId.slice(0, 2));
const rowOf = (hexId: string): number => Number(hexId.slice(2, 4));
const onMap = (column: number, row: number): boolean => column >= 1 && column <= COLUMNS && row >= 1 && row <= ROWS;
const parse = (hexId: string): Hex => at(colOf(hexId), rowOf(hexId));

// ---------------------------------------------------------------- terrain (column: rows)
// Each entry: terrain id → list of "CC:R1-R2" (column CC, rows R1..R2). Everything else is clear.
const TERRAIN: Record<string, string[]> = {
  hills: [
    '02:1-3',
    '03:1-3',
    '04:1-5',
    '05:2-3',
    '03:5-5',
    '02:13-14',
    '03:13-14',
    '13:3-4',
    '14:3-5',
    '15:4-5',
    '16:2-2',
    '19:6-7',
    '21:15-16',
    '22:13-16',
    '23:14-16',
    '24:15-15',
  ],
  forest: [
    '01:10-12',
    '02:10-11',
    '05:9-11',
    '06:10-12',
    '07:9-12',
    '08:9-10',
    '08:12-12',
    '07:1-2',
    '08:1-2',
    '09:1-1',
    '09:3-4',
    '10:9-10',
    '11:2-3',
    '12:10-11',
    '15:13-15',
    '16:12-14',
    '17:11-13',
    '18:1-3',
    '18:11-12',
    '19:1-3',
    '19:12-12',
    '20:1-2',
    '21:2-3',
    '23:6-8',
    '24:7-8',
  ],
  marsh: ['08:15-16', '09:14-15', '10:14-16', '11:13-15', '12:14-14', '13:7-7', '14:7-7'],
  lake: ['03:9-10'],
};
const TOWNS: Record<string, string> = {
  tolvey: '0304',
  esk: '1005',
  dunmere: '0811',
  marrow: '0414',
  greave: '0715',
  halden: '1603',
  kirsk: '1809',
  pellam: '1412',
  orrin: '2113',
};
const CITY = { brennhold: '0608' };

// ---------------------------------------------------------------- rivers
// The Vell (major) separates the west bank {column <= VELL_WEST[row]} from the east bank.
const VELL_WEST = [12, 11, 11, 10, 10, 10, 10, 11, 11, 11, 10, 10, 9, 9, 10, 10];
const westBank = (c: number, r: number): boolean => c <= VELL_WEST[r - 1];
// The Ashbrook (minor) rises near column 19 and flows west into the Vell: north bank {row <= ASH_NORTH[column]}.
const ASH_NORTH: Record<number, number> = { 11: 7, 12: 7, 13: 6, 14: 6, 15: 7, 16: 7, 17: 8, 18: 8, 19: 8 };
// The Tarn (minor) enters from the south edge and flows north-east into the Vell: north bank {row <= TARN_NORTH[column]}.
const TARN_NORTH: Record<number, number> = { 3: 16, 4: 15, 5: 14, 6: 14, 7: 14, 8: 13, 9: 13 };

function border(inside: (c: number, r: number) => boolean, window: (c: number, r: number) => boolean): HexsideKey[] {
  const keys = new Set<HexsideKey>();
  for (let c = 1; c <= COLUMNS; c++) {
    for (let r = 1; r <= ROWS; r++) {
      if (!window(c, r) || !inside(c, r)) continue;
      for (const n of neighbors(at(c, r))) {
        const nid = id(n);
        const nc = colOf(nid);
        const nr = rowOf(nid);
        if (!onMap(nc, nr) || !window(nc, nr) || inside(nc, nr)) continue;
        keys.add(hexsideBetween(at(c, r), n)!);
      }
    }
  }
  return [...keys];
}

const vell = border(westBank, () => true);
const ashbrook = border(
  (c, r) => r <= (ASH_NORTH[c] ?? 0),
  (c, r) => c in ASH_NORTH && !westBank(c, r),
);
const tarn = border(
  (c, r) => r <= (TARN_NORTH[c] ?? 0),
  (c, r) => c in TARN_NORTH && westBank(c, r),
);

/** Two hexsides touch when they meet at a corner: they share one hex and their other hexes are adjacent. */
function touch(a: HexsideKey, b: HexsideKey): boolean {
  const [a1, a2] = hexsideHexes(a).map(id);
  const [b1, b2] = hexsideHexes(b).map(id);
  const shared = [a1, a2].filter((x) => x === b1 || x === b2);
  if (shared.length !== 1) return false;
  const other1 = a1 === shared[0] ? a2 : a1;
  const other2 = b1 === shared[0] ? b2 : b1;
  return areAdjacent(parse(other1), parse(other2));
}

function assertChain(name: string, sides: HexsideKey[], joins?: HexsideKey[]): void {
  const seen = new Set([sides[0]]);
  const queue = [sides[0]];
  while (queue.length) {
    const s = queue.pop()!;
    for (const t of sides)
      if (!seen.has(t) && touch(s, t)) {
        seen.add(t);
        queue.push(t);
      }
  }
  if (seen.size !== sides.length) throw new Error(`${name} is not one connected chain (${seen.size}/${sides.length})`);
  if (joins && !sides.some((s) => joins.some((j) => touch(s, j)))) throw new Error(`${name} does not flow into its main river`);
}
assertChain('Vell', vell);
assertChain('Ashbrook', ashbrook, vell);
assertChain('Tarn', tarn, vell);

// ---------------------------------------------------------------- roads and railway
interface PathSpec {
  id: string;
  feature: 'road' | 'railway';
  name: string;
  waypoints: string[];
}
const PATHS: PathSpec[] = [
  { id: 'kirsk-highway', feature: 'road', name: 'Kirsk Highway', waypoints: ['2409', '1809', '1208', '1108', '0608', '0108'] },
  { id: 'north-road', feature: 'road', name: 'North Road', waypoints: ['2402', '1603', '1105', '1005', '0304', '0104'] },
  { id: 'halden-road', feature: 'road', name: 'Halden Road', waypoints: ['1603', '1607', '1608', '1709', '1809'] },
  { id: 'south-road', feature: 'road', name: 'South Road', waypoints: ['2414', '2113', '1412', '1112', '1012', '0912', '0811', '0608'] },
  { id: 'orrin-road', feature: 'road', name: 'Orrin Road', waypoints: ['1809', '2113'] },
  { id: 'tolvey-road', feature: 'road', name: 'Tolvey Road', waypoints: ['0604', '0608'] },
  { id: 'marrow-road', feature: 'road', name: 'Marrow Road', waypoints: ['0608', '0414', '0115'] },
  { id: 'greave-road', feature: 'road', name: 'Greave Road', waypoints: ['0811', '0813', '0814', '0715', '0716'] },
  {
    id: 'vell-railway',
    feature: 'railway',
    name: 'Vell Valley Railway',
    waypoints: ['2410', '2010', '1809', '1710', '1410', '1309', '1208', '1108', '1007', '0907', '0807', '0708', '0608', '0307', '0107'],
  },
];

function expand(waypoints: string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < waypoints.length; i++) {
    const line = hexLine(parse(waypoints[i - 1]), parse(waypoints[i])).map(id);
    out.push(...(i === 1 ? line : line.slice(1)));
  }
  return out;
}
const paths = PATHS.map((p) => ({ ...p, hexes: expand(p.waypoints) }));

const riverSides = new Map<HexsideKey, string>();
for (const k of vell) riverSides.set(k, 'major-river');
for (const k of [...ashbrook, ...tarn]) riverSides.set(k, 'minor-river');
const bridges = new Set<HexsideKey>();
for (const p of paths) {
  for (let i = 1; i < p.hexes.length; i++) {
    const k = hexsideBetween(parse(p.hexes[i - 1]), parse(p.hexes[i]))!;
    if (riverSides.has(k)) bridges.add(k);
  }
}

// ---------------------------------------------------------------- assemble
const side = (k: HexsideKey) => formatHexside(numbering, k, extent)!;
const sortSides = (keys: Iterable<HexsideKey>) => [...keys].map(side).sort();

const terrain: Record<string, string> = {};
for (const [t, specs] of Object.entries(TERRAIN)) {
  for (const spec of specs) {
    const [c, rows] = spec.split(':');
    const [r1, r2] = rows.split('-').map(Number);
    for (let r = r1; r <= r2; r++) {
      const hexId = id(at(Number(c), r));
      if (terrain[hexId]) throw new Error(`${hexId} given twice (${terrain[hexId]}, ${t})`);
      terrain[hexId] = t;
    }
  }
}
for (const hexId of Object.values(TOWNS)) terrain[hexId] = 'town';
terrain[CITY.brennhold] = 'city';
const sortedTerrain = Object.fromEntries(Object.entries(terrain).sort(([a], [b]) => a.localeCompare(b)));

/** Hexes of a region, as "A..B" ranges along printed columns. */
function columnRanges(inside: (c: number, r: number) => boolean): string[] {
  const out: string[] = [];
  for (let c = 1; c <= COLUMNS; c++) {
    let start = 0;
    for (let r = 1; r <= ROWS + 1; r++) {
      const yes = r <= ROWS && inside(c, r);
      if (yes && !start) start = r;
      if (!yes && start) {
        const a = id(at(c, start));
        const b = id(at(c, r - 1));
        out.push(a === b ? a : `${a}..${b}`);
        start = 0;
      }
    }
  }
  return out;
}

const TOWN_NAMES: Record<string, string> = {
  tolvey: 'Tolvey',
  esk: 'Esk',
  dunmere: 'Dunmere',
  marrow: 'Marrow',
  greave: 'Greave',
  halden: 'Halden',
  kirsk: 'Kirsk',
  pellam: 'Pellam',
  orrin: 'Orrin',
};
const places = [
  { id: 'brennhold', name: 'Brennhold', kind: 'city', hex: CITY.brennhold },
  ...Object.entries(TOWNS).map(([pid, hexId]) => ({ id: pid, name: TOWN_NAMES[pid], kind: 'town', hex: hexId })),
  { id: 'graymoor-heights', name: 'Graymoor Heights', kind: 'region', hexes: ['0202', '0302', '0402', '0403'] },
  { id: 'darkwood', name: 'Darkwood', kind: 'region', hexes: ['0610', '0710', '0711'] },
  { id: 'fenwick-marsh', name: 'Fenwick Marsh', kind: 'region', hexes: ['1014', '1015', '1114'] },
  { id: 'kessel-forest', name: 'Kessel Forest', kind: 'region', hexes: ['1612', '1712', '1713'] },
  { id: 'orrin-ridge', name: 'Orrin Ridge', kind: 'region', hexes: ['2214', '2215', '2315'] },
  { id: 'mirren-mere', name: 'Mirren Mere', kind: 'lake', hexes: ['0309', '0310'] },
  { id: 'vell-bridge', name: 'Vell Bridge', kind: 'bridge', hexes: ['1108', '1208'], label: false },
];

const map = {
  $schema: '../../schemas/map.schema.json',
  name: 'Vell Crossing',
  numbering,
  extent,
  hexSize: 0.75,
  moduleScale: 150,
  defaultTerrain: 'clear',
  terrain: sortedTerrain,
  hexsides: [
    { feature: 'major-river', name: 'Vell', sides: sortSides(vell) },
    { feature: 'minor-river', name: 'Ashbrook', sides: sortSides(ashbrook) },
    { feature: 'minor-river', name: 'Tarn', sides: sortSides(tarn) },
    { feature: 'bridge', sides: sortSides(bridges) },
  ],
  paths: paths.map((p) => ({ id: p.id, feature: p.feature, name: p.name, hexes: p.hexes })),
  places,
  zones: [
    {
      id: 'aurelia-supply',
      name: 'Aurelian supply (west edge)',
      description: 'Aurelian supply source (west edge)',
      kind: 'supply',
      side: 'aurelia',
      edge: 'west',
    },
    {
      id: 'kordava-supply',
      name: 'Kordavan supply (east edge)',
      description: 'Kordavan supply source (east edge)',
      kind: 'supply',
      side: 'kordava',
      edge: 'east',
    },
    { id: 'aurelia-entry', name: 'Aurelian entry hexes', kind: 'entry', side: 'aurelia', hexes: ['0104', '0107', '0108', '0115'] },
    { id: 'kordava-entry', name: 'Kordavan entry hexes', kind: 'entry', side: 'kordava', hexes: ['2402', '2409', '2410', '2414'] },
    {
      id: 'victory-hexes',
      name: 'Victory hexes',
      kind: 'victory',
      places: ['brennhold', 'esk', 'dunmere', 'marrow', 'tolvey', 'greave', 'halden', 'kirsk', 'pellam', 'orrin'],
    },
    {
      id: 'kordava-setup',
      name: 'Kordavan setup area',
      description: 'Kordavan setup area (columns 22-24)',
      kind: 'setup',
      side: 'kordava',
      hexes: ['2201..2216', '2301..2316', '2401..2416'],
    },
    {
      id: 'aurelia-screen',
      name: 'Aurelian covering force area',
      description: 'Aurelian covering-force area (east bank, columns 12-19)',
      kind: 'setup',
      side: 'aurelia',
      hexes: columnRanges((c, r) => c >= 12 && c <= 19 && !westBank(c, r)),
    },
    { id: 'west-bank', name: 'West bank of the Vell', kind: 'other', hexes: columnRanges(westBank) },
  ],
  boxes: [
    { id: 'aurelia-eliminated', name: 'Aurelian Eliminated Units', kind: 'holding', side: 'aurelia' },
    { id: 'kordava-eliminated', name: 'Kordavan Eliminated Units', kind: 'holding', side: 'kordava' },
    { id: 'aurelia-reinforcements', name: 'Aurelian Reinforcements', kind: 'holding', side: 'aurelia' },
    { id: 'kordava-reinforcements', name: 'Kordavan Reinforcements', kind: 'holding', side: 'kordava' },
    { id: 'aurelia-cadres', name: 'Aurelian Cadre Pool', kind: 'pool', side: 'aurelia' },
    { id: 'kordava-cadres', name: 'Kordavan Cadre Pool', kind: 'pool', side: 'kordava' },
    { id: 'withdrawn', name: 'Withdrawn Units', kind: 'off-map' },
  ],
  style: {
    zones: {
      supply: { draw: 'tint' },
      entry: { draw: 'symbol' },
      victory: { draw: 'symbol', code: 'VP' },
    },
  },
  source: { note: 'Invented for the Hexforge demonstration game; produced by scripts/make-demo-map.ts.' },
};

const text = `${JSON.stringify(map, null, 2)}\n`;
if (process.argv.includes('--check')) {
  const current = readFileSync(OUT, 'utf8');
  if (current !== text) {
    console.error(`${OUT} is out of date: run npx tsx scripts/make-demo-map.ts`);
    process.exit(1);
  }
} else {
  writeFileSync(OUT, text);
  console.log(
    `${OUT}: ${Object.keys(sortedTerrain).length} hexes with terrain, Vell ${vell.length}, Ashbrook ${ashbrook.length}, Tarn ${tarn.length} hexsides, ${bridges.size} bridges: ${sortSides(bridges).join(' ')}`,
  );
  for (const p of paths) console.log(`  ${p.id}: ${p.hexes.join(' ')}`);
}
