/**
 * A scenario the data says came from at-start stacks is built as at-start stacks again (reference
 * §5.1), the pieces File > New Game places: one SetupStack per stack the data names (its
 * placements' `stack`; two stacks on one hex stay two), else per hex, board pixel or holding box, on the board
 * that shows it (its owning board), at its pixel on that board (VASSAL does not snap a SetupStack,
 * so a hex's pixel is its snap point), in the editor folders (`folders`) that held
 * it, in the setup's order. Its pieces are palette definitions, each a PieceSlot with a gpid of its
 * own, as VASSAL's editor makes them. A stack named as one of the scenario's `decks` is that deck,
 * a DrawPile of CardSlots in the deck's order (./decks.ts).
 *
 * VASSAL places every at-start stack of the boards in play at each New Game, so a module has one
 * such scenario: the first the data marks so (any other gets a saved game).
 */
import type { Diagnostic } from '../../diagnostics';
import type { DeckFile, ScenarioFile } from '../../model/files';
import { encodePiece } from '../piece';
import type { XmlElement } from '../xml-tree';
import { P, el, pieceSlot } from './components';
import { type DeckTarget, cardSlot, deckOrder, drawPile } from './decks';
import { slotWithGpid } from './saved-game';
import { plainDecksOfSave } from './saved-decks';
import type { MarkerStack } from './placements';
import type { PlacedStack } from './placements';

const MAP_SUB_FOLDER = `${P}module.folder.MapSubFolder`;

export interface AtStartStacks {
  /** Map id → its SetupStack elements and the folders holding them, in the setup's order. */
  byMap: Map<string, XmlElement[]>;
  /** One past the last gpid the stacks' slots took. */
  nextGpid: number;
}

/** The stack the data places a unit with: its name, the folders holding it, its rank in the setup. */
interface StackOrigin {
  name?: string;
  folders: readonly string[];
  rank: number;
}

/**
 * The scenario whose placements are at-start stacks: the first the data says came from them. Any
 * other said so gets a saved game, with a warning: a New Game would place both scenarios' stacks.
 */
export function atStartScenario(scenarios: readonly ScenarioFile[], diagnostics: Diagnostic[]): ScenarioFile | undefined {
  const [first, ...others] = scenarios.filter((s) => s.vassal?.setup === 'at-start stacks');
  for (const other of others)
    diagnostics.push({
      code: 'vassal/several-at-start',
      severity: 'warning',
      message: `scenario "${other.id}" also says it is at-start stacks, as "${first.id}" does: VASSAL places every at-start stack at each New Game, so a module holds one such scenario; "${other.id}" is built as a saved game`,
      hint: `put the two scenarios' placements in one scenario if a New Game is meant to place them together, or give "${other.id}" \`vassal\` \`setup: "saved game"\``,
      pointer: `scenarios.json/scenarios/${other.id}/vassal`,
    });
  for (const other of scenarios) if (other !== first) plainDecksOfSave(other, diagnostics);
  return first;
}

export function atStartStacks(
  scenario: ScenarioFile,
  stacks: readonly PlacedStack[],
  firstGpid: number,
  deckTarget: DeckTarget,
): AtStartStacks {
  const origins = stackOrigins(scenario);
  const decks = new Map((scenario.decks ?? []).map((d) => [d.name, d]));
  const inMap = new Map<string, Array<{ element: XmlElement; folders: readonly string[] }>>();
  let gpid = firstGpid;
  for (const { stack, origin } of byOrigin(stacks, origins)) {
    const deck = origin?.name !== undefined ? decks.get(origin.name) : undefined;
    const order = deck ? deckOrder(stack.pieceIds, deck.cards) : stack.pieces.map((_, i) => i);
    const slots = order.map((i) => {
      const id = gpid++;
      return (deck ? cardSlot : pieceSlot)(stack.entryNames[i], id, encodePiece(slotWithGpid(stack.pieces[i], id)));
    });
    const at = { board: stack.board, x: stack.onBoard.x, y: stack.onBoard.y };
    const element = deck
      ? drawPile(deck, at, slots)
      : el(
          `${P}module.map.SetupStack`,
          { name: origin?.name ?? stack.place, owningBoard: at.board, useGridLocation: false, x: at.x, y: at.y },
          slots,
        );
    const list = inMap.get(stack.mapId);
    const entry = { element, folders: origin?.folders ?? [] };
    if (list) list.push(entry);
    else inMap.set(stack.mapId, [entry]);
  }
  // Decks no card starts in (discard piles), after the stacks, where the data puts them.
  for (const deck of scenario.decks ?? []) {
    const target = deck.cards.length === 0 ? deckTarget(deck) : undefined;
    if (!target) continue;
    const entry = { element: drawPile(deck, { board: target.board, ...target.onBoard }, []), folders: deck.folders ?? [] };
    inMap.set(target.mapId, [...(inMap.get(target.mapId) ?? []), entry]);
  }
  const byMap = new Map([...inMap].map(([mapId, list]) => [mapId, inFolders(list)] as const));
  return { byMap, nextGpid: gpid };
}

