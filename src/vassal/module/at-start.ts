/**
 * A scenario the data says came from at-start stacks is built as at-start stacks again (reference
 * §5.1), the pieces File > New Game places: one SetupStack per hex or holding box, on the board of
 * the map that shows it, at the pixel a saved game puts the stack (VASSAL does not snap a
 * SetupStack, so that pixel is the hex's snap point), named as the data names it. Its pieces are
 * palette definitions, each a PieceSlot with a gpid of its own, as VASSAL's editor makes them.
 */
import type { ScenarioFile } from '../../model/files';
import { encodePiece } from '../piece';
import type { XmlElement } from '../xml-tree';
import { P, el, pieceSlot } from './components';
import { HOLDING_BOARD, HOLDING_MAP, MAIN_BOARD } from './names';
import { slotWithGpid } from './saved-game';
import type { PlacedStack } from './setups';

export interface AtStartStacks {
  /** Map id → its SetupStack elements, in the setup's order. */
  byMap: Map<string, XmlElement[]>;
  /** One past the last gpid the stacks' slots took. */
  nextGpid: number;
}

/** The scenario whose placements are at-start stacks: the first the data says came from them. */
export function atStartScenario(scenarios: readonly ScenarioFile[]): ScenarioFile | undefined {
  return scenarios.find((s) => s.vassal?.setup === 'at-start stacks');
}

export function atStartStacks(scenario: ScenarioFile, stacks: readonly PlacedStack[], firstGpid: number): AtStartStacks {
  const names = stackNames(scenario);
  const byMap = new Map<string, XmlElement[]>();
  let gpid = firstGpid;
  for (const stack of stacks) {
    const slots = stack.pieces.map((piece, i) => {
      const id = gpid++;
      return pieceSlot(stack.entryNames[i], id, encodePiece(slotWithGpid(piece, id)));
    });
    const name = stack.units.map((u) => names.get(u)).find((n) => n !== undefined) ?? stack.place;
    const element = el(
      `${P}module.map.SetupStack`,
      {
        name,
        owningBoard: stack.mapId === HOLDING_MAP ? HOLDING_BOARD : MAIN_BOARD,
        useGridLocation: false,
        x: stack.x,
        y: stack.y,
      },
      slots,
    );
    const list = byMap.get(stack.mapId);
    if (list) list.push(element);
    else byMap.set(stack.mapId, [element]);
  }
  return { byMap, nextGpid: gpid };
}

/** Unit id → the name of the stack the data places it with. */
function stackNames(scenario: ScenarioFile): Map<string, string> {
  const names = new Map<string, string>();
  for (const p of scenario.setup ?? []) if (p.stack !== undefined) for (const u of p.units ?? []) names.set(u, p.stack);
  return names;
}
