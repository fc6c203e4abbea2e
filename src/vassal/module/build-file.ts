/**
 * Game + art → the module: the buildFile as an XmlElement tree and one saved game per scenario,
 * except a scenario the data says came from at-start stacks (built as such, ./at-start.ts) and one
 * whose placements are unknown. Pure (no I/O); `vmod.ts` checks and zips the result.
 *
 * Palette slots get gpids 1, 2, 3 … in palette order (units by side and formation, then markers,
 * then chits), the at-start stacks' slots the next ones; `nextPieceSlotId` is one past the last.
 * Pieces in the saves reuse their palette slot's definition and gpid, positioned by hex name
 * through the same grid the buildFile declares.
 */
import type { Diagnostic } from '../../diagnostics';
import { known } from '../../model/common';
import type { ScenarioFile } from '../../model/files';
import type { Game } from '../../model/game';
import type { CounterPlan } from '../../plan';
import { encodeSequence } from '../sequence-encoder';
import type { VassalGridModel } from '../grid';
import { encodePiece, type PieceDefinition } from '../piece';
import { attribute, type XmlElement } from '../xml-tree';
import type { ModuleArt } from './art';
import {
  type ButtonOf,
  DIE_ATTRIBUTES,
  buttonAttributes,
  buttonsOf,
  dieName,
  componentButtonAttributes,
  listsComponent,
  mapToolsOf,
} from './buttons';
import { P, el, map } from './components';
import { type HoldingLayout, holdingLayout, zonePath } from './holding';
import type { ModuleIdentity } from './metadata';
import { AT_START_SETUP_NAME, HOLDING_BOARD, HOLDING_MAP, VASSAL_VERSION, mainMapName, moduleDataSource } from './names';
import {
  type BuiltBoards,
  boardElement,
  type BoardPicture,
  boardMaps,
  boardOrigins,
  builtBoards,
  mainBoardName,
  mainMapOtherBoards,
  newGameBoardsCommand,
  needsLayout,
} from './boards';
import { imageHeader } from '../../data/image-header';
import { type KeptUnitPieces, buildPalette } from './palette';
import { boardHasNoGrid, boardHasNoSize, noGameMap, setupUnstated, trackerPhases, trackerTurns } from './unstated';
import { prototypes } from './pieces';
import { holdingBoxLabels, scenarioPlacement } from './placements';
import { chartWindow, joinChartWindow } from './chart-window';
import { mainGrid } from './main-grid';
import { type ModuleSetup, type SetupSources, buildSetups, emptyDeckTarget, placedStacks, slotDefinition } from './setups';
import { type AtStartStacks, atStartScenario, atStartStacks } from './at-start';

export type { ModuleSetup };

export interface BuiltModule {
  identity: ModuleIdentity;
  buildFile: XmlElement;
  setups: ModuleSetup[];
  /** The HtmlCharts' pages, by archive entry name. */
  pages: Array<{ path: string; text: string }>;
  /** Saves a setup names that the module does not hold: the data keeps the name of a save the imported module lacked. */
  absentSaves: string[];
  /** Every slot's definition by gpid (palette order). */
  slots: Array<{ gpid: number; entryName: string; piece: PieceDefinition }>;
  holding: HoldingLayout;
  grid: VassalGridModel;
  diagnostics: Diagnostic[];
}

export interface BuildModuleOptions {
  /** Module version (changes whenever an image changes, see art.ts `imagesHash`). */
  version: string;
  /** Seconds since 1970, for metadata dates. */
  epoch: number;
  /** The component plan's counters: which pieces flip, and how their backs are named. */
  plan: CounterPlan;
  /** Unit pieces earlier builds made, so unchanged units' pieces are not made again. */
  keptUnitPieces?: KeptUnitPieces;
}

