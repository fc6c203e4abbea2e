/**
 * Initial placements → scenarios: at-start stacks (the "new game" setup) and every predefined
 * setup whose saved game is in the module. Each placed piece is matched to a palette unit
 * (Hexforge's UnitId, else the same piece name and image); positions become hex ids on the game
 * map (pixels through the grid, names through the numbering) and boxes on other maps.
 *
 * Counters: the module's palette holds counter kinds, a setup may place several copies of one
 * kind. Each copy must be its own unit in our data, so a kind placed n times (at most, over all
 * scenarios) becomes n units: the palette unit and copies "<id>-2" … "<id>-n". A placed piece that
 * is no unit is a marker (./markers.ts), placed in its hex or box as units are.
 */
import type { Diagnostic } from '../../diagnostics';
import type {
  BoardFile,
  DeckFile,
  MarkerFile,
  MarkerPlacementFile,
  MaskFile,
  MaskTypeFile,
  PlacementFile,
  ScenarioFile,
  ScenarioVassalSetup,
} from '../../model/files';
import { readModuleSave, type DefinitionRecord, type ReadModule } from '../reader/module';
import type { SavedGameContents, SavedPiece } from '../reader/saved-game';
import { AT_START_SETUP_NAME, MAIN_BOARD, mainMapNameOf } from '../module/names';
import { OLD_LAYER_ID, canBeActivated, decodeTrait, layerType, upgradeOldLayer } from '../traits/index';
import { attribute, type XmlElement } from '../xml-tree';
import { positionOf } from '../reader/xml';
import { IdSpace } from './ids';
import { savedBoards, type BoardRecord, type Locator, type Location, type PixelAt, type PlacedBoard } from './map';
import { MAP_CLASSES } from './map';
import { MarkerTable, type MarkerOrigin } from './markers';
import { byId, carriedMask, hidingMask, inFolder } from './masks';
import { factsOfTraits, pieceFacts, type PieceFacts, type PrototypeIndex } from './properties';
import { savedDecks, type SavedDeck } from './saved-decks';
import { shownName } from './shown-name';
import { scenarioFiles } from './scenario-files';
import { stackFolders } from './start-places';
import { matchKeyOf, unitIndexByKey, type ImportedUnit, type UnitsResult } from './units';

const SETUP_STACK = 'VASSAL.build.module.map.SetupStack';
/** A deck (VASSAL's DrawPile is a SetupStack: a new game starts with its cards there, as one deck). */
const DRAW_PILE = 'VASSAL.build.module.map.DrawPile';
/** An editor folder of a deck's cards: VASSAL deals them as the deck's own. */
const DECK_SUB_FOLDER = 'VASSAL.build.module.folder.DeckSubFolder';
const PREDEFINED_SETUP = 'VASSAL.build.module.PredefinedSetup';

type Located = Exclude<Location, { problem: string }>;

/** The at-start stack that places a piece: its name and the editor folders (MapSubFolder) holding it, outermost first. */
export interface StackOrigin {
  name?: string;
  folders: string[];
}

/** The same place as a setup groups it: a hex, a box and the board pixel or VASSAL's name of the spot in it; and the stack there. */
const placeKey = (at: Located, stack?: StackOrigin): string => {
  const place =
    'hex' in at
      ? `h:${at.hex}${at.at ? `|${at.at.map}|${at.at.board}|${at.at.x},${at.at.y}` : ''}`
      : at.at
        ? `p:${at.box}|${at.at.map}|${at.at.board}|${at.at.x},${at.at.y}`
        : `b:${at.box}|${at.where ?? ''}`;
  return place + (stack ? `|s:${JSON.stringify([stack.name, ...stack.folders])}` : '');
};

/**
 * The pieces one setup places, three numbers each: the palette unit (a marker `m` as `~m`, below
 * 0), the place (an index into `locations`) and whether it shows its back. A module may place
 * millions of pieces over its setups; they are all held until the copies of each are counted.
 */
export class Placements {
  unit = new Int32Array(16);
  place = new Int32Array(16);
  reduced = new Uint8Array(16);
  /** Whether the piece starts face down (masked). */
  faceDown = new Uint8Array(16);
  length = 0;
  readonly locations: Located[] = [];
  /** The at-start stack per place, when the setup is of stacks: two stacks on one hex are two places. */
  readonly stacks: Array<StackOrigin | undefined> = [];
  private readonly places = new Map<string, number>();

  add(unit: number, at: Located, reduced: boolean, stack?: StackOrigin, faceDown = false): void {
    const key = placeKey(at, stack);
    let place = this.places.get(key);
    if (place === undefined) {
      place = this.locations.push(at) - 1;
      this.stacks.push(stack);
      this.places.set(key, place);
    }
    if (this.length === this.unit.length) this.grow();
    this.unit[this.length] = unit;
    this.place[this.length] = place;
    this.reduced[this.length] = reduced ? 1 : 0;
    this.faceDown[this.length] = faceDown ? 1 : 0;
    this.length++;
  }

  /** Puts the pieces in the order of their places' ranks (lowest first), keeping the setup's order within a rank. */
  sortByPlace(rankOf: (at: Located) => number): void {
    const rank = this.locations.map(rankOf);
    const order = Array.from({ length: this.length }, (_, i) => i).sort((a, b) => rank[this.place[a]] - rank[this.place[b]] || a - b);
    const unit = this.unit.slice(0, this.length);
    const place = this.place.slice(0, this.length);
    const reduced = this.reduced.slice(0, this.length);
    const faceDown = this.faceDown.slice(0, this.length);
    order.forEach((from, to) => {
      this.unit[to] = unit[from];
      this.place[to] = place[from];
      this.reduced[to] = reduced[from];
      this.faceDown[to] = faceDown[from];
    });
  }

  private grow(): void {
    const size = this.unit.length * 2;
    const unit = new Int32Array(size);
    unit.set(this.unit);
    const place = new Int32Array(size);
    place.set(this.place);
    const reduced = new Uint8Array(size);
    reduced.set(this.reduced);
    const faceDown = new Uint8Array(size);
    faceDown.set(this.faceDown);
    Object.assign(this, { unit, place, reduced, faceDown });
  }
}

