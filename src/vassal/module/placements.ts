/**
 * Where each scenario puts its pieces at the start. Units start where the one start resolver
 * (src/plan/starts.ts) says: in their hex, else in the holding box it names (an off-map box, a turn
 * of the turn record track, a setup area, a side's pool). A unit row with count N places N
 * counters. Scenario markers go to their hex, else their box or record track. Pure; reads only
 * the Game.
 */
import type { BoardPixelFile, MaskFile, ScenarioFile } from '../../model/files';
import type { Game, Unit } from '../../model/game';
import type { Diagnostic } from '../../diagnostics';
import { boxLabel, recordBoxLabel, scenarioStarts, turnBoxLabel } from '../../plan/starts';
import type { Point } from '../../hex';
import type { SavedStack } from './saved-game';
import { readOffBoardWords, type OffBoardPixel } from '../off-board-pixel';

/** The at-start stack a marker placement names (its `stack` and `folders`). */
export interface MarkerStack {
  name?: string;
  folders: readonly string[];
}

export type PlacedPiece =
  | { kind: 'unit'; unit: Unit; flipped: boolean; mask?: MaskFile }
  | { kind: 'marker'; markerId: string; stack?: MarkerStack; mask?: MaskFile };

export interface ScenarioPlacement {
  scenario: ScenarioFile;
  /** Hex id (and the pixel off its centre the data keeps) → pieces, in data order; hexes in the setup's order, then in first-use order. */
  hexes: Array<{ hex: string; at?: BoardPixelFile; pieces: PlacedPiece[] }>;
  /** Holding-box label → pieces; boxes in first-use order. */
  boxes: Array<{ box: string; pieces: PlacedPiece[] }>;
  /** Pieces at a board pixel (in a box): one entry per pixel, in first-use order. */
  pixels: Array<{ box: string; at: BoardPixelFile; pieces: PlacedPiece[] }>;
  /** Pieces in a box at a position off every board, in the words the data keeps it in (../off-board-pixel.ts): one entry per position. */
  offBoard: Array<{ box: string; pixel: OffBoardPixel; pieces: PlacedPiece[] }>;
}

type PlacementResult = { placement: ScenarioPlacement; diagnostics: Diagnostic[] };

/**
 * Placements worked out for a game, by scenario, while together they place at most
 * HELD_PLACED_PIECES pieces: a module reads each scenario's placement three times or more (the
 * holding boxes, the setup's first stacks, its save), and a big scenario takes a dozen
 * milliseconds to place; the placements of hundreds of save-heavy setups are worked out again instead of all held.
 */
const heldPlacements = new WeakMap<Game, { pieces: number; byScenario: Map<ScenarioFile, PlacementResult> }>();
const HELD_PLACED_PIECES = 50_000;

export function scenarioPlacement(game: Game, scenario: ScenarioFile): PlacementResult {
  let held = heldPlacements.get(game);
  const kept = held?.byScenario.get(scenario);
  if (kept) return kept;
  const result = placeScenario(game, scenario);
  const { hexes, boxes, pixels, offBoard } = result.placement;
  const pieces = [...hexes, ...boxes, ...pixels, ...offBoard].reduce((n, entry) => n + entry.pieces.length, 0);
  if (!held) heldPlacements.set(game, (held = { pieces: 0, byScenario: new Map() }));
  if (held.pieces + pieces <= HELD_PLACED_PIECES) {
    held.pieces += pieces;
    held.byScenario.set(scenario, result);
  }
  return result;
}