function turnTracker(game: Game, buttonOf: ButtonOf): XmlElement | undefined {
  const turns = trackerTurns(game);
  if (!turns) return undefined;
  const { first, last } = turns;
  // Top-level phases only; a phase's own steps stay on the sequence-of-play card.
  const phases = trackerPhases(game);
  const phaseLevel =
    phases.length > 0
      ? [
          el(`${P}module.turn.ListTurnLevel`, {
            configFirst: false,
            configList: false,
            list: encodeSequence(phases, ',') ?? '',
            name: 'Phase',
            property: 'Phase',
            prompt: '',
            turnFormat: '$value$',
          }),
        ]
      : [];
  return el(
    `${P}module.turn.TurnTracker`,
    {
      ...componentButtonAttributes('turn', buttonOf({ component: 'turn' })),
      length: -1,
      lengthStyle: 'Maximum',
      name: 'Turn',
      nexthotkey: '',
      prevhotkey: '',
      reportFormat: 'Turn updated from $oldTurn$ to $newTurn$',
      tooltip: last === undefined ? `Turn record: from turn ${first}` : `Turn record: turns ${first} to ${last}`,
      turnFormat: phases.length > 0 ? 'Turn $level1$: $level2$' : 'Turn $level1$',
    },
    [
      el(
        `${P}module.turn.CounterTurnLevel`,
        { incr: 1, loop: false, loopLimit: last ?? -1, name: 'Turn', property: 'Turn', start: first, turnFormat: '$value$' },
        phaseLevel,
      ),
    ],
  );
}

/**
 * Each die's DiceButton, named by the die's name (which VASSAL's roll report prints), its text,
 * tooltip, icon and key the data's (map.json `buttons[].die`) over the built default (./buttons.ts `dieButton`).
 */
function diceButtons(game: Game, buttonOf: ButtonOf): XmlElement[] {
  return (game.info.dice ?? []).map((die) => {
    const sum = (die.combine ?? 'sum') === 'sum';
    return el(`${P}module.DiceButton`, {
      addToTotal: 0,
      keepCount: 1,
      keepDice: false,
      keepOption: '>',
      lockAdd: false,
      lockDice: false,
      lockPlus: false,
      lockSides: false,
      nDice: die.count,
      nSides: die.faces,
      name: dieName(die),
      plus: 0,
      prompt: false,
      // "digits" dice (e.g. 11-66) are read die by die: report each result, not the sum.
      reportFormat:
        sum && die.count > 1
          ? '** $name$ = $result$ (total $numericalTotal$) *** <$PlayerName$>'
          : '** $name$ = $result$ *** <$PlayerName$>',
      reportTotal: false,
      sortDice: false,
      ...buttonAttributes(DIE_ATTRIBUTES, buttonOf({ die: die.id })),
    });
  });
}