export interface ScenarioDraft {
  id: string;
  name: string;
  description?: string;
  source: string;
  /** How the module holds the placements, for a module built from the data to hold them so. */
  vassal?: ScenarioVassalSetup;
  placed: Placements;
  notes: string[];
  /** Why the placements are unknown (a setup without its saved game). */
  unknownSetup?: string;
  /** The decks (DrawPiles) of the setup: each its place in `placed` and its settings. */
  decks?: DeckDraft[];
  /** Placed units showing another face than their palette piece's, whose back the data does not hold. */
  unheldBacks?: number;
  /** Piece (a palette unit's index, or `~m` for marker `m`) → the Mask hiding its face-down copies (the first read). */
  masks?: Map<number, MaskFile>;
}

/** Places a piece, face down when its own Mask hides it; a marker's first copy says the Mask it carries. */
function placeMasked(
  reading: SetupReading,
  draft: ScenarioDraft,
  piece: number,
  at: Located,
  reduced: boolean,
  stack: StackOrigin | undefined,
  traits: readonly { type: string; state: string }[],
): void {
  const mask = hidingMask(traits, reading.prototypes);
  if (mask && !draft.masks?.has(piece)) (draft.masks ??= new Map()).set(piece, mask);
  if (piece < 0 && !reading.carriedMasks.has(~piece)) reading.carriedMasks.set(~piece, carriedMask(traits, reading.prototypes));
  draft.placed.add(piece, at, reduced, stack, mask !== undefined);
}

/**
 * A deck as read: its name, the place its cards are at (an index into `placed`; -1 for a deck
 * without cards, which keeps its own place and folders), and the DrawPile's other attributes.
 */
interface DeckDraft {
  name: string;
  place: number;
  vassal: Record<string, string>;
  empty?: { at: Located; folders: string[] };
  /** A saved game's deck: its type and face as the save holds them. */
  saved?: { type: string; faceDown: boolean };
}

/** A DrawPile's attributes that its placements give: its name and position. */
const DECK_PLACE_ATTRIBUTES = new Set(['name', 'owningBoard', 'x', 'y', 'useGridLocation', 'location']);

/**
 * The DrawPile's settings as text, by attribute name (XML does not order attributes; a built
 * module writes them sorted): all its attributes but its name and position.
 */
