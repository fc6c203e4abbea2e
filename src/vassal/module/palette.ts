/**
 * The counter palette: one tab per side with a list per formation, then the markers and chits.
 * Slots get gpids 1, 2, 3 … in that order; a counter without art gets no slot and an error.
 */
import type { Diagnostic } from '../../diagnostics';
import type { ChitFile, MarkerFile } from '../../model/files';
import { counterMask } from '../../model/counter-masks';
import type { Game, Unit } from '../../model/game';
import type { CounterPlan, UnitCounter } from '../../plan';
import { encodePiece, type PieceDefinition } from '../piece';
import type { XmlElement } from '../xml-tree';
import type { FaceImages, ModuleArt } from './art';
import { P, el, pieceSlot } from './components';
import { formationName, sideName, unitPieceName } from './names';
import { withMask } from './masks';
import { chitPiece, markerPiece, unitPiece } from './pieces';

export interface SlotRef {
  gpid: number;
  entryName: string;
  piece: PieceDefinition;
}

/**
 * Unit pieces made by earlier builds, by what a unit's piece is made from besides the game's `info`
 * (which the store's keys are scoped to): a rebuild after one unit changed makes and encodes that
 * unit's piece only. Trait objects come back as plain `{ type, state }`, as every slot's are.
 */
export interface KeptUnitPieces {
  get(key: string): UnitSlotPiece | undefined;
  put(key: string, made: UnitSlotPiece): void;
}

/** A unit's palette piece and its encoded definition (the PieceSlot's text). */
export interface UnitSlotPiece {
  piece: PieceDefinition;
  text: string;
}

/**
 * What a unit's palette piece is made from besides the game's `info` (sides, types, formations,
 * sizes and unit fields name its properties and prototypes): its record, its faces and its gpid.
 */
function unitPieceKey(unit: Unit, faces: FaceImages, gpid: number): string {
  return JSON.stringify([gpid, faces.front.path, faces.back?.path ?? null, unit]);
}

/** The unit's palette piece, kept from an earlier build when its inputs are unchanged. */
function unitSlotPiece(game: Game, counter: UnitCounter, faces: FaceImages, gpid: number, kept?: KeptUnitPieces): UnitSlotPiece {
  const key = kept && unitPieceKey(counter.unit, faces, gpid);
  const known = key === undefined ? undefined : kept!.get(key);
  if (known) return known;
  const built = unitPiece(game, counter, faces, { gpid });
  const piece = { id: built.id, traits: built.traits.map(({ type, state }) => ({ type, state })) };
  const made = { piece, text: encodePiece(piece) };
  if (key !== undefined) kept!.put(key, made);
  return made;
}

export interface Palette {
  /** Every slot, in gpid order. */
  slots: SlotRef[];
  unitSlot: Map<string, SlotRef>;
  markerSlot: Map<string, SlotRef>;
  /** The side tabs, then the marker and chit lists. */
  tabs: XmlElement[];
  /** One past the last gpid (the buildFile's `nextPieceSlotId`). */
  nextGpid: number;
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

const listWidget = (entryName: string, pieceSlots: XmlElement[]) =>
  el(`${P}widget.ListWidget`, { divider: 150, entryName, height: 0, scale: '1.0', width: 0 }, pieceSlots);

export function buildPalette(game: Game, art: ModuleArt, plan: CounterPlan, diagnostics: Diagnostic[], kept?: KeptUnitPieces): Palette {
  const palette: Palette = { slots: [], unitSlot: new Map(), markerSlot: new Map(), tabs: [], nextGpid: 1 };
  const slotOf = (entryName: string, make: (gpid: number) => PieceDefinition): SlotRef => {
    const gpid = palette.nextGpid++;
    const ref = { gpid, entryName, piece: make(gpid) };
    palette.slots.push(ref);
    return ref;
  };
  const facesOrReport = (faces: FaceImages | undefined, what: string, id: string, pointer: () => string): FaceImages | undefined => {
    if (!faces) diagnostics.push(missingArt(what, id, pointer()));
    return faces;
  };

  for (const { side, groups } of paletteGroups(game)) {
    const lists = groups.map((group) => {
      const pieceSlots: XmlElement[] = [];
      for (const unit of group.units) {
        const faces = facesOrReport(art.units.get(unit.id), 'unit', unit.id, () => `units.csv/${unit.id}`);
        if (!faces) continue;
        const counter = plan.units.get(unit.id)!;
        const mask = counterMask(game.counters, 'units', unit.id);
        let text = '';
        const ref = slotOf(unitPieceName(game, unit), (gpid) => {
          const made = unitSlotPiece(game, counter, faces, gpid, kept);
          if (!mask) {
            text = made.text;
            return made.piece;
          }
          const piece = withMask(made.piece, mask, art);
          text = encodePiece(piece);
          return piece;
        });
        palette.unitSlot.set(unit.id, ref);
        pieceSlots.push(pieceSlot(ref.entryName, ref.gpid, text));
      }
      return listWidget(group.name, pieceSlots);
    });
    palette.tabs.push(el(`${P}widget.TabWidget`, { entryName: sideName(game, side) }, lists));
  }
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
      const f = facesOrReport(faces.get(item.id), what, item.id, () => `/counters/${what}s/${i}`);
      if (!f) return;
      const ref = slotOf(item.name, (gpid) => build(item, f, gpid));
      remember?.set(item.id, ref);
      pieceSlots.push(pieceSlot(ref.entryName, ref.gpid, encodePiece(ref.piece)));
    });
    palette.tabs.push(listWidget(title, pieceSlots));
  };
  counterList(
    'Markers',
    game.counters.markers ?? [],
    art.markers,
    'marker',
    (m, f, gpid) => {
      const piece = markerPiece(game, m, f, { gpid });
      const mask = counterMask(game.counters, 'markers', m.id);
      return mask ? withMask(piece, mask, art) : piece;
    },
    palette.markerSlot,
  );
  counterList('Chits', game.counters.chits ?? [], art.chits, 'chit', (c, f, gpid) => chitPiece(game, c, f, { gpid }));
  return palette;
}