export function buildModule(game: Game, art: ModuleArt, options: BuildModuleOptions): BuiltModule {
  const diagnostics: Diagnostic[] = [];
  const identity: ModuleIdentity = {
    name: game.info.title,
    version: options.version,
    description: game.info.description ?? [game.info.subtitle, known(game.info.publisher)].filter(Boolean).join(' — '),
    other1: moduleDataSource(game),
    dateSaved: options.epoch * 1000,
  };
  const { hexGrid, zonedGrid, gridModel } = mainGrid(game, art, diagnostics);
  const palette = buildPalette(game, art, options.plan, diagnostics, options.keptUnitPieces);

  // ---- scenarios → holding boxes, saved games (each setup's placements made when its save is)
  const holding = moduleHoldingLayout(game);
  if (art.holding && (art.holding.width !== holding.width || art.holding.height !== holding.height)) {
    throw new Error('the holding board image was drawn for a different box layout');
  }
  const prototypeList = prototypes(game);
  const boards = builtBoards(game);
  const sources: SetupSources = {
    game,
    art,
    plan: options.plan,
    palette,
    grid: gridModel,
    holding,
    boards,
    origins: boardOrigins(boards, mainPictureSize(game, art)),
    prototypes: new Map(prototypeList.map((p) => [p.name, p.piece])),
  };
  // A scenario whose placements the data does not know gets no saved game; the one from at-start stacks gets them again.
  const stated = game.scenarios.filter((s) => !setupUnstated(s));
  const atStart = atStartScenario(stated, diagnostics);
  const saved = stated.filter((s) => s !== atStart);
  const setups = buildSetups(sources, saved, (s) => scenarioPlacement(game, s).placement, diagnostics);
  const saveOf = new Map(saved.map((s, i) => [s.id, setups[i]]));
  const stacks = atStartOf(sources, atStart, diagnostics);

  // ---- the tree
  const buttonOf = buttonsOf(game, art);
  const children: XmlElement[] = [
    ...fixedComponents(game, buttonOf),
    ...mapWindows(sources, zonedGrid ?? hexGrid, setups, stacks, diagnostics),
  ];
  children.push(
    el(
      `${P}module.PrototypesContainer`,
      {},
      prototypeList.map((p) =>
        el(`${P}module.PrototypeDefinition`, { description: p.description, name: p.name }, [], encodePiece(p.piece)),
      ),
    ),
    pieceWindow(palette.tabs, buttonOf),
    ...diceButtons(game, buttonOf),
  );
  const tracker = turnTracker(game, buttonOf);
  if (tracker) children.push(tracker);
  if (listsComponent(game, 'notes'))
    children.push(el(`${P}module.NotesWindow`, componentButtonAttributes('notes', buttonOf({ component: 'notes' }))));
  const charts = art.charts.length > 0 ? chartWindow(game, art, buttonOf) : undefined;
  if (charts && !joinChartWindow(children, charts.element)) children.push(charts.element);
  const absentSaves = absentSaveNames(game, saveOf, diagnostics);
  children.push(...predefinedSetups(game, atStart, saveOf, absentSaves));

  const buildFile = el(
    `${P}GameModule`,
    {
      ModuleOther1: identity.other1 ?? '',
      ModuleOther2: '',
      VassalVersion: VASSAL_VERSION,
      description: identity.description,
      name: identity.name,
      nextPieceSlotId: stacks.nextGpid,
      version: identity.version,
    },
    children,
  );
  const absent = [...absentSaves.values()];
  const pages = charts?.pages ?? [];
  return { identity, buildFile, setups, pages, absentSaves: absent, slots: palette.slots, holding, grid: gridModel, diagnostics };
}

/** The at-start scenario's stacks (none without one); their slots take gpids after the palette's. */
function atStartOf(sources: SetupSources, atStart: ScenarioFile | undefined, diagnostics: Diagnostic[]): AtStartStacks {
  if (!atStart) return { byMap: new Map(), nextGpid: sources.palette.nextGpid };
  const { placement } = scenarioPlacement(sources.game, atStart);
  const stacks = placedStacks(sources, placement, (placed) => slotDefinition(sources, placed), diagnostics);
  return atStartStacks(placement.scenario, stacks, sources.palette.nextGpid, emptyDeckTarget(sources, atStart, diagnostics));
}

/** The main map (unless the data has none), the holding boxes' map (when there are boxes), and the map of each other board. */
function mapWindows(
  sources: SetupSources,
  boardGrid: XmlElement,
  setups: readonly ModuleSetup[],
  stacks: AtStartStacks,
  diagnostics: Diagnostic[],
): XmlElement[] {
  const { game, art, holding, boards } = sources;
  const maps = noGameMap(game) ? [] : [mainMap(game, art, boardGrid, boards, stacks.byMap.get(mainMapName(game)) ?? [])];
  if (art.holding) maps.push(holdingMap(art.holding, holding, stacks.byMap.get(HOLDING_MAP) ?? []));
  else if (setups.some((s) => s.usesHoldingMap) || stacks.byMap.has(HOLDING_MAP)) {
    diagnostics.push({
      code: 'vassal/no-holding-board',
      severity: 'error',
      message: 'setups use holding boxes but no holding board image was supplied',
    });
  }
  const buttonOf = buttonsOf(game, art);
  return [
    ...maps,
    ...boardMaps(
      boards,
      mainMapName(game),
      stacks.byMap,
      boardPicture(art),
      buttonOf,
      (m) => mapToolsOf(game, buttonOf, m),
      game.map.backgrounds,
    ),
  ];
}

