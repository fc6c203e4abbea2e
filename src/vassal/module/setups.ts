/**
 * The scenarios' saved games: each setup's pieces stacked on the hexes and holding boxes its
 * scenario names, the game opening on the scenario's first turn in the first phase. The same
 * stacks, of palette definitions, are what at-start stacks place (./at-start.ts).
 */
import type { Diagnostic } from '../../diagnostics';
import type { BoardPixelFile, ScenarioFile } from '../../model/files';
import { counterMask } from '../../model/counter-masks';
import type { Game } from '../../model/game';
import type { CounterPlan } from '../../plan';
import { hexIdAtPixel, snapPointOfHexId, type VassalGridModel } from '../grid';
import { expandPrototypes, type PieceDefinition } from '../piece';
import type { ModuleArt } from './art';
import { type HoldingLayout, boxCenter } from './holding';
import { type BuiltBoards, mainBoardName, offBoardTarget, originOf, pixelTarget, savedBoardsCommand } from './boards';
import type { Point } from '../../hex';
import { setBoardsCommand } from '../board-layout';
import { BUILDFILE_ENTRY, HOLDING_BOARD, HOLDING_MAP, MODULEDATA_ENTRY, mainMapName } from './names';
import type { Palette } from './palette';
import { masked, withMask } from './masks';
import { unitPiece } from './pieces';
import type { PlacedPiece, PlacedStack, ScenarioPlacement } from './placements';
import type { DeckTarget } from './decks';
import { boxLabel } from '../../plan/starts';
import type { SavedGame, SavedStack } from './saved-game';
import { withSavedDecks } from './saved-decks';
import { turnTrackerRestore } from './turn-state';
import { noGameMap, trackerPhases, trackerTurns } from './unstated';
import { minOf } from '../../extremes';

export interface ModuleSetup {
  /** ZIP entry name of the .vsav, also the PredefinedSetup `file`: the save's name in the data, else the scenario id. */
  path: string;
  name: string;
  description: string;
  /** The saved game, made again at each read and held by no one: a setup of thousands of pieces is made when its save is written. */
  readonly save: SavedGame;
  /** Whether any of its stacks stands on the holding boxes' map. */
  usesHoldingMap: boolean;
}

/** What the setups are built from: the palette's slots, the grid and boxes they are placed by. */
export interface SetupSources {
  game: Game;
  art: ModuleArt;
  plan: CounterPlan;
  palette: Palette;
  grid: VassalGridModel;
  holding: HoldingLayout;
  /** The boards of map.json the built module shows, where board pixels are placed. */
  boards: BuiltBoards;
  /** Each built board's origin on its map (boards.ts `boardOrigins`). */
  origins: ReadonlyMap<string, Point>;
  /** Prototype definitions by name, expanded into the saved pieces. */
  prototypes: ReadonlyMap<string, PieceDefinition>;
}

