/**
 * Game + art → the module: the buildFile as an XmlElement tree and one saved game per scenario.
 * Pure (no I/O); `vmod.ts` checks and zips the result.
 *
 * Palette slots get gpids 1, 2, 3 … in palette order (units by side and formation, then markers,
 * then chits); `nextPieceSlotId` is one past the last. Pieces in the setups reuse their slot's
 * definition and gpid, positioned by hex name through the same grid the buildFile declares.
 */
import type { Diagnostic } from '../../diagnostics';
import { known } from '../../model/common';
import type { ChitFile, MarkerFile } from '../../model/files';
import type { Game, Unit } from '../../model/game';
import type { CounterPlan } from '../../plan';
import { encodeSequence } from '../sequence-encoder';
import { numberingFromVassal, snapPointOfHexId, vassalAttributeStrings, vassalGridFor, type VassalGridModel } from '../grid';
import { encodePiece, expandPrototypes, type PieceDefinition } from '../piece';
import type { XmlElement } from '../xml-tree';
import type { FaceImages, ModuleArt } from './art';
import { P, el, map, pieceSlot } from './components';
import { type HoldingLayout, boxCenter, holdingLayout, zonePath } from './holding';
import type { ModuleIdentity } from './metadata';
import { HOLDING_BOARD, HOLDING_MAP, MAIN_BOARD, MAIN_MAP, VASSAL_VERSION, formationName, sideName, unitPieceName } from './names';
import { chitPiece, markerPiece, prototypes, unitPiece } from './pieces';
import { type PlacedPiece, type ScenarioPlacement, holdingBoxLabels, scenarioPlacement } from './placements';
import type { SavedGame, SavedStack } from './saved-game';
import { turnTrackerRestore } from './turn-state';

export interface ModuleSetup {
  /** ZIP entry name of the .vsav, also the PredefinedSetup `file`. */
  path: string;
  name: string;
  description: string;
  save: SavedGame;
}

export interface BuiltModule {
  identity: ModuleIdentity;
  buildFile: XmlElement;
  setups: ModuleSetup[];
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
}

interface SlotRef {
  gpid: number;
  entryName: string;
  piece: PieceDefinition;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Units grouped for the palette: sides in game order, formations in game order, then "Other units". */
function paletteGroups(game: Game): Array<{ side: string; groups: Array<{ name: string; units: Unit[] }> }> {
  const formationOrder = new Map((game.info.formations ?? []).map((f, i) => [f.id, i]));
  return game.info.sides
    .map((side) => {
      const units = game.units.filter((u) => u.side === side.id);
      const byFormation = new Map<string, Unit[]>();
      for (const unit of units) {
        const key = unit.formation ?? '';
        const list = byFormation.get(key);
        if (list) list.push(unit);
        else byFormation.set(key, [unit]);
      }
      const keys = [...byFormation.keys()].sort(
        (a, b) =>
          (a === '' ? 1 : 0) - (b === '' ? 1 : 0) || (formationOrder.get(a) ?? 1e9) - (formationOrder.get(b) ?? 1e9) || compareText(a, b),
      );
      return {
        side: side.id,
        groups: keys.map((key) => ({
          name: key === '' ? (byFormation.size === 1 ? 'Units' : 'Other units') : formationName(game, key),
          units: byFormation.get(key)!,
        })),
      };
    })
    .filter((s) => s.groups.length > 0);
}

function missingArt(what: string, id: string, pointer: string): Diagnostic {
  return {
    code: 'vassal/missing-art',
    severity: 'error',
    message: `no counter image for ${what} "${id}"; the module would show a blank piece`,
    pointer,
  };
}

function turnTracker(game: Game): XmlElement | undefined {
  const turns = game.tracks.turns;
  if (turns.length === 0) return undefined;
  const first = turns[0].turn;
  const last = turns[turns.length - 1].turn;
  // Top-level phases only; a phase's own steps stay on the sequence-of-play card.
  const phases = game.tracks.sequence.map((p) => p.name);
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
      buttonText: 'Turn',
      hotkey: '',
      icon: '',
      length: -1,
      lengthStyle: 'Maximum',
      name: 'Turn',
      nexthotkey: '',
      prevhotkey: '',
      reportFormat: 'Turn updated from $oldTurn$ to $newTurn$',
      tooltip: `Turn record: turns ${first} to ${last}`,
      turnFormat: phases.length > 0 ? 'Turn $level1$: $level2$' : 'Turn $level1$',
    },
    [
      el(
        `${P}module.turn.CounterTurnLevel`,
        { incr: 1, loop: false, loopLimit: last, name: 'Turn', property: 'Turn', start: first, turnFormat: '$value$' },
        phaseLevel,
      ),
    ],
  );
}