function deckSettings(pile: XmlElement): Record<string, string> {
  const settings = pile.attributes.filter(([name]) => !DECK_PLACE_ATTRIBUTES.has(name));
  return Object.fromEntries(settings.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export interface ScenariosResult {
  /** Data file name → text: scenarios.json, or one file per scenario in scenarios/ (./scenario-files.ts). */
  files: Map<string, string>;
  /** Scenarios written. */
  count: number;
  /** Every hex a setup names. */
  hexes: Set<string>;
  /** Every box a setup puts a unit or marker in. */
  boxes: Set<string>;
  /** Every board of the module's maps, for map.json (with the zones of the boxes above). */
  boards: BoardFile[];
  /** counters.json's markers: the pieces placed that are no unit, then the palette's no setup places. */
  markers: MarkerFile[];
  /** How many of `markers` setups place. */
  placedMarkers: number;
  /** Marker id → the Mask its first placed copy carries (pictures as files of the folder). */
  markerMasks: Record<string, MaskTypeFile>;
  /** Marker id → where it was read, for the sidecar. */
  markerOrigins: ReturnType<MarkerTable['origins']>;
  /** Copies to add to units.csv: [palette unit, copy id]. */
  copies: Array<{ of: ImportedUnit; id: string }>;
  /** Scenario id → how it was read, for the sidecar. */
  origins: Record<string, string>;
  /** Pieces the setups place, those whose position names a hex or box, and those listed (as units or markers). */
  placements: { total: number; located: number; listed: number };
  diagnostics: Diagnostic[];
}

export function mapIdOf(ancestors: readonly XmlElement[], mapIds: Map<XmlElement, string>): string | undefined {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    if (MAP_CLASSES.has(ancestors[i].name)) return mapIds.get(ancestors[i]);
  }
  return undefined;
}

/**
 * The face the first Layer with images shows (an old one read as VASSAL upgrades it): its active
 * level (state > 0), or 0 while inactive or when players cannot switch that Layer (`canBeActivated`).
 */
function shownFace(traits: readonly { type: string; state: string }[]): number {
  for (const t of traits) {
    const d = decodeTrait(t);
    const type =
      d.kind === 'layer' ? d.type : d.kind === 'unknown' && d.id === OLD_LAYER_ID ? layerType.decode(upgradeOldLayer(t.type)) : null;
    if (type !== null && (type.images ?? '') !== '') return Number(t.state) > 0 && canBeActivated(type) ? Number(t.state) : 0;
  }
  return 0;
}

/**
 * Whether the data gives a unit a back: values of a reduced side, or the picture of a flip (one
 * Layer picture players switch, art.ts unitArtImages).
 */
function holdsBack(unit: ImportedUnit): boolean {
  return unit.back !== undefined || (unit.images.layers.length === 1 && !unit.images.layersAlwaysActive);
}

/** What reading one setup needs: the module, where pieces land, and where to note what did not. */
interface SetupReading {
  module: ReadModule;
  prototypes: PrototypeIndex;
  /** Marker (read index) → the Mask its first placed copy carries, whatever its state (none: undefined). */
  carriedMasks: Map<number, MaskTypeFile | undefined>;
  locator: Locator;
  mapIds: Map<XmlElement, string>;
  scenarioIds: IdSpace;
  /**
   * The piece a match key names: a palette unit's index, else `~m` for the marker `m` (taken on first
   * use; `slotName`: the at-start stack slot's entryName, which names a marker whose piece has no name).
   */
  pieceOf: (key: string, facts: PieceFacts, origin: () => MarkerOrigin, slotName?: string, shown?: () => string | undefined) => number;
  /**
   * Whether a placed copy of a piece (pieceOf's number) starts on its back; `unheld` counts the
   * units showing another face whose back the data does not hold.
   */
  showsBack: (piece: number, traits: readonly { type: string; state: string }[], unheld: { count: number }) => boolean;
  /** Notes a placement that names no hex or box. */
  problem: (scenario: string, what: string, message: string) => void;
}

export async function importScenarios(
  module: ReadModule,
  { units, markers: paletteMarkers }: Pick<UnitsResult, 'units' | 'markers'>,
  prototypes: PrototypeIndex,
  locator: Locator,
  mapIds: Map<XmlElement, string>,
  turns: { first: number; last: number },
  unitIds: IdSpace,
  /** A board as the data lists it: its picture kept only where the folder can show it. */
  listedBoard: (board: BoardFile) => BoardFile = (board) => board,
  /** A mask's picture (a module image name) as a file of the folder, '' when the folder cannot show it. */
  maskPicture: (image: string) => string = () => '',
): Promise<ScenariosResult> {
  // Positions that name no hex or box: one summary line per scenario, with the first few (a module
  // may have millions of such pieces: only their count is kept beyond those).
  const problems = new Map<string, { count: number; first: string[] }>();
  const problem = (scenario: string, what: string, message: string) => {
    const entry = problems.get(scenario) ?? { count: 0, first: [] };
    entry.count++;
    if (entry.first.length < 3) entry.first.push(`${what}: ${message}`);
    problems.set(scenario, entry);
  };
  // Built on the first piece a setup places: a module without setups needs none.
  let byKey: Map<string, number> | undefined;
  const markerTable = new MarkerTable(paletteMarkers);
  const pieceOf: SetupReading['pieceOf'] = (key, facts, origin, slotName, shown) =>
    (byKey ??= unitIndexByKey(units)).get(key) ?? ~markerTable.indexOf(key, facts, origin, slotName, shown);
  const reading: SetupReading = { module, prototypes, locator, mapIds, pieceOf, problem, ...readingState(units) };
  const predefined = predefinedSetups(module.root);
  const drafts: ScenarioDraft[] = [];
  const atStart = atStartDraft(reading, predefined);
  if (atStart) drafts.push(atStart);
  // A setup whose saved game the module lacks is said once here; its scenario declares it unknown.
  const unknownSetups: Diagnostic[] = [];
  for (const p of predefined) {
    if (startsNewGame(p.setup)) continue;
    const draft = await savedGameDraft(reading, p);
    drafts.push(draft);
    if (draft.unknownSetup !== undefined) unknownSetups.push(unknownSetupWarning(draft.name, draft.unknownSetup, p.setup));
  }

  const rankOf = mapRank(locator, mainMapNameOf(locator.gameMapId));
  for (const draft of drafts) draft.placed.sortByPlace(rankOf);
  markerTable.addUnplaced();
  const { copies, copyIds, markerCopies } = unitCopies(drafts, units, markerTable.markers.length, unitIds);
  const markerIds = markerTable.settle(markerOrder(drafts, markerTable.markers.length));
  const { hexes, boxes, listed } = listedPlaces(drafts);
  // Pictures the folder cannot show are left out first: a board left with its name alone is the
  // default board a module built from the data has, whose import leaves it out too.
  const listedBoards = boardFiles(locator.boards, boxes).map(listedBoard);
  const mainMap = mainMapNameOf(locator.gameMapId);
  const boards = withoutDefaultGameBoard(listedBoards, mainMap, pixelOnBoard(drafts, mainMap, MAIN_BOARD));
  const pixelFile = pixelFileOf(boards);
  for (const draft of drafts) for (const [m, mask] of draft.masks ?? []) draft.masks!.set(m, inFolder(mask, maskPicture));
  const files = scenarioFiles(drafts.length, (i) => scenarioFile(drafts[i], units, { copyIds, markerIds }, turns, pixelFile));
  const diagnostics: Diagnostic[] = [...unknownSetups];
  for (const [scenario, { count, first }] of problems)
    diagnostics.push({
      code: 'vassal/setup-position',
      severity: 'warning',
      message: `${scenario}: ${count} placement(s) left out of the setup, their position names no hex or box: ${first.join('; ')}${count > 3 ? '; …' : ''}`,
    });
  for (const { name, unheldBacks } of drafts)
    if (unheldBacks)
      diagnostics.push({
        code: 'vassal/setup-back-unheld',
        severity: 'info',
        message: `${name}: ${unheldBacks} placed unit(s) show a face other than their palette piece's; the data holds no back for them (no values of a reduced side, no flip picture), so they start on their front`,
      });
  const origins = Object.fromEntries(drafts.map((d) => [d.id, d.source]));
  const located = drafts.reduce((n, d) => n + d.placed.length, 0);
  const unplaced = [...problems.values()].reduce((n, p) => n + p.count, 0);
  return {
    files,
    count: drafts.length,
    hexes,
    boxes,
    boards,
    markers: markerTable.files(markerCopies),
    placedMarkers: markerTable.placedCount(),
    markerOrigins: markerTable.origins(),
    markerMasks: settledMasks(reading.carriedMasks, markerIds, maskPicture),
    copies,
    origins,
    placements: { total: located + unplaced, located, listed },
    diagnostics,
  };
}

/** A saved-game setup whose placements are unknown (its saved game absent, or none named), at the setup. */
function unknownSetupWarning(name: string, reason: string, setup: XmlElement): Diagnostic {
  return {
    code: 'vassal/setup-unknown',
    severity: 'warning',
    message: `predefined setup "${name}": ${reason}, so its placements are unknown (VASSAL reports the saved game missing when a player picks this setup)`,
    hint: 'add the saved game to the module, or state the placements in scenarios.json',
    ...positionOf(setup),
  };
}

/** What reading the setups gathers as it goes: scenario ids taken, the units' fronts, the markers' Masks. */
function readingState(units: readonly ImportedUnit[]): Pick<SetupReading, 'scenarioIds' | 'showsBack' | 'carriedMasks'> {
  return { scenarioIds: new IdSpace(), showsBack: backShown(units), carriedMasks: new Map() };
}

/**
 * Whether a placed copy starts on its back. The face a unit's palette slot shows is its front (as
 * its values are read, value-texts.ts): a placed copy shows its back when it shows another face.
 * Only a back the data holds can be started on by a module built from the data; a marker has no
 * back in the data.
 */
function backShown(units: readonly ImportedUnit[]): SetupReading['showsBack'] {
  const fronts = new Map<number, number>();
  return (piece, traits, unheld) => {
    if (piece < 0) return false;
    let front = fronts.get(piece);
    if (front === undefined) fronts.set(piece, (front = shownFace(units[piece].definition.piece.traits)));
    if (shownFace(traits) === front) return false;
    if (holdsBack(units[piece])) return true;
    unheld.count++;
    return false;
  };
}

/** The Masks the markers' first copies carry, by marker id, with their pictures as files of the folder. */
function settledMasks(
  carried: ReadonlyMap<number, MaskTypeFile | undefined>,
  markerIds: readonly string[],
  picture: (image: string) => string,
): Record<string, MaskTypeFile> {
  const masks = new Map<string, MaskTypeFile>();
  for (const [marker, mask] of carried) if (mask) masks.set(markerIds[marker], inFolder(mask, picture));
  return byId(masks);
}

/**
 * Where a module built from the data writes a place's stack: the main map (hexes, then its
 * pixels), the holding map (boxes), then the other maps in the order their boards are listed.
 * Placements go in this order, so that an import of that module reads them back in it.
 */
function mapRank(locator: Locator, mainMap: string): (at: Located) => number {
  const otherMaps = [...new Set(locator.boards.map((b) => b.map))].filter((m) => m !== mainMap);
  return (at) => ('hex' in at ? 0 : !at.at ? 2 : at.at.map === mainMap ? 1 : 3 + otherMaps.indexOf(at.at.map));
}

/** The hexes and boxes the setups place units and markers in, and how many placements are listed. */
function listedPlaces(drafts: readonly ScenarioDraft[]): { hexes: Set<string>; boxes: Set<string>; listed: number } {
  const hexes = new Set<string>();
  const boxes = new Set<string>();
  const markerBoxes = new Set<string>();
  let listed = 0;
  const note = (placed: Placements, i: number, into: Set<string>) => {
    const at = placed.locations[placed.place[i]];
    if ('hex' in at) hexes.add(at.hex);
    else if ('box' in at) into.add(at.box);
  };
  for (const { placed } of drafts) {
    listed += placed.length;
    for (let i = 0; i < placed.length; i++) if (placed.unit[i] >= 0) note(placed, i, boxes);
    // Boxes where units stand first, then those of markers in the order the scenarios list them.
    for (const i of markerSequence(placed)) note(placed, i, markerBoxes);
  }
  for (const box of markerBoxes) boxes.add(box);
  // Then the places of decks without cards.
  for (const { decks } of drafts)
    for (const at of (decks ?? []).flatMap((d) => (d.empty ? [d.empty.at] : []))) {
      if ('hex' in at) hexes.add(at.hex);
      else boxes.add(at.box);
    }
  return { hexes, boxes, listed };
}

/** The boards as map.json lists them: every board recorded, each in its cell, with the zones of listed boxes. */
function boardFiles(records: readonly BoardRecord[], boxes: ReadonlySet<string>): BoardFile[] {
  const cells = boardCells(records);
  return records.map((r, i) => {
    const zones = r.zones
      .filter((z) => boxes.has(z.box))
      .map((z) => ({ name: z.name, box: z.box, polygon: z.polygon.map((c): [number, number] => [c.x, c.y]) }));
    const { column, row } = cells[i];
    return {
      name: r.name,
      map: r.map,
      ...(r.image ? { image: r.image } : {}),
      ...(r.size ? { width: r.size.width, height: r.size.height } : {}),
      ...(r.color ? { color: r.color } : {}),
      ...(column !== 0 ? { column } : {}),
      ...(row !== 0 ? { row } : {}),
      ...(r.outOfNewGame ? { newGame: false as const } : {}),
      ...(zones.length > 0 ? { zones } : {}),
      ...(r.window !== undefined ? { window: r.window.name, ...(r.window.tab !== r.map ? { tab: r.window.tab } : {}) } : {}),
      ...(r.grid ? { grid: r.grid } : {}),
      ...(r.privateTo ? { private: r.privateTo } : {}),
    };
  });
}

/**
 * The boards, less the game map's board when it is the map's only one and says no more than its
 * name (and no placement keeps a pixel on it), the one a module built from the data gives a game map whose board the data does not list:
 * a game map without a board (VASSAL shows a blank map) thus reads back as it was read.
 */
function withoutDefaultGameBoard(boards: BoardFile[], mainMap: string, pixelOnIt: boolean): BoardFile[] {
  const onMain = boards.filter((b) => b.map === mainMap);
  const only = onMain.length === 1 ? onMain[0] : undefined;
  // A pixel kept on the board (in a hex, a zone or the map's box) names the board: it stays listed.
  const plain = !pixelOnIt && only && only.name === MAIN_BOARD && Object.keys(only).every((k) => k === 'name' || k === 'map');
  return plain ? boards.filter((b) => b !== only) : boards;
}

/** Whether a placement or an empty deck keeps a pixel on `board` of `map`. */
function pixelOnBoard(drafts: readonly ScenarioDraft[], map: string, board: string): boolean {
  const on = (at: Location) => 'at' in at && at.at !== undefined && at.at.map === map && at.at.board === board;
  return drafts.some((d) => d.placed.locations.some(on) || (d.decks ?? []).some((deck) => deck.empty !== undefined && on(deck.empty.at)));
}

/**
 * Each board's cell: its own in the module's layout unless a board before it of its map took it;
 * else (a board a new game leaves out, or a cell taken twice) the first free column of the top row.
 */
function boardCells(records: readonly BoardRecord[]): Array<{ column: number; row: number }> {
  const taken = new Set<string>();
  const take = (map: string, column: number, row: number) => taken.add(JSON.stringify([map, column, row]));
  const free = (map: string, column: number, row: number) => !taken.has(JSON.stringify([map, column, row]));
  const cells = records.map((r) => {
    if (!r.cell || !free(r.map, r.cell.column, r.cell.row)) return undefined;
    take(r.map, r.cell.column, r.cell.row);
    return r.cell;
  });
  return records.map((r, i) => {
    const own = cells[i];
    if (own) return own;
    let column = 0;
    while (!free(r.map, column, 0)) column++;
    take(r.map, column, 0);
    return { column, row: 0 };
  });
}

/** A kept pixel as scenarios.json writes it: the board's map named only when another map has a board of that name. */
function pixelFileOf(boards: readonly BoardFile[]): (at: PixelAt) => NonNullable<PlacementFile['at']> {
  const maps = new Map<string, number>();
  for (const b of boards) maps.set(b.name, (maps.get(b.name) ?? 0) + 1);
  return (at) => ({ board: at.board, ...((maps.get(at.board) ?? 0) > 1 ? { map: at.map } : {}), x: at.x, y: at.y });
}

/** A predefined setup and the names of the setup menus holding it, outermost first. */
interface Predefined {
  setup: XmlElement;
  menu: string[];
}

/** The predefined setups of the module, menus opened (each with its menu path), outside maps. */
function predefinedSetups(root: XmlElement): Predefined[] {
  const predefined: Predefined[] = [];
  // Indexed, and leaves not entered: this visits every element of the buildFile.
  const walk = (el: XmlElement, menu: string[]) => {
    const children = el.children;
    for (let i = 0; i < children.length; i++) {
      const c = children[i];
      if (c.name === PREDEFINED_SETUP) {
        if (attribute(c, 'isMenu') === 'true') walk(c, [...menu, attribute(c, 'name') ?? '']);
        else predefined.push({ setup: c, menu });
      } else if (c.children.length > 0 && !MAP_CLASSES.has(c.name)) walk(c, menu);
    }
  };
  walk(root, []);
  return predefined;
}

/** How a scenario's placements are held, with the menu path of its predefined setup when it is in one. */
const heldAs = (setup: ScenarioVassalSetup, menu: readonly string[]): ScenarioVassalSetup =>
  menu.length > 0 ? { ...setup, menu: [...menu] } : setup;

/**
 * A predefined setup that starts a new game (its pieces: the at-start stacks). VASSAL loads a saved
 * game only when `useFile` is true and a file is named (PredefinedSetup.launch); an empty name is
 * a file it fails to find.
 */
const startsNewGame = (setup: XmlElement): boolean => attribute(setup, 'useFile') === 'false' || attribute(setup, 'file') === undefined;

/**
 * The element holding a definition as a stack's piece: its parent, above the deck's editor folders
 * (DeckSubFolder) if any; VASSAL deals a folder's slots into the stack in document order
 * (SetupStack.recursiveInitializeContents).
 */
export function stackOf(ancestors: readonly XmlElement[]): XmlElement | undefined {
  let i = ancestors.length - 1;
  while (i > 0 && ancestors[i].name === DECK_SUB_FOLDER) i--;
  return ancestors[i];
}

/** The at-start stacks as one scenario, named after the setup that starts a new game (if any). */
function atStartDraft(reading: SetupReading, predefined: readonly Predefined[]): ScenarioDraft | undefined {
  const { module, prototypes, locator, mapIds, problem } = reading;
  const stackDefs = new Map<XmlElement, DefinitionRecord[]>();
  for (const def of module.definitions) {
    const stack = stackOf(def.ancestors);
    if (stack?.name !== SETUP_STACK && stack?.name !== DRAW_PILE) continue;
    const list = stackDefs.get(stack) ?? [];
    list.push(def);
    stackDefs.set(stack, list);
  }
  const empty = emptyPiles(module.root, new Set(stackDefs.keys()));
  if (stackDefs.size === 0 && empty.length === 0) return undefined;
  const found = predefined.find((p) => startsNewGame(p.setup));
  const newGame = found?.setup;
  const name = (newGame && attribute(newGame, 'name')) ?? AT_START_SETUP_NAME;
  const draft: ScenarioDraft = {
    id: reading.scenarioIds.take(name, 'at-start'),
    name,
    source: 'at-start stacks',
    vassal: heldAs({ setup: 'at-start stacks' }, found?.menu ?? []),
    placed: new Placements(),
    notes: [],
  };
  const descr = newGame ? attribute(newGame, 'description') : undefined;
  if (descr) draft.description = descr;
  const unheld = { count: 0 };
  for (const [stack, defs] of stackDefs) {
    const ancestors = defs[0].ancestors;
    const mapId = mapIdOf(ancestors, mapIds) ?? '';
    const where = locator.atSetupStack(mapId, stack);
    const stackName = attribute(stack, 'name') ?? '';
    if ('problem' in where) {
      problem(draft.name, `at-start stack "${stackName}"`, where.problem);
      continue;
    }
    const deck = stack.name === DRAW_PILE && stackName !== '';
    const named = namedApart(stack, where, locator);
    const origin: StackOrigin = { ...(named ? { name: stackName } : {}), folders: stackFolders(ancestors) };
    const stackOrigin = (): MarkerOrigin => ({ from: 'at-start stack', stack: [...origin.folders, stackName].join('/') });
    for (const def of defs) {
      const facts = pieceFacts(def, prototypes);
      const shown = () => shownName(def.decoded, prototypes, facts);
      const piece = reading.pieceOf(matchKeyOf(facts), facts, stackOrigin, attribute(def.element, 'entryName') ?? '', shown);
      placeMasked(reading, draft, piece, where, reading.showsBack(piece, def.piece.traits, unheld), origin, def.piece.traits);
    }
    if (deck)
      (draft.decks ??= []).push({ name: stackName, place: draft.placed.place[draft.placed.length - 1], vassal: deckSettings(stack) });
  }
  for (const { pile, ancestors } of empty) {
    const deck = emptyDeck(reading, pile, ancestors, draft.name);
    if (deck) (draft.decks ??= []).push(deck);
  }
  if (unheld.count > 0) draft.unheldBacks = unheld.count;
  if (draft.decks) draft.decks = decksNamedOnce(draft.decks, draft.notes);
  return draft;
}

/** The DrawPiles of the maps that hold no card (a discard pile), with the elements above each, outermost first. */
function emptyPiles(root: XmlElement, filled: ReadonlySet<XmlElement>): Array<{ pile: XmlElement; ancestors: XmlElement[] }> {
  const piles: Array<{ pile: XmlElement; ancestors: XmlElement[] }> = [];
  // One stack of the elements above the one visited, copied only for a pile found (piles are rare).
  const ancestors: XmlElement[] = [root];
  const walk = (el: XmlElement) => {
    const children = el.children;
    for (let i = 0; i < children.length; i++) {
      const c = children[i];
      if (c.name === DRAW_PILE) {
        if (!filled.has(c)) piles.push({ pile: c, ancestors: ancestors.slice() });
      } else if (c.children.length > 0) {
        ancestors.push(c);
        walk(c);
        ancestors.pop();
      }
    }
  };
  walk(root);
  return piles.filter(({ ancestors }) => ancestors.some((a) => MAP_CLASSES.has(a.name)));
}

/** A DrawPile without cards: a named deck at the place VASSAL puts the pile (an unnamed pile is no deck a stack could name). */
function emptyDeck(reading: SetupReading, pile: XmlElement, ancestors: readonly XmlElement[], scenario: string): DeckDraft | undefined {
  const name = attribute(pile, 'name') ?? '';
  const where = reading.locator.atSetupStack(mapIdOf(ancestors, reading.mapIds) ?? '', pile);
  if ('problem' in where) {
    reading.problem(scenario, `deck "${name}"`, where.problem);
    return undefined;
  }
  if (name === '') return undefined;
  return { name, place: -1, vassal: deckSettings(pile), empty: { at: where, folders: stackFolders([...ancestors, pile]) } };
}

/**
 * Decks are told apart by name (a deck's cards are the placements in the stack of its name): piles
 * of one name in one place are one deck (the first's settings); piles that share a name in
 * different places stay stacks of that name, said so in `notes`.
 */
function decksNamedOnce(decks: readonly DeckDraft[], notes: string[]): DeckDraft[] {
  const places = new Map<string, Set<string>>();
  const placeOfDeck = (d: DeckDraft) => (d.empty ? placeKey(d.empty.at) : String(d.place));
  for (const d of decks) places.set(d.name, (places.get(d.name) ?? new Set()).add(placeOfDeck(d)));
  const shared = [...places].filter(([, at]) => at.size > 1).map(([name]) => name);
  if (shared.length > 0)
    notes.push(
      `The module has several decks named ${shared.map((n) => `"${n}"`).join(', ')} in different places: their cards are kept as stacks of that name, not as decks.`,
    );
  return decks.filter((d, i) => !shared.includes(d.name) && decks.findIndex((e) => e.name === d.name) === i);
}

/**
 * Whether an at-start stack's name tells it apart: a stack named as its place is read as unnamed (a
 * build names an unnamed stack so); a deck keeps its name (its cards are the placements in the
 * stack of that name).
 */
export function namedApart(stack: XmlElement, where: Located, locator: Locator): boolean {
  const name = attribute(stack, 'name') ?? '';
  return name !== '' && (stack.name === DRAW_PILE || name !== placeName(where, locator));
}

/** The name a built module gives an unnamed stack at this place: the hex id, else the box's name. */
function placeName(where: Located, locator: Locator): string | undefined {
  if ('hex' in where) return where.hex;
  return locator.boxes.find((b) => b.id === where.box)?.name;
}

/** A predefined setup with a saved game: the pieces it places on maps. */
async function savedGameDraft(reading: SetupReading, { setup, menu }: Predefined): Promise<ScenarioDraft> {
  const { module, prototypes, locator, problem } = reading;
  const name = attribute(setup, 'name') ?? 'Setup';
  const file = attribute(setup, 'file');
  const draft: ScenarioDraft = {
    id: reading.scenarioIds.take(name, 'setup'),
    name,
    source: file ? `saved game ${file}` : 'predefined setup without a file',
    ...(file ? { vassal: heldAs({ setup: 'saved game', file }, menu) } : {}),
    placed: new Placements(),
    notes: [],
  };
  const descr = attribute(setup, 'description');
  if (descr) draft.description = descr;
  // Read now and dropped once its placements are taken: only three numbers per piece stay.
  const save: SavedGameContents | undefined = file ? await readModuleSave(module, file) : undefined;
  if (!file) {
    draft.notes.push('The predefined setup names no saved game; its placements are unknown.');
    draft.unknownSetup = "the module's predefined setup names no saved game";
  } else if (!save) {
    draft.notes.push(`The saved game "${file}" is not in the module; its placements are unknown.`);
    draft.unknownSetup = `the saved game "${file}" is not in the module`;
  } else {
    const fromSave = (): MarkerOrigin => ({ from: 'saved game', file });
    const locate = savedGameLocate(locator, save.commands);
    const unheld = { count: 0 };
    const place = (piece: SavedPiece, where: Location, stack?: StackOrigin) => {
      const facts = factsOfTraits(piece.piece.traits, prototypes);
      if ('problem' in where) problem(draft.name, `piece "${facts.name}"`, where.problem);
      else {
        const shown = () => shownName(piece.piece.traits.map(decodeTrait), prototypes, facts);
        const placed = reading.pieceOf(matchKeyOf(facts), facts, fromSave, '', shown);
        placeMasked(reading, draft, placed, where, reading.showsBack(placed, piece.piece.traits, unheld), stack, piece.piece.traits);
      }
    };
    const { decks, inDeck } = savedDecks(save);
    for (const piece of save.pieces) {
      if (piece.mapId === 'null' || piece.mapId === '' || inDeck.has(piece)) continue;
      place(piece, locate(piece.mapId, { x: piece.x, y: piece.y }));
    }
    for (const deck of decks) readSavedDeck(reading, draft, deck, locate, place);
    if (draft.decks) draft.decks = decksNamedOnce(draft.decks, draft.notes);
    if (unheld.count > 0) draft.unheldBacks = unheld.count;
  }
  return draft;
}

/**
 * A deck of a saved game: its cards placed where the deck stands, in its order, in the stack of
 * its name (an unnamed deck's cards are a plain stack there), and the deck with its saved type and
 * face. A deck off the maps places nothing.
 */
function readSavedDeck(
  reading: SetupReading,
  draft: ScenarioDraft,
  deck: SavedDeck,
  locate: (mapId: string, at: { x: number; y: number }) => Location,
  place: (piece: SavedPiece, where: Location, stack?: StackOrigin) => void,
): void {
  const { record, name, cards } = deck;
  if (record.mapId === 'null' || record.mapId === '') return;
  const where = locate(record.mapId, { x: record.x, y: record.y });
  if ('problem' in where) {
    reading.problem(draft.name, `deck "${name}"`, where.problem);
    return;
  }
  const stack: StackOrigin | undefined = name !== '' ? { name, folders: [] } : undefined;
  const before = draft.placed.length;
  for (const card of cards) place(card, where, stack);
  if (!stack) return;
  const saved = { type: record.type, faceDown: record.faceDown };
  const filled = draft.placed.length > before;
  (draft.decks ??= []).push(
    filled
      ? { name, place: draft.placed.place[draft.placed.length - 1], vassal: {}, saved }
      : { name, place: -1, vassal: {}, saved, empty: { at: where, folders: [] } },
  );
}

/** Where a position of a saved game lies: a save may lay out boards other than those a new game starts with, its pieces lying on those. */
export function savedGameLocate(locator: Locator, commands: readonly string[]): (mapId: string, at: { x: number; y: number }) => Location {
  const boards = savedBoardsByMap(locator, commands);
  return (mapId, at) => {
    const own = boards.get(mapId);
    return own ? locator.atSavedMapPoint(mapId, at, own) : locator.atMapPoint(mapId, at);
  };
}

/** The maps on which a saved game lays out boards of its own, with those boards. */
function savedBoardsByMap(locator: Locator, commands: readonly string[]): Map<string, PlacedBoard[]> {
  const boards = new Map<string, PlacedBoard[]>();
  for (const map of locator.maps) {
    const own = savedBoards(map, commands);
    if (own) boards.set(map.id, own);
  }
  return boards;
}

/**
 * Counters: each palette unit gets as many copies as the setup that places it most often needs
 * (the palette unit and "<id>-2" … "<id>-n"); each marker the most copies one setup places.
 */
function unitCopies(
  drafts: readonly ScenarioDraft[],
  units: readonly ImportedUnit[],
  markers: number,
  unitIds: IdSpace,
): { copies: ScenariosResult['copies']; copyIds: string[][]; markerCopies: Int32Array } {
  const maxCopies = new Int32Array(units.length);
  const count = new Int32Array(units.length);
  const markerCopies = new Int32Array(markers);
  const markerCount = new Int32Array(markers);
  for (const draft of drafts) {
    count.fill(0);
    markerCount.fill(0);
    for (let i = 0; i < draft.placed.length; i++) {
      const unit = draft.placed.unit[i];
      if (unit < 0) markerCount[~unit]++;
      else count[unit]++;
    }
    for (let u = 0; u < units.length; u++) maxCopies[u] = Math.max(maxCopies[u], count[u]);
    for (let m = 0; m < markers; m++) markerCopies[m] = Math.max(markerCopies[m], markerCount[m]);
  }
  const copies: ScenariosResult['copies'] = [];
  const copyIds = units.map((unit, u) => {
    const ids = [unit.id];
    for (let n = 2; n <= maxCopies[u]; n++) {
      const id = unitIds.take(`${unit.id}-${n}`);
      ids.push(id);
      copies.push({ of: unit, id });
    }
    return ids;
  });
  return { copies, copyIds, markerCopies };
}

/** A place as scenarios.json writes it: the hex, or the box (its pixel, its spot), and the at-start stack there. */
function placeOf(
  placed: Placements,
  place: number,
  pixelFile: (at: PixelAt) => NonNullable<PlacementFile['at']>,
): Omit<MarkerPlacementFile, 'marker'> {
  const stack = placed.stacks[place];
  const location = placed.locations[place];
  return {
    ...('at' in location && location.at ? { ...location, at: pixelFile(location.at) } : location),
    ...(stack?.name !== undefined ? { stack: stack.name } : {}),
    ...(stack && stack.folders.length > 0 ? { folders: stack.folders } : {}),
  };
}

/**
 * The markers of a setup in the order a module built from the data places them (indices into
 * `placed`): first those sharing a place with units, in the order of the units' placements, then
 * the others, in hexes, at board pixels, in boxes, each by place (the order within a place is the
 * setup's). An import of that module reads them back so.
 */
function markerSequence(placed: Placements): number[] {
  // A unit group is a place and side shown (scenarioFile); a place ranks as its first group.
  const unitRank = new Map<number, number>();
  const groups = new Set<number>();
  const markerAt: number[] = [];
  for (let i = 0; i < placed.length; i++) {
    if (placed.unit[i] < 0) {
      markerAt.push(i);
      continue;
    }
    const key = groupKey(placed, i);
    if (groups.has(key)) continue;
    if (!unitRank.has(placed.place[i])) unitRank.set(placed.place[i], groups.size);
    groups.add(key);
  }
  const kindRank = (at: Located) => ('hex' in at ? 0 : at.at ? 1 : 2);
  const rank = (i: number) => unitRank.get(placed.place[i]) ?? groups.size + kindRank(placed.locations[placed.place[i]]);
  // Places without units come by their key, not as read: a built module may write their stacks in
  // another order (grouped by folder, map by map), and the order must not depend on it.
  const keyOf = (i: number) =>
    unitRank.has(placed.place[i]) ? '' : placeKey(placed.locations[placed.place[i]], placed.stacks[placed.place[i]]);
  return markerAt
    .map((i) => ({ i, rank: rank(i), key: keyOf(i) }))
    .sort((a, b) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || a.i - b.i)
    .map(({ i }) => i);
}

/** The markers (read indices) in the order the scenarios first list them: the order an import of a module built from them reads them in. */
function markerOrder(drafts: readonly ScenarioDraft[], count: number): number[] {
  const listed = new Uint8Array(count);
  const order: number[] = [];
  for (const { placed } of drafts) {
    for (const i of markerSequence(placed)) {
      const marker = ~placed.unit[i];
      if (listed[marker] === 0) order.push(marker);
      listed[marker] = 1;
    }
  }
  return order;
}

function markerPlacements(
  placed: Placements,
  markerIds: readonly string[],
  pixelFile: (at: PixelAt) => NonNullable<PlacementFile['at']>,
): MarkerPlacementFile[] {
  return markerSequence(placed).map((i) => ({
    marker: markerIds[~placed.unit[i]],
    ...placeOf(placed, placed.place[i], pixelFile),
    ...(placed.faceDown[i] ? { faceDown: true as const } : {}),
  }));
}

/** The decks as scenarios.json writes them, and each deck's card list by its place, to fill in the setup's order. */
function deckCards(
  decks: readonly DeckDraft[] = [],
  pixelFile: (at: PixelAt) => NonNullable<PlacementFile['at']>,
): { files: DeckFile[]; cardsAt: Map<number, string[]> } {
  const cardsAt = new Map<number, string[]>();
  const files = decks.map(({ name, place, vassal, empty, saved }): DeckFile => {
    const cards: string[] = [];
    if (!empty) cardsAt.set(place, cards);
    return {
      name,
      cards,
      ...(Object.keys(vassal).length > 0 ? { vassal } : {}),
      ...(empty ? { place: 'at' in empty.at && empty.at.at ? { ...empty.at, at: pixelFile(empty.at.at) } : { ...empty.at } } : {}),
      ...(empty && empty.folders.length > 0 ? { folders: empty.folders } : {}),
      ...(saved ? { saved } : {}),
    };
  });
  return { files, cardsAt };
}

/** A unit placement groups the units of one place showing one side, face up or down. */
const groupKey = (placed: Placements, i: number): number => (placed.place[i] * 2 + placed.reduced[i]) * 2 + placed.faceDown[i];

/** One scenario: its placements grouped by location and side shown, each copy of a unit placed once. */
function scenarioFile(
  draft: ScenarioDraft,
  units: readonly ImportedUnit[],
  ids: { copyIds: readonly string[][]; markerIds: readonly string[] },
  turns: { first: number; last: number },
  pixelFile: (at: PixelAt) => NonNullable<PlacementFile['at']>,
): ScenarioFile {
  const { placed } = draft;
  const used = new Int32Array(units.length);
  const groups = new Map<number, PlacementFile>();
  const decks = deckCards(draft.decks, pixelFile);
  let markers = 0;
  const unitMasks = new Map<string, MaskFile>();
  for (let i = 0; i < placed.length; i++) {
    const unit = placed.unit[i];
    if (unit < 0) {
      markers++;
      decks.cardsAt.get(placed.place[i])?.push(ids.markerIds[~unit]);
      continue;
    }
    const id = ids.copyIds[unit][used[unit]++];
    decks.cardsAt.get(placed.place[i])?.push(id);
    const key = groupKey(placed, i);
    let group = groups.get(key);
    if (!group) {
      const { stack, folders, ...location } = placeOf(placed, placed.place[i], pixelFile);
      group = {
        units: [],
        ...location,
        ...(placed.reduced[i] ? { reduced: true } : {}),
        ...(placed.faceDown[i] ? { faceDown: true as const } : {}),
        ...(stack !== undefined ? { stack } : {}),
        ...(folders !== undefined ? { folders } : {}),
      };
      groups.set(key, group);
    }
    group.units!.push(id);
    const mask = placed.faceDown[i] ? draft.masks?.get(unit) : undefined;
    if (mask) unitMasks.set(id, mask);
  }
  const scenario: ScenarioFile = {
    id: draft.id,
    name: draft.name,
    ...(draft.description ? { description: draft.description } : {}),
    firstTurn: turns.first,
    lastTurn: turns.last,
    ...(groups.size > 0 ? { setup: [...groups.values()] } : {}),
    ...(markers > 0 ? { markers: markerPlacements(placed, ids.markerIds, pixelFile) } : {}),
    source: {
      derived: `VASSAL ${draft.source}; first and last turn are the module's turn track, which does not state the scenario length`,
    },
  };
  if (draft.unknownSetup !== undefined) scenario.unstated = { '/setup': { unknown: true, reason: draft.unknownSetup } };
  if (draft.vassal) {
    const markerMasks = new Map(
      [...(draft.masks ?? [])].flatMap(([piece, mask]) => (piece < 0 ? [[ids.markerIds[~piece], mask] as const] : [])),
    );
    scenario.vassal = {
      ...draft.vassal,
      ...(markerMasks.size > 0 ? { masks: byId(markerMasks) } : {}),
      ...(unitMasks.size > 0 ? { unitMasks: byId(unitMasks) } : {}),
    };
  }
  if (decks.files.length > 0) scenario.decks = decks.files;
  if (draft.notes.length > 0) scenario.notes = draft.notes.join(' ');
  return scenario;
}
