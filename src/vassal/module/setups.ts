/**
 * The scenarios' saved games: each setup's pieces stacked on the hexes and holding boxes its
 * scenario names, the game opening on the scenario's first turn in the first phase.
 */
import type { Diagnostic } from '../../diagnostics';
import type { Game } from '../../model/game';
import type { CounterPlan } from '../../plan';
import { snapPointOfHexId, type VassalGridModel } from '../grid';
import { expandPrototypes, type PieceDefinition } from '../piece';
import type { ModuleArt } from './art';
import { type HoldingLayout, boxCenter } from './holding';
import { HOLDING_BOARD, HOLDING_MAP, MAIN_BOARD, mainMapName } from './names';
import type { Palette } from './palette';
import { unitPiece } from './pieces';
import type { PlacedPiece, ScenarioPlacement } from './placements';
import type { SavedGame, SavedStack } from './saved-game';
import { turnTrackerRestore } from './turn-state';
import { trackerPhases, trackerTurns } from './unstated';

export interface ModuleSetup {
  /** ZIP entry name of the .vsav, also the PredefinedSetup `file`. */
  path: string;
  name: string;
  description: string;
  save: SavedGame;
}

/** What the setups are built from: the palette's slots, the grid and boxes they are placed by. */
export interface SetupSources {
  game: Game;
  art: ModuleArt;
  plan: CounterPlan;
  palette: Palette;
  grid: VassalGridModel;
  holding: HoldingLayout;
  /** Prototype definitions by name, expanded into the saved pieces. */
  prototypes: ReadonlyMap<string, PieceDefinition>;
}

export function buildSetups(sources: SetupSources, placements: readonly ScenarioPlacement[], diagnostics: Diagnostic[]): ModuleSetup[] {
  const { game, art, plan, palette, grid, holding } = sources;
  // Saved pieces have their prototypes expanded, as VASSAL's own saves do: a piece that still says
  // `prototype;Name` keeps a view of the prototype's off-map placeholder (no Delete, no $location$).
  const expanded = new Map<PieceDefinition, PieceDefinition>();
  const playable = (piece: PieceDefinition): PieceDefinition => {
    let out = expanded.get(piece);
    if (!out) {
      const r = expandPrototypes(piece, sources.prototypes);
      diagnostics.push(...r.diagnostics);
      out = r.piece;
      expanded.set(piece, out);
    }
    return out;
  };
  const slotDefinition = (placed: PlacedPiece): PieceDefinition | undefined => {
    if (placed.kind === 'unit') {
      const ref = palette.unitSlot.get(placed.unit.id);
      const faces = art.units.get(placed.unit.id);
      if (!ref || !faces) return undefined;
      return placed.flipped ? unitPiece(game, plan.units.get(placed.unit.id)!, faces, { gpid: ref.gpid, flipped: true }) : ref.piece;
    }
    return palette.markerSlot.get(placed.markerId)?.piece;
  };
  const placedDefinition = (placed: PlacedPiece): PieceDefinition | undefined => {
    const slot = slotDefinition(placed);
    return slot && playable(slot);
  };
  const placedDefinitions = (pieces: readonly PlacedPiece[]): PieceDefinition[] =>
    pieces.map(placedDefinition).filter((d): d is PieceDefinition => d !== undefined);

  return placements.map((p) => {
    const stacks: SavedStack[] = [];
    for (const { hex, pieces } of p.hexes) {
      const at = snapPointOfHexId(grid, hex);
      if (!at.ok) {
        diagnostics.push({
          code: 'vassal/setup-hex',
          severity: 'error',
          message: `scenario "${p.scenario.id}" places pieces in "${hex}": ${at.reason}`,
          file: 'scenarios.json',
        });
        continue;
      }
      const defs = placedDefinitions(pieces);
      if (defs.length > 0) stacks.push({ mapId: mainMapName(game), x: at.point.x, y: at.point.y, pieces: defs });
    }
    for (const { box, pieces } of p.boxes) {
      const b = holding.boxes.find((hb) => hb.label === box)!;
      const c = boxCenter(b, holding.labelSize);
      const defs = placedDefinitions(pieces);
      if (defs.length > 0) stacks.push({ mapId: HOLDING_MAP, x: c.x, y: c.y, pieces: defs });
    }
    return {
      path: `${p.scenario.id}.vsav`,
      name: p.scenario.name,
      description: p.scenario.description ?? '',
      save: savedGame(game, p, stacks),
    };
  });
}

/** Each setup opens on its scenario's first turn, in the first phase of the sequence of play. */
function savedGame(game: Game, p: ScenarioPlacement, stacks: SavedStack[]): SavedGame {
  const turns = trackerTurns(game);
  return {
    stacks,
    ...(turns
      ? {
          turn: turnTrackerRestore({
            turn: p.scenario.firstTurn,
            lastTurn: turns.last ?? -1,
            phases: trackerPhases(game).length,
            phase: 0,
          }),
        }
      : {}),
    boards: [
      [mainMapName(game), MAIN_BOARD],
      [HOLDING_MAP, HOLDING_BOARD],
    ],
  };
}