export function buildSetups(
  sources: SetupSources,
  scenarios: readonly ScenarioFile[],
  placementOf: (scenario: ScenarioFile) => ScenarioPlacement,
  diagnostics: Diagnostic[],
): ModuleSetup[] {
  // Saved pieces have their prototypes expanded, as VASSAL's own saves do: a piece that still says
  // `prototype;Name` keeps a view of the prototype's off-map placeholder (no Delete, no $location$).
  // Keyed by the palette slot's definition, or by the unit for a back face (made anew at each call).
  const expanded = new Map<PieceDefinition | string, PieceDefinition | undefined>();
  const placedDefinition = (placed: PlacedPiece, diagnostics: Diagnostic[]): PieceDefinition | undefined => {
    const flippedUnit = placed.kind === 'unit' && placed.flipped ? placed.unit.id : undefined;
    const slot = flippedUnit === undefined ? slotDefinition(sources, placed) : undefined;
    const key = flippedUnit ?? slot;
    if (key === undefined) return undefined;
    if (expanded.has(key)) return expanded.get(key);
    const definition = slot ?? slotDefinition(sources, placed);
    const out = definition && expandPrototypes(definition, sources.prototypes);
    if (out) diagnostics.push(...out.diagnostics);
    expanded.set(key, out?.piece);
    return out?.piece;
  };
  const taken = new Set<string>([BUILDFILE_ENTRY, MODULEDATA_ENTRY]);
  let heldPieces = 0;
  return scenarios.map((scenario) => {
    // Made once now for its diagnostics, then again whenever its save is read: the stacks made now
    // wait for the first read while the setups' stacks waiting so hold at most HELD_SETUP_PIECES
    // pieces (the module's checks read each save once, then the archive takes the packed save), so
    // a handful of setups is placed once and thousands of them are not all alive at a time.
    const placed = (into: Diagnostic[]) => placedStacks(sources, placementOf(scenario), (p) => placedDefinition(p, into), into);
    const stacks = (into: Diagnostic[]) =>
      withSavedDecks(scenario, placed(into), emptyDeckTarget(sources, scenario, into), (map, board) =>
        originOf(sources.origins, map, board),
      );
    const first = stacks(diagnostics);
    const usesHoldingMap = first.some((st) => st.mapId === HOLDING_MAP);
    const pieces = first.reduce((n, st) => n + st.pieces.length, 0);
    let held = heldPieces + pieces <= HELD_SETUP_PIECES ? first : undefined;
    if (held) heldPieces += pieces;
    const path = savePath(scenario, taken);
    taken.add(path);
    return {
      path,
      name: scenario.name,
      description: scenario.description ?? '',
      get save() {
        const made = held ?? stacks([]);
        held = undefined;
        return savedGame(sources, scenario, made);
      },
      usesHoldingMap,
    };
  });
}

/** Pieces of the setups' stacks made for their diagnostics that wait for their save's first read, at most (a few megabytes). */
const HELD_SETUP_PIECES = 20_000;

