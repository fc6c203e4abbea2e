/**
 * What a module leaves out because the data declares it unknown (`unstated` of map.json and
 * tracks.json), so that VASSAL and an import of the module see no stated value either: a board
 * the data gives no size gets no drawn picture; a map whose numbering is unknown gets no hex grid,
 * unless a setup places a piece by hex id (it needs the grid to find that hex); unknown turns
 * give no turn tracker, an unknown last turn a tracker without end, an unknown sequence of play
 * no phase level; a scenario whose placements are unknown gets no saved game.
 */
import type { ScenarioFile } from '../../model/files';
import type { Game } from '../../model/game';
import { mainMapName } from './names';

const NUMBERING = ['/numbering/orientation', '/numbering/order', '/numbering/digits', '/numbering/stagger'];
const EXTENT = ['/extent', '/extent/columns', '/extent/rows'];

const declared = (game: Pick<Game, 'map'>, pointers: readonly string[]) => pointers.some((p) => game.map.unstated?.[p] !== undefined);

/** A board whose extent is unknown and that has no picture of the data's own. */
export function boardHasNoSize(game: Pick<Game, 'map'>): boolean {
  return declared(game, EXTENT) && game.map.image === undefined;
}

export function boardHasNoGrid(game: Pick<Game, 'map' | 'scenarios'>): boolean {
  return declared(game, NUMBERING) && !game.scenarios.some((s) => (s.setup ?? []).some((p) => p.hex !== undefined));
}

/** The turn tracker's turns: none (the turns are unknown), else the first and the last (undefined: no end). */
export function trackerTurns(game: Pick<Game, 'tracks'>): { first: number; last?: number } | undefined {
  const { turns, unstated } = game.tracks;
  if (turns.length === 0 || unstated?.['/turns'] !== undefined) return undefined;
  return { first: turns[0].turn, ...(unstated?.['/turns/last'] !== undefined ? {} : { last: turns[turns.length - 1].turn }) };
}

/** The phases the turn tracker steps through (none when the sequence of play is unknown). */
export function trackerPhases(game: Pick<Game, 'tracks'>): string[] {
  return game.tracks.unstated?.['/sequence'] !== undefined ? [] : game.tracks.sequence.map((p) => p.name);
}

/**
 * A game map the data knows nothing of, as an import of a module without a map writes it: no name,
 * no numbering, extent or picture, no board of its own, no piece placed by hex. The module gets no
 * map window for it (the original had none; an empty one would be the game map of the next import).
 */
export function noGameMap(game: Pick<Game, 'map' | 'scenarios'>): boolean {
  const main = mainMapName(game);
  return (
    !game.map.name?.trim() &&
    boardHasNoSize(game) &&
    boardHasNoGrid(game) &&
    !(game.map.boards ?? []).some((b) => b.map === main) &&
    !game.scenarios.some(
      (s) => (s.markers ?? []).some((m) => m.hex !== undefined) || (s.decks ?? []).some((d) => d.place?.hex !== undefined),
    )
  );
}

export function setupUnstated(scenario: Pick<ScenarioFile, 'unstated'>): boolean {
  return scenario.unstated?.['/setup'] !== undefined;
}