function diceButtons(game: Game): XmlElement[] {
  return (game.info.dice ?? []).map((die) => {
    // The id ("2d6") is short enough for a toolbar button; the descriptive name is the tooltip.
    const name = die.id;
    const sum = (die.combine ?? 'sum') === 'sum';
    return el(`${P}module.DiceButton`, {
      addToTotal: 0,
      hotkey: '',
      icon: '',
      keepCount: 1,
      keepDice: false,
      keepOption: '>',
      lockAdd: false,
      lockDice: false,
      lockPlus: false,
      lockSides: false,
      nDice: die.count,
      nSides: die.faces,
      name,
      plus: 0,
      prompt: false,
      // "digits" dice (e.g. 11-66) are read die by die: report each result, not the sum.
      reportFormat:
        sum && die.count > 1
          ? '** $name$ = $result$ (total $numericalTotal$) *** <$PlayerName$>'
          : '** $name$ = $result$ *** <$PlayerName$>',
      reportTotal: false,
      sortDice: false,
      text: name,
      tooltip: die.name ?? `Roll ${die.count}d${die.faces}`,
    });
  });
}

export function buildModule(game: Game, art: ModuleArt, options: BuildModuleOptions): BuiltModule {
  const diagnostics: Diagnostic[] = [];
  const identity: ModuleIdentity = {
    name: game.info.title,
    version: options.version,
    description: game.info.description ?? [game.info.subtitle, known(game.info.publisher)].filter(Boolean).join(' — '),
    dateSaved: options.epoch * 1000,
  };

  // ---- grid
  const vgrid = vassalGridFor({
    numbering: game.map.numbering,
    extent: game.map.extent,
    layout: art.map.geometry.layout,
    firstHexCenter: art.map.geometry.firstHexCenter,
  });
  diagnostics.push(...vgrid.diagnostics.filter((d) => d.severity !== 'info'));
  const gridModel = numberingFromVassal(vgrid.grid, vgrid.gridNumbering);
  const hexGrid = el(
    `${P}module.map.boardPicker.board.HexGrid`,
    { ...vassalAttributeStrings(vgrid.grid), color: '0,0,0', dotsVisible: false, visible: false },
    [
      el(`${P}module.map.boardPicker.board.mapgrid.HexGridNumbering`, {
        ...vassalAttributeStrings(vgrid.gridNumbering),
        color: '0,0,0',
        fontSize: 9,
        hDrawOff: 0,
        rotateText: 0,
        vDrawOff: 0,
        visible: false,
      }),
    ],
  );

  // ---- palette slots (gpids in palette order)
  let nextGpid = 1;
  const slots: SlotRef[] = [];
  const unitSlot = new Map<string, SlotRef>();
  const markerSlot = new Map<string, SlotRef>();
  const slotOf = (entryName: string, make: (gpid: number) => PieceDefinition): SlotRef => {
    const gpid = nextGpid++;
    const ref = { gpid, entryName, piece: make(gpid) };
    slots.push(ref);
    return ref;
  };
  const facesOrReport = (faces: FaceImages | undefined, what: string, id: string, pointer: string): FaceImages | undefined => {
    if (!faces) diagnostics.push(missingArt(what, id, pointer));
    return faces;
  };

  const sideTabs: XmlElement[] = [];
  for (const { side, groups } of paletteGroups(game)) {
    const lists = groups.map((group) => {
      const pieceSlots: XmlElement[] = [];
      for (const unit of group.units) {
        const faces = facesOrReport(art.units.get(unit.id), 'unit', unit.id, `units.csv/${unit.id}`);
        if (!faces) continue;
        const counter = options.plan.units.get(unit.id)!;
        const ref = slotOf(unitPieceName(game, unit), (gpid) => unitPiece(game, counter, faces, { gpid }));
        unitSlot.set(unit.id, ref);
        pieceSlots.push(pieceSlot(ref.entryName, ref.gpid, encodePiece(ref.piece)));
      }
      return el(`${P}widget.ListWidget`, { divider: 150, entryName: group.name, height: 0, scale: '1.0', width: 0 }, pieceSlots);
    });
    sideTabs.push(el(`${P}widget.TabWidget`, { entryName: sideName(game, side) }, lists));
  }
  const extraLists: XmlElement[] = [];
  const counterList = <T extends MarkerFile | ChitFile>(
    title: string,
    items: readonly T[],
    faces: ReadonlyMap<string, FaceImages>,
    what: string,
    build: (item: T, f: FaceImages, gpid: number) => PieceDefinition,
    remember?: Map<string, SlotRef>,
  ) => {
    if (items.length === 0) return;
    const pieceSlots: XmlElement[] = [];
    items.forEach((item, i) => {
      const f = facesOrReport(faces.get(item.id), what, item.id, `/counters/${what}s/${i}`);
      if (!f) return;
      const ref = slotOf(item.name, (gpid) => build(item, f, gpid));
      remember?.set(item.id, ref);
      pieceSlots.push(pieceSlot(ref.entryName, ref.gpid, encodePiece(ref.piece)));
    });
    extraLists.push(el(`${P}widget.ListWidget`, { divider: 150, entryName: title, height: 0, scale: '1.0', width: 0 }, pieceSlots));
  };
  counterList('Markers', game.counters.markers ?? [], art.markers, 'marker', (m, f, gpid) => markerPiece(game, m, f, { gpid }), markerSlot);
  counterList('Chits', game.counters.chits ?? [], art.chits, 'chit', (c, f, gpid) => chitPiece(game, c, f, { gpid }));

  // ---- scenarios → placements, holding boxes
  const placements: ScenarioPlacement[] = [];
  for (const scenario of game.scenarios) {
    const r = scenarioPlacement(game, scenario);
    placements.push(r.placement);
    diagnostics.push(...r.diagnostics);
  }
  const holding = holdingLayout(game, holdingBoxLabels(game, placements));
  if (art.holding && (art.holding.width !== holding.width || art.holding.height !== holding.height)) {
    throw new Error('the holding board image was drawn for a different box layout');
  }

  // Saved pieces have their prototypes expanded, as VASSAL's own saves do: a piece that still says
  // `prototype;Name` keeps a view of the prototype's off-map placeholder (no Delete, no $location$).
  const prototypeList = prototypes(game);
  const prototypeDefinitions = new Map(prototypeList.map((p) => [p.name, p.piece]));
  const expanded = new Map<PieceDefinition, PieceDefinition>();
  const playable = (piece: PieceDefinition): PieceDefinition => {
    let out = expanded.get(piece);
    if (!out) {
      const r = expandPrototypes(piece, prototypeDefinitions);
      diagnostics.push(...r.diagnostics);
      out = r.piece;
      expanded.set(piece, out);
    }
    return out;
  };
  const slotDefinition = (placed: PlacedPiece): PieceDefinition | undefined => {
    if (placed.kind === 'unit') {
      const ref = unitSlot.get(placed.unit.id);
      const faces = art.units.get(placed.unit.id);
      if (!ref || !faces) return undefined;
      return placed.flipped
        ? unitPiece(game, options.plan.units.get(placed.unit.id)!, faces, { gpid: ref.gpid, flipped: true })
        : ref.piece;
    }
    return markerSlot.get(placed.markerId)?.piece;
  };
  const placedDefinition = (placed: PlacedPiece): PieceDefinition | undefined => {
    const slot = slotDefinition(placed);
    return slot && playable(slot);
  };
  // Each setup opens on its scenario's first turn, in the first phase of the sequence of play.
  const turns = game.tracks.turns;
  const setups: ModuleSetup[] = placements.map((p) => {
    const stacks: SavedStack[] = [];
    for (const { hex, pieces } of p.hexes) {
      const at = snapPointOfHexId(gridModel, hex);
      if (!at.ok) {
        diagnostics.push({
          code: 'vassal/setup-hex',
          severity: 'error',
          message: `scenario "${p.scenario.id}" places pieces in "${hex}": ${at.reason}`,
          file: 'scenarios.json',
        });
        continue;
      }
      const defs = pieces.map(placedDefinition).filter((d): d is PieceDefinition => d !== undefined);
      if (defs.length > 0) stacks.push({ mapId: MAIN_MAP, x: at.point.x, y: at.point.y, pieces: defs });
    }
    for (const { box, pieces } of p.boxes) {
      const b = holding.boxes.find((hb) => hb.label === box)!;
      const c = boxCenter(b, holding.labelSize);
      const defs = pieces.map(placedDefinition).filter((d): d is PieceDefinition => d !== undefined);
      if (defs.length > 0) stacks.push({ mapId: HOLDING_MAP, x: c.x, y: c.y, pieces: defs });
    }
    return {
      path: `${p.scenario.id}.vsav`,
      name: p.scenario.name,
      description: p.scenario.description ?? '',
      save: {
        stacks,
        ...(turns.length > 0
          ? {
              turn: turnTrackerRestore({
                turn: p.scenario.firstTurn,
                lastTurn: turns[turns.length - 1].turn,
                phases: game.tracks.sequence.length,
                phase: 0,
              }),
            }
          : {}),
        boards: [
          [MAIN_MAP, MAIN_BOARD],
          [HOLDING_MAP, HOLDING_BOARD],
        ],
      },
    };
  });

  // ---- the tree
  const children: XmlElement[] = [
    el(`${P}module.BasicCommandEncoder`, {}),
    el(`${P}module.Documentation`, {}),
    el(
      `${P}module.PlayerRoster`,
      {
        buttonIcon: '',
        buttonKeyStroke: '',
        buttonText: 'Retire',
        buttonToolTip: 'Switch sides, become observer, or allow another player to take your side',
      },
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
    map({
      mapName: MAIN_MAP,
      buttonName: 'Map',
      launch: false,
      board: el(`${P}module.map.boardPicker.Board`, { image: art.map.image.path, name: MAIN_BOARD, reversible: false }, [hexGrid]),
    }),
  ];
  if (art.holding) {
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
    children.push(
      map({
        mapName: HOLDING_MAP,
        buttonName: 'Boxes',
        launch: true,
        hotkey: '66,195',
        board: el(`${P}module.map.boardPicker.Board`, { image: art.holding.image.path, name: HOLDING_BOARD, reversible: false }, [
          el(`${P}module.map.boardPicker.board.ZonedGrid`, {}, zones),
        ]),
      }),
    );
  } else if (setups.some((s) => s.save.stacks.some((st) => st.mapId === HOLDING_MAP))) {
    diagnostics.push({
      code: 'vassal/no-holding-board',
      severity: 'error',
      message: 'setups use holding boxes but no holding board image was supplied',
    });
  }
  children.push(
    el(
      `${P}module.PrototypesContainer`,
      {},
      prototypeList.map((p) =>
        el(`${P}module.PrototypeDefinition`, { description: p.description, name: p.name }, [], encodePiece(p.piece)),
      ),
    ),
    el(
      `${P}module.PieceWindow`,
      {
        defaultWidth: 0,
        hidden: false,
        hotkey: '67,195',
        icon: '',
        name: 'Counters',
        scale: '1.0',
        text: 'Counters',
        tooltip: 'Counter palette',
      },
      [el(`${P}widget.TabWidget`, { entryName: 'Counters' }, [...sideTabs, ...extraLists])],
    ),
    ...diceButtons(game),
  );
  const tracker = turnTracker(game);
  if (tracker) children.push(tracker);
  if (art.charts.length > 0) {
    children.push(
      el(`${P}module.ChartWindow`, { hotkey: '', icon: '', name: 'Charts', text: 'Charts', tooltip: 'Player aids' }, [
        el(
          `${P}widget.TabWidget`,
          { entryName: 'Charts' },
          art.charts.map((c) => el(`${P}widget.Chart`, { chartName: c.name, description: '', fileName: c.image.path })),
        ),
      ]),
    );
  }
  for (const s of setups) children.push(el(`${P}module.PredefinedSetup`, { file: s.path, isMenu: false, name: s.name, useFile: true }));

  const buildFile = el(
    `${P}GameModule`,
    {
      ModuleOther1: '',
      ModuleOther2: '',
      VassalVersion: VASSAL_VERSION,
      description: identity.description,
      name: identity.name,
      nextPieceSlotId: nextGpid,
      version: identity.version,
    },
    children,
  );
  return { identity, buildFile, setups, slots, holding, grid: gridModel, diagnostics };
}

/** The holding boxes every scenario of the game needs, laid out; the same layout buildModule uses. */
export function moduleHoldingLayout(game: Game): HoldingLayout {
  return holdingLayout(
    game,
    holdingBoxLabels(
      game,
      game.scenarios.map((s) => scenarioPlacement(game, s).placement),
    ),
  );
}