/** A plain entry name: file names without reserved characters, in folders (`setups/x.vsav`, as a module may keep its saves), no `.` or `..` step. */
const PLAIN_ENTRY = /^(?:[^/\\:*?"<>|\u0000-\u001f]+\/)*[^/\\:*?"<>|\u0000-\u001f]+$/;

/** The save's entry name as the data records it, unless another setup has it or it is no plain entry name; else `<scenario id>.vsav`. */
function savePath(scenario: ScenarioFile, taken: ReadonlySet<string>): string {
  const file = scenario.vassal?.setup === 'saved game' ? scenario.vassal.file : undefined;
  const plain = file !== undefined && PLAIN_ENTRY.test(file) && !file.split('/').some((step) => step === '.' || step === '..');
  return plain && !taken.has(file) ? file : `${scenario.id}.vsav`;
}

/** The definition of a placed piece's palette slot (a unit's back face when it starts flipped). */
export function slotDefinition(sources: SetupSources, placed: PlacedPiece): PieceDefinition | undefined {
  const { game, art, plan, palette } = sources;
  if (placed.kind === 'unit') {
    const ref = palette.unitSlot.get(placed.unit.id);
    const faces = art.units.get(placed.unit.id);
    if (!ref || !faces) return undefined;
    if (!placed.flipped) return ref.piece;
    const back = unitPiece(game, plan.units.get(placed.unit.id)!, faces, { gpid: ref.gpid, flipped: true });
    const mask = counterMask(game.counters, 'units', placed.unit.id);
    return mask ? withMask(back, mask, art) : back;
  }
  return palette.markerSlot.get(placed.markerId)?.piece;
}

/**
 * A setup's stacks: one per hex at its snap point, one per board pixel there, one per position off
 * the boards there, one per holding box at its centre (a pixel of a board the module does not show
 * goes to its box), in the order the setup names their units; `definition` gives each piece's.
 */
export function placedStacks(
  sources: SetupSources,
  p: ScenarioPlacement,
  definition: (placed: PlacedPiece) => PieceDefinition | undefined,
  diagnostics: Diagnostic[],
): PlacedStack[] {
  const { holding, palette, boards, origins } = sources;
  const stacks: PlacedStack[] = [];
  const add = (place: string, on: { mapId: string; board: string; x: number; y: number }, placed: readonly PlacedPiece[]) => {
    const kept = placed.flatMap((piece) => {
      const shown = definition(piece);
      if (!shown) return [];
      const def = piece.mask ? masked(shown, piece.mask, sources.art) : shown;
      const unit = piece.kind === 'unit' ? piece.unit.id : '';
      const slot = piece.kind === 'unit' ? palette.unitSlot.get(unit) : palette.markerSlot.get(piece.markerId);
      const id = piece.kind === 'unit' ? unit : piece.markerId;
      return [{ def, unit, id, entryName: slot?.entryName ?? '', stack: piece.kind === 'marker' ? piece.stack : undefined }];
    });
    if (kept.length === 0) return;
    const [pieces, units, entryNames] = [kept.map((k) => k.def), kept.map((k) => k.unit), kept.map((k) => k.entryName)];
    // A saved game places the stack at its map pixel: the board's origin on the map plus the board pixel.
    const origin = originOf(origins, on.mapId, on.board);
    stacks.push({
      place,
      mapId: on.mapId,
      board: on.board,
      x: origin.x + on.x,
      y: origin.y + on.y,
      onBoard: { x: on.x, y: on.y },
      pieces,
      units,
      entryNames,
      markerStacks: kept.map((k) => k.stack),
      pieceIds: kept.map((k) => k.id),
    });
  };
  for (const { hex, at: pixel, pieces } of p.hexes) {
    const at = hexTarget(sources, hex, pixel);
    if ('problem' in at) {
      diagnostics.push({
        code: 'vassal/setup-hex',
        severity: 'error',
        message: `scenario "${p.scenario.id}" places pieces in "${hex}": ${at.problem}`,
        pointer: `scenarios.json/scenarios/${p.scenario.id}`,
      });
      continue;
    }
    add(hex, at, pieces);
  }
  const inBoxes = new Map(p.boxes.map((b) => [b.box, [...b.pieces]]));
  for (const { box, at, pieces } of p.pixels) {
    const target = pixelTarget(boards, at);
    if (target) add(box, target, pieces);
    else inBoxes.set(box, [...(inBoxes.get(box) ?? []), ...pieces]);
  }
  for (const { box, pixel, pieces } of p.offBoard) {
    const target = offBoardTarget(boards, box, pixel);
    if (target) add(box, target, pieces);
    else inBoxes.set(box, [...(inBoxes.get(box) ?? []), ...pieces]);
  }
  for (const [box, pieces] of inBoxes) add(box, boxTarget(holding, box)!, pieces);
  // Hexes come in setup order, then boxes; with board pixels among them all follow the setup's order.
  return p.pixels.length > 0 || p.offBoard.length > 0 ? inSetupOrder(p, stacks) : stacks;
}

type Target = { mapId: string; board: string; x: number; y: number };

/**
 * Where a hex's stack stands on the main board: the pixel the data keeps for it while that pixel
 * lies in the hex (the author's place, off the centre), else the hex's snap point.
 */
function hexTarget({ game, grid, boards }: SetupSources, hex: string, pixel?: BoardPixelFile): Target | { problem: string } {
  const main = { mapId: mainMapName(game), board: mainBoardName(boards) };
  const kept = pixel && pixelTarget(boards, pixel);
  if (kept && kept.mapId === main.mapId && kept.board === main.board && hexIdAtPixel(grid, kept) === hex) return kept;
  const at = snapPointOfHexId(grid, hex);
  if (!at.ok) return { problem: at.reason };
  // Fields written out: a spread with added fields takes V8's slow path, once per placed hex.
  return { mapId: main.mapId, board: main.board, x: at.point.x, y: at.point.y };
}

/** A holding box's centre on the holding map (undefined for a box the layout lacks). */
function boxTarget(holding: HoldingLayout, label: string): Target | undefined {
  const b = holding.boxes.find((hb) => hb.label === label);
  return b && { mapId: HOLDING_MAP, board: HOLDING_BOARD, ...boxCenter(b, holding.labelSize) };
}

/**
 * Where a deck without cards stands, as a stack at its place would: a hex's snap point, a board
 * pixel, else its box's centre on the holding map; a place the module cannot show is reported.
 */
export function emptyDeckTarget(sources: SetupSources, scenario: ScenarioFile, diagnostics: Diagnostic[]): DeckTarget {
  return (deck) => {
    const place = deck.place ?? {};
    const hex = place.hex !== undefined ? hexTarget(sources, place.hex, place.at) : undefined;
    const pixel = place.at && pixelTarget(sources.boards, place.at);
    const box = place.box !== undefined ? boxTarget(sources.holding, boxLabel(sources.game, place.box)) : undefined;
    const target = hex ?? pixel ?? box;
    if (target && !('problem' in target)) return { mapId: target.mapId, board: target.board, onBoard: { x: target.x, y: target.y } };
    diagnostics.push({
      code: 'vassal/deck-place',
      severity: 'warning',
      message: `deck "${deck.name}" of scenario "${scenario.id}" has no cards and ${target ? `its hex: ${target.problem}` : 'no place the module shows'}: the built module has no such pile`,
      hint: 'give the deck a `place`: a hex of the map, or a box (at a pixel of a board)',
      pointer: `scenarios.json/scenarios/${scenario.id}/decks`,
    });
    return undefined;
  };
}

/** Stacks ordered by the first setup placement naming one of their units (an import reads the setup back in that order); the rest after, as they were. */
function inSetupOrder(p: ScenarioPlacement, stacks: PlacedStack[]): PlacedStack[] {
  const rank = new Map<string, number>();
  (p.scenario.setup ?? []).forEach((placement, k) => {
    for (const unit of placement.units ?? []) if (!rank.has(unit)) rank.set(unit, k);
  });
  const first = (s: PlacedStack) => minOf(s.units.map((u) => rank.get(u) ?? Infinity));
  return stacks
    .map((stack, i) => ({ stack, i, rank: first(stack) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((s) => s.stack);
}

/** Each setup opens on its scenario's first turn, in the first phase of the sequence of play. */
function savedGame(sources: SetupSources, scenario: ScenarioFile, stacks: SavedStack[]): SavedGame {
  const { game, boards, holding } = sources;
  const turns = trackerTurns(game);
  return {
    stacks,
    ...(turns
      ? {
          turn: turnTrackerRestore({
            turn: scenario.firstTurn,
            lastTurn: turns.last ?? -1,
            phases: trackerPhases(game).length,
            phase: 0,
          }),
        }
      : {}),
    boards: savedBoards(game, boards, holding),
  };
}

/**
 * The save's choice of boards: on each map, the boards a new game starts with and those a setup
 * places a piece on, in their cells (the game map's board alone when the data lists none of it), the
 * holding boxes' board when there are boxes.
 */
function savedBoards(game: Game, boards: BuiltBoards, holding: HoldingLayout): string[] {
  const main = mainMapName(game);
  const mainListed = boards.maps.some((m) => m.map === main);
  return [
    ...(mainListed || noGameMap(game) ? [] : [setBoardsCommand(main, [{ name: mainBoardName(boards), column: 0, row: 0 }])]),
    ...boards.maps.filter((m) => m.map === main).map(savedBoardsCommand),
    ...(holding.boxes.length > 0 ? [setBoardsCommand(HOLDING_MAP, [{ name: HOLDING_BOARD, column: 0, row: 0 }])] : []),
    ...boards.maps.filter((m) => m.map !== main).map(savedBoardsCommand),
  ];
}