/**
 * One setup per scenario. Without a file, VASSAL starts the scenario as a new game
 * (PredefinedSetup.launch), which places the at-start stacks: the at-start scenario gets one only
 * to carry a name or description of its own (an import names the new game so), as `useFile="false"`.
 * A setup the data puts in menus (scenarios.json `vassal.menu`) is nested in menus of those names.
 */
function predefinedSetups(
  game: Game,
  atStart: ScenarioFile | undefined,
  saveOf: ReadonlyMap<string, ModuleSetup>,
  absentSaves: ReadonlyMap<string, string>,
): XmlElement[] {
  const out: XmlElement[] = [];
  for (const scenario of game.scenarios) {
    const isAtStart = scenario === atStart;
    const menu = scenario.vassal?.menu ?? [];
    if (isAtStart && scenario.name === AT_START_SETUP_NAME && !scenario.description && menu.length === 0) continue;
    const file = saveOf.get(scenario.id)?.path ?? absentSaves.get(scenario.id);
    setupMenu(out, menu).push(
      el(`${P}module.PredefinedSetup`, {
        ...(scenario.description ? { description: scenario.description } : {}),
        ...(file !== undefined ? { file } : {}),
        isMenu: false,
        name: scenario.name,
        useFile: !isAtStart,
      }),
    );
  }
  return out;
}

/**
 * The children of the setup menu at `path` under `top` (`top` itself for none), each menu made
 * where its first setup comes and joined by the setups after it (VASSAL lists them in that order).
 */
function setupMenu(top: XmlElement[], path: readonly string[]): XmlElement[] {
  let children = top;
  for (const name of path) {
    let menu = children.find((c) => attribute(c, 'isMenu') === 'true' && attribute(c, 'name') === name);
    if (!menu) children.push((menu = el(`${P}module.PredefinedSetup`, { isMenu: true, name })));
    children = menu.children;
  }
  return children;
}

/**
 * Scenario id → the save its setup names although the data does not know its placements: the
 * imported module named a save it lacked, and the rebuilt one names it again (so that an import
 * of it says the same). Not when a save the module holds has that name.
 */
function absentSaveNames(game: Game, saveOf: ReadonlyMap<string, ModuleSetup>, diagnostics: Diagnostic[]): Map<string, string> {
  const held = new Set([...saveOf.values()].map((s) => s.path));
  const out = new Map<string, string>();
  for (const s of game.scenarios) {
    const file = s.vassal?.setup === 'saved game' ? s.vassal.file : undefined;
    if (setupUnstated(s) && file !== undefined && !held.has(file)) out.set(s.id, file);
  }
  for (const [id, file] of out)
    diagnostics.push({
      code: 'vassal/absent-setup-save',
      severity: 'warning',
      message: `scenario "${id}": its setup names the saved game "${file}", which the module does not hold (the data does not know its placements); VASSAL reports it missing when a player picks the setup`,
      hint: 'state the placements in scenarios.json, or remove its `vassal` `file` to build a setup without a saved game',
      pointer: `scenarios.json/scenarios/${id}/vassal/file`,
    });
  return out;
}

/** The components every module starts with: encoder, documentation, the sides, options, chat. */
function fixedComponents(game: Game, buttonOf: ButtonOf): XmlElement[] {
  return [
    el(`${P}module.BasicCommandEncoder`, {}),
    el(`${P}module.Documentation`, {}),
    el(
      `${P}module.PlayerRoster`,
      componentButtonAttributes('roster', buttonOf({ component: 'roster' })),
      game.info.sides.map((s) => el('entry', {}, [], s.name)),
    ),
    el(`${P}module.GlobalOptions`, {
      autoReport: 'Always',
      centerOnMove: 'Use Preferences Setting',
      chatterHTMLSupport: 'Never',
      hotKeysOnClosedWindows: 'Never',
      inventoryForAll: 'Always',
      nonOwnerUnmaskable: 'Never',
      playerIdFormat: '$PlayerName$',
      promptString: 'Opponents can unmask pieces',
    }),
    el(`${P}module.Chatter`, {}),
  ];
}

