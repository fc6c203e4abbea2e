/**
 * Where each scenario puts its pieces at the start: units and markers in named hexes, and
 * everything that has no single hex (free setup in a zone or hex list, off-map boxes, later
 * reinforcements) in a named holding box. Pure; reads only the Game.
 *
 *   - setup placements with one `hex` → that hex;
 *   - setup placements in `hexes`, a `zone`, a `box`, a setup `code` or free text → a box named
 *     after that area ("Setup: <zone name>"), for the player to deploy from;
 *   - reinforcements → the turn-track box of their turn ("Turn 3"), or "Reinforcements: turn not
 *     stated" when the rulebook gives no turn;
 *   - scenario markers → their hex, else their box or record track.
 * A unit row with count N places N counters, each row once per scenario. Withdrawals take nothing
 * off the map at the start and are not placed.
 */
import { isUnknown } from '../../model/common';
import type { ArrivalFile, PlacementFile, ScenarioFile, WhoFile } from '../../model/files';
import type { Game, Unit } from '../../model/game';
import type { Diagnostic } from '../../diagnostics';

export type PlacedPiece = { kind: 'unit'; unit: Unit; flipped: boolean } | { kind: 'marker'; markerId: string };

export interface ScenarioPlacement {
  scenario: ScenarioFile;
  /** Hex id → pieces, in data order; hexes sorted by id. */
  hexes: Array<{ hex: string; pieces: PlacedPiece[] }>;
  /** Holding-box label → pieces; boxes in first-use order. */
  boxes: Array<{ box: string; pieces: PlacedPiece[] }>;
}

export const UNSTATED_TURN_BOX = 'Reinforcements: turn not stated';

export function turnBoxLabel(game: Game, turn: number): string {
  const entry = game.tracks.turns.find((t) => t.turn === turn);
  const base = `Turn ${turn}`;
  const label = entry?.label && entry.label !== base ? `${base}: ${entry.label}` : base;
  const date = entry?.date !== undefined && !isUnknown(entry.date) ? entry.date : undefined;
  return date ? `${label} (${date})` : label;
}

/** Unit lookups by id and by formation, built once per game (placements are many on big games). */
interface UnitIndex {
  order: Map<string, number>;
  byId: Map<string, Unit>;
  byFormation: Map<string, Unit[]>;
}

const unitIndexes = new WeakMap<Game, UnitIndex>();

function unitIndex(game: Game): UnitIndex {
  let index = unitIndexes.get(game);
  if (!index) {
    index = { order: new Map(), byId: new Map(), byFormation: new Map() };
    game.units.forEach((u, i) => {
      index!.order.set(u.id, i);
      index!.byId.set(u.id, u);
      if (u.formation !== undefined) {
        const list = index!.byFormation.get(u.formation);
        if (list) list.push(u);
        else index!.byFormation.set(u.formation, [u]);
      }
    });
    unitIndexes.set(game, index);
  }
  return index;
}

/** The units a placement names, in units.csv order. A placement naming only a side picks none. */
function unitsOf(game: Game, who: WhoFile): Unit[] {
  const index = unitIndex(game);
  const picked = new Set<Unit>();
  for (const id of who.units ?? []) {
    const u = index.byId.get(id);
    if (u) picked.add(u);
  }
  for (const f of who.formations ?? []) for (const u of index.byFormation.get(f) ?? []) picked.add(u);
  return [...picked].sort((a, b) => index.order.get(a.id)! - index.order.get(b.id)!);
}

function setupAreaLabel(game: Game, where: PlacementFile | ArrivalFile): string | undefined {
  if (where.box) return game.map.boxes.find((b) => b.id === where.box)?.name ?? where.box;
  if (where.zone) return `Setup: ${game.map.zones.find((z) => z.id === where.zone)?.name ?? where.zone}`;
  if (where.hexes && where.hexes.length > 0) return `Setup: ${where.hexes.join(', ')}`;
  if (where.code) return `Setup: ${where.code}`;
  if (where.where) return `Setup: ${where.where}`;
  return undefined;
}