function placeScenario(game: Game, scenario: ScenarioFile): PlacementResult {
  const hexes = new Map<string, { hex: string; at?: BoardPixelFile; pieces: PlacedPiece[] }>();
  const boxes = new Map<string, PlacedPiece[]>();
  const pixels = new Map<string, { box: string; at: BoardPixelFile; pieces: PlacedPiece[] }>();
  const put = (map: Map<string, PlacedPiece[]>, key: string, piece: PlacedPiece) => {
    const list = map.get(key);
    if (list) list.push(piece);
    else map.set(key, [piece]);
  };
  const putAt = (box: string, at: BoardPixelFile, piece: PlacedPiece) => {
    const key = JSON.stringify([box, at.map, at.board, at.x, at.y]);
    const entry = pixels.get(key) ?? { box, at, pieces: [] };
    entry.pieces.push(piece);
    pixels.set(key, entry);
  };
  const offBoard = new Map<string, { box: string; pixel: OffBoardPixel; pieces: PlacedPiece[] }>();
  // A box placement whose words give a position off every board stands there; any other words say nothing the module shows.
  const putInBox = (box: string, where: string | undefined, piece: PlacedPiece) => {
    const pixel = where !== undefined ? readOffBoardWords(where) : undefined;
    if (!pixel) return put(boxes, box, piece);
    const key = JSON.stringify([box, where]);
    const entry = offBoard.get(key) ?? { box, pixel, pieces: [] };
    entry.pieces.push(piece);
    offBoard.set(key, entry);
  };
  // Pieces kept at a pixel in a hex are a stack of their own there.
  const putInHex = (hex: string, at: BoardPixelFile | undefined, piece: PlacedPiece) => {
    const key = at ? JSON.stringify([hex, at.map, at.board, at.x, at.y]) : hex;
    const entry = hexes.get(key) ?? { hex, ...(at ? { at } : {}), pieces: [] };
    entry.pieces.push(piece);
    hexes.set(key, entry);
  };
  for (const start of inListedOrder(scenarioStarts(game, scenario), scenario)) {
    for (let copy = 0; copy < Math.max(1, start.unit.count); copy++) {
      const mask = start.faceDown ? scenario.vassal?.unitMasks?.[start.unit.id] : undefined;
      const piece: PlacedPiece = { kind: 'unit', unit: start.unit, flipped: start.reduced, ...(mask ? { mask } : {}) };
      if (start.hex !== undefined) putInHex(start.hex, start.at, piece);
      else if (start.at !== undefined) putAt(start.box!, start.at, piece);
      else putInBox(start.box!, start.where, piece);
    }
  }
  for (const m of scenario.markers ?? []) {
    const stack =
      m.stack !== undefined || m.folders !== undefined
        ? { ...(m.stack !== undefined ? { name: m.stack } : {}), folders: m.folders ?? [] }
        : undefined;
    const mask = m.faceDown ? scenario.vassal?.masks?.[m.marker] : undefined;
    const piece: PlacedPiece = { kind: 'marker', markerId: m.marker, ...(stack ? { stack } : {}), ...(mask ? { mask } : {}) };
    if (m.hex !== undefined) putInHex(m.hex, m.at, piece);
    else if (m.box !== undefined && m.at !== undefined) putAt(boxLabel(game, m.box), m.at, piece);
    else if (m.box !== undefined) putInBox(boxLabel(game, m.box), m.where, piece);
    else if (m.track !== undefined) put(boxes, recordBoxLabel(game.tracks.records?.find((r) => r.id === m.track)?.name ?? m.track), piece);
  }

  // The setup's own order of hexes (an import reads the setup back in it).
  const setupRank = new Map<string, number>();
  for (const p of scenario.setup ?? []) if (p.hex !== undefined && !setupRank.has(p.hex)) setupRank.set(p.hex, setupRank.size);
  return {
    placement: {
      scenario,
      hexes: [...hexes.values()]
        .map((entry, i) => ({ entry, rank: setupRank.get(entry.hex) ?? setupRank.size + i }))
        .sort((a, b) => a.rank - b.rank)
        .map(({ entry }) => entry),
      boxes: [...boxes.entries()].map(([box, pieces]) => ({ box, pieces })),
      pixels: [...pixels.values()],
      offBoard: [...offBoard.values()],
    },
    diagnostics: [],
  };
}

/**
 * Starts in the order the setup lists their units (a stack's pieces from bottom to top, as an
 * import reads them), units it does not list after those in their own order.
 */
function inListedOrder<T extends { unit: Unit }>(starts: readonly T[], scenario: ScenarioFile): T[] {
  const listed = new Map<string, number>();
  for (const p of scenario.setup ?? []) for (const id of p.units ?? []) if (!listed.has(id)) listed.set(id, listed.size);
  const rank = (start: T) => listed.get(start.unit.id) ?? listed.size;
  return starts
    .map((start, i) => ({ start, i }))
    .sort((a, b) => rank(a.start) - rank(b.start) || a.i - b.i)
    .map(({ start }) => start);
}

/**
 * Every holding box the module needs, in display order: the map's off-map boxes, one box per
 * turn of the turn record track, then any other box a scenario uses (`usedBoxes`, in first-use order).
 */
export function holdingBoxLabels(game: Game, usedBoxes: readonly string[]): string[] {
  const labels: string[] = [];
  const seen = new Set<string>();
  const add = (label: string) => {
    if (!seen.has(label)) {
      seen.add(label);
      labels.push(label);
    }
  };
  for (const box of game.map.boxes) add(box.name);
  // Turns the data does not know get no boxes.
  if (game.tracks.unstated?.['/turns'] === undefined) for (const turn of game.tracks.turns) add(turnBoxLabel(game, turn.turn));
  for (const box of usedBoxes) add(box);
  return labels;
}

/** A stack of a setup, with what an at-start stack needs: its place, its units (its name is looked up by them) and palette entry names. */
export interface PlacedStack extends SavedStack {
  /** The hex id, the holding box's label, or the box of a board pixel. */
  place: string;
  /** The board the stack stands on (an at-start stack's owning board), and its pixel there. */
  board: string;
  onBoard: Point;
  /** Per piece: the unit id ('' for a marker) and the palette slot's entry name. */
  units: string[];
  entryNames: string[];
  /** Per piece: the at-start stack a marker's placement names, if any. */
  markerStacks: Array<MarkerStack | undefined>;
  /** Per piece: its unit or marker id, as a deck's cards name it. */
  pieceIds: string[];
}