/** Where the module holds a board's picture (art.ts `boards`). */
const boardPicture =
  (art: ModuleArt): BoardPicture =>
  (board) =>
    board.image !== undefined ? art.boards?.get(board.image)?.path : undefined;

/** The game map: the board of the hexes (its picture, its grid), then its other boards in their cells. */
function mainMap(game: Game, art: ModuleArt, boardGrid: XmlElement, boards: BuiltBoards, atStart: XmlElement[]): XmlElement {
  const picture = boardPicture(art);
  // Without a map picture and a known extent, the board of the hexes shows its own picture, if any.
  const image = boardHasNoSize(game) ? boards.main && picture(boards.main) : art.map.image.path;
  const name = mainMapName(game);
  const layout = boards.maps.find((m) => m.map === name);
  const buttonOf = buttonsOf(game, art);
  return map({
    atStart,
    mapName: name,
    button: buttonOf({ map: name }),
    tools: mapToolsOf(game, buttonOf, name),
    launch: false,
    background: game.map.backgrounds?.[game.map.name ?? name],
    boards: [
      boardElement(mainBoardName(boards), boards.main, image, boardHasNoGrid(game) ? undefined : boardGrid),
      ...mainMapOtherBoards(boards, name, picture),
    ],
    ...(needsLayout(layout) ? { setup: newGameBoardsCommand(layout) } : {}),
  });
}

/** The pixel size of the game board's picture; undefined when the board has none. */
function mainPictureSize(game: Game, art: ModuleArt): { width: number; height: number } | undefined {
  if (boardHasNoSize(game)) return undefined;
  const header = imageHeader(art.map.image.data);
  return header && { width: header.width, height: header.height };
}

/** The holding boxes' own map window: one zone per box, named by its label. */
function holdingMap(image: NonNullable<ModuleArt['holding']>, holding: HoldingLayout, atStart: XmlElement[]): XmlElement {
  const zones = holding.boxes.map((b) =>
    el(`${P}module.map.boardPicker.board.mapgrid.Zone`, {
      highlightProperty: '',
      locationFormat: '$name$',
      name: b.label,
      path: zonePath(b),
      useHighlight: false,
      useParentGrid: false,
    }),
  );
  return map({
    atStart,
    mapName: HOLDING_MAP,
    button: { text: 'Boxes', tooltip: '', icon: '', hotkey: '66,195' },
    launch: true,
    boards: [
      el(`${P}module.map.boardPicker.Board`, { image: image.image.path, name: HOLDING_BOARD, reversible: false }, [
        el(`${P}module.map.boardPicker.board.ZonedGrid`, {}, zones),
      ]),
    ],
  });
}

function pieceWindow(tabs: XmlElement[], buttonOf: ButtonOf): XmlElement {
  return el(
    `${P}module.PieceWindow`,
    {
      defaultWidth: 0,
      hidden: false,
      name: 'Counters',
      scale: '1.0',
      ...componentButtonAttributes('pieces', buttonOf({ component: 'pieces' })),
    },
    [el(`${P}widget.TabWidget`, { entryName: 'Counters' }, tabs)],
  );
}

const labelsOfScenarios = new WeakMap<readonly ScenarioFile[], string[]>();

/**
 * The holding boxes every scenario of the game needs, laid out; the same layout buildModule uses.
 * The boxes' labels are found once per list of scenarios (the holding board's picture is drawn for
 * them before the module is built), each scenario's placements made and dropped in turn.
 */
export function moduleHoldingLayout(game: Game): HoldingLayout {
  let labels = labelsOfScenarios.get(game.scenarios);
  if (!labels) {
    const used = game.scenarios.flatMap((scenario) => scenarioPlacement(game, scenario).placement.boxes.map((b) => b.box));
    labels = holdingBoxLabels(game, used);
    labelsOfScenarios.set(game.scenarios, labels);
  }
  return holdingLayout(game, labels);
}