export function scenarioPlacement(game: Game, scenario: ScenarioFile): { placement: ScenarioPlacement; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const hexes = new Map<string, PlacedPiece[]>();
  const boxes = new Map<string, PlacedPiece[]>();
  const put = (map: Map<string, PlacedPiece[]>, key: string, piece: PlacedPiece) => {
    const list = map.get(key);
    if (list) list.push(piece);
    else map.set(key, [piece]);
  };
  // A unit named twice (e.g. in a setup holding area and again as a reinforcement) is placed once:
  // a setup hex beats a reinforcement turn, which beats a setup area.
  interface Assignment {
    unit: Unit;
    target: { hex?: string; box?: string };
    flipped: boolean;
    rank: number;
    order: number;
  }
  const assigned = new Map<string, Assignment>();
  let order = 0;
  const putUnits = (units: Unit[], target: { hex?: string; box?: string }, flipped: boolean, rank: number) => {
    for (const unit of units) {
      const seen = assigned.get(unit.id);
      if (seen === undefined || seen.rank < rank) assigned.set(unit.id, { unit, target, flipped, rank, order: order++ });
    }
  };
  const SETUP_HEX = 3;
  const ARRIVAL = 2;
  const SETUP_AREA = 1;

  (scenario.setup ?? []).forEach((placement, i) => {
    const units = unitsOf(game, placement);
    if (units.length === 0) return;
    if (placement.hex !== undefined && !placement.hex.includes('..'))
      putUnits(units, { hex: placement.hex }, placement.reduced ?? false, SETUP_HEX);
    else {
      const label = setupAreaLabel(game, placement) ?? (placement.hex ? `Setup: ${placement.hex}` : undefined);
      if (label === undefined) {
        diagnostics.push({
          code: 'vassal/setup-without-place',
          severity: 'warning',
          message: `scenario "${scenario.id}" setup ${i + 1} names units but no hex, zone or box; they are left in the palette`,
          pointer: `/scenarios/${scenario.id}/setup/${i}`,
          file: 'scenarios.json',
        });
        return;
      }
      putUnits(units, { box: label }, placement.reduced ?? false, SETUP_AREA);
    }
  });

  const arrivals = [...(scenario.reinforcements ?? [])].map((a, i) => ({ a, i }));
  // Turn order, then data order: the turn-track boxes read left to right.
  arrivals.sort((x, y) => (isUnknown(x.a.turn) ? Infinity : x.a.turn) - (isUnknown(y.a.turn) ? Infinity : y.a.turn) || x.i - y.i);
  for (const { a } of arrivals) {
    const units = unitsOf(game, a);
    putUnits(units, { box: isUnknown(a.turn) ? UNSTATED_TURN_BOX : turnBoxLabel(game, a.turn) }, false, ARRIVAL);
  }
  for (const a of [...assigned.values()].sort((x, y) => x.order - y.order)) {
    for (let copy = 0; copy < Math.max(1, a.unit.count); copy++) {
      const piece: PlacedPiece = { kind: 'unit', unit: a.unit, flipped: a.flipped };
      if (a.target.hex !== undefined) put(hexes, a.target.hex, piece);
      else put(boxes, a.target.box!, piece);
    }
  }

  for (const m of scenario.markers ?? []) {
    const piece: PlacedPiece = { kind: 'marker', markerId: m.marker };
    if (m.hex !== undefined) put(hexes, m.hex, piece);
    else if (m.box !== undefined) put(boxes, game.map.boxes.find((b) => b.id === m.box)?.name ?? m.box, piece);
    else if (m.track !== undefined) put(boxes, `Track: ${game.tracks.records?.find((r) => r.id === m.track)?.name ?? m.track}`, piece);
  }

  return {
    placement: {
      scenario,
      hexes: [...hexes.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([hex, pieces]) => ({ hex, pieces })),
      boxes: [...boxes.entries()].map(([box, pieces]) => ({ box, pieces })),
    },
    diagnostics,
  };
}

/**
 * Every holding box the module needs, in display order: the map's off-map boxes, one box per
 * turn of the turn record track, then any other box a scenario uses.
 */
export function holdingBoxLabels(game: Game, placements: readonly ScenarioPlacement[]): string[] {
  const labels: string[] = [];
  const seen = new Set<string>();
  const add = (label: string) => {
    if (!seen.has(label)) {
      seen.add(label);
      labels.push(label);
    }
  };
  for (const box of game.map.boxes) add(box.name);
  for (const turn of game.tracks.turns) add(turnBoxLabel(game, turn.turn));
  for (const p of placements) for (const b of p.boxes) add(b.box);
  return labels;
}