/** The stacks the setup names: unit id → its placement's (the first naming the unit), and a marker placement's, by stack. */
interface StackOrigins {
  ofUnit: Map<string, StackOrigin>;
  ofMarker: (stack: MarkerStack) => StackOrigin;
}

/** Stacks ranked as the setup first names them: those of unit placements, then those of marker placements. */
function stackOrigins(scenario: ScenarioFile): StackOrigins {
  const ofUnit = new Map<string, StackOrigin>();
  const ranked = new Map<string, StackOrigin>();
  const originOf = (name: string | undefined, folders: readonly string[]) => {
    const key = JSON.stringify([name ?? '', ...folders]);
    let origin = ranked.get(key);
    if (!origin) ranked.set(key, (origin = { ...(name !== undefined ? { name } : {}), folders, rank: ranked.size }));
    return origin;
  };
  for (const p of scenario.setup ?? []) {
    // A placement naming no stack still ranks its stack, so stacks come in the setup's order and an import reads them back so.
    const origin = originOf(p.stack, p.folders ?? []);
    for (const u of p.units ?? []) if (!ofUnit.has(u)) ofUnit.set(u, origin);
  }
  for (const m of scenario.markers ?? []) if (m.stack !== undefined || m.folders !== undefined) originOf(m.stack, m.folders ?? []);
  keepDeckOrder(scenario.decks ?? [], [...ranked.values()]);
  return { ofUnit, ofMarker: (stack) => originOf(stack.name, stack.folders) };
}

/**
 * The decks' stacks in the order `decks` lists them (an import lists them as the module holds them,
 * while placements are listed by place): the ranks those stacks took are handed to them in that
 * order, and every other stack keeps its rank.
 */
function keepDeckOrder(decks: readonly DeckFile[], origins: readonly StackOrigin[]): void {
  const listed = new Map(decks.map((d, i) => [d.name, i]));
  const ofDecks = origins.filter((o) => o.name !== undefined && listed.has(o.name));
  const ranks = ofDecks.map((o) => o.rank).sort((a, b) => a - b);
  ofDecks.sort((a, b) => listed.get(a.name!)! - listed.get(b.name!)! || a.rank - b.rank);
  ofDecks.forEach((o, i) => (o.rank = ranks[i]));
}

/**
 * Each place's stack split by the stacks its pieces came from (a marker whose placement names no
 * stack goes with the place's first unit's), then in the order the setup first names each stack;
 * stacks the data names by no stack keep their place's order after those.
 */
function byOrigin(stacks: readonly PlacedStack[], origins: StackOrigins): Array<{ stack: PlacedStack; origin?: StackOrigin }> {
  const parts: Array<{ stack: PlacedStack; origin?: StackOrigin }> = [];
  for (const stack of stacks) {
    const groups = new Map<StackOrigin | undefined, number[]>();
    const first = stack.units.map((u) => origins.ofUnit.get(u)).find((o) => o !== undefined);
    stack.units.forEach((u, i) => {
      const own = stack.markerStacks[i];
      const origin = own ? origins.ofMarker(own) : (origins.ofUnit.get(u) ?? first);
      groups.set(origin, [...(groups.get(origin) ?? []), i]);
    });
    for (const [origin, at] of groups) {
      const pick = <T>(list: readonly T[]) => at.map((i) => list[i]);
      const part = {
        ...stack,
        pieces: pick(stack.pieces),
        units: pick(stack.units),
        entryNames: pick(stack.entryNames),
        markerStacks: pick(stack.markerStacks),
        pieceIds: pick(stack.pieceIds),
      };
      parts.push({ stack: part, ...(origin ? { origin } : {}) });
    }
  }
  const rank = (o?: StackOrigin) => o?.rank ?? Number.MAX_SAFE_INTEGER;
  return parts
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p.origin) - rank(b.p.origin) || a.i - b.i)
    .map(({ p }) => p);
}

/** The stacks in their folders: consecutive stacks of one folder share it, as the editor shows them. */
function inFolders(stacks: ReadonlyArray<{ element: XmlElement; folders: readonly string[] }>): XmlElement[] {
  interface Folder {
    folder: string;
    children: Array<{ element: XmlElement } | Folder>;
  }
  const root: Folder = { folder: '', children: [] };
  for (const { element, folders } of stacks) {
    let at = root;
    for (const name of folders) {
      const last = at.children[at.children.length - 1];
      if (last && 'folder' in last && last.folder === name) at = last;
      else {
        const folder: Folder = { folder: name, children: [] };
        at.children.push(folder);
        at = folder;
      }
    }
    at.children.push({ element });
  }
  const build = (f: Folder): XmlElement[] =>
    f.children.map((c) => ('folder' in c ? el(MAP_SUB_FOLDER, { desc: '', name: c.folder }, build(c)) : c.element));
  return build(root);
}
