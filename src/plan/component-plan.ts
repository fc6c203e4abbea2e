/**
 * The component plan: every fact the outputs share about a game's components, worked out once per
 * build from the resolved Game. Pure: no fonts, no files, no drawing.
 *
 *   counters   every unit, marker and chit: size, copies, both faces formatted, whether it has a back
 *   sheets     which sheet, slot and counters.pdf page every copy goes to
 *   paper      the print settings (counters.json `sheet` under `--set`)
 *   map        the map's hex geometry at the module scale (the board image and the VASSAL grid)
 *
 * Each counter and face carries a stable key (`unit/<id>`, `unit/<id>/front`), so a later build can
 * tell which faces and pages changed.
 */
import type { Diagnostic } from '../diagnostics';
import type { Game, Unit } from '../model/game';
import { type PlannedCounter, type UnitCounter, chitCounter, markerCounter, unitCounter, unknownCountDiagnostic } from './counters';
import { defaultColourDiagnostics } from './faces';
import { type MapGeometry, mapPixelGeometry } from './map-geometry';
import { type PaperSettings, type Settings, paperSettings } from './paper';
import { type SheetsPlan, counterPages, planCounterSheets } from './sheets';

export interface CounterPlan {
  paper: PaperSettings;
  /** Problems with the `--set` print settings (errors: nothing can be printed). */
  paperDiagnostics: Diagnostic[];
  /** Units in units.csv order, then markers, then chits. */
  counters: PlannedCounter[];
  /** Unit counters by unit id. */
  units: ReadonlyMap<string, UnitCounter>;
  sheets: SheetsPlan;
  /** 1-based counters.pdf pages of every copy of each counter, by counter key. */
  pages: ReadonlyMap<string, { front: number[]; back: number[] }>;
  /** Default face colours, counts that are not known, counters that fit no sheet. */
  diagnostics: Diagnostic[];
}

export interface ComponentPlan extends CounterPlan {
  /** Hex geometry of the module's map image (pixels at map.moduleScale). */
  map: MapGeometry;
}

/** Works out one unit's counter: unitCounter, or it on a narrower view of the game (pipeline.ts). */
export type UnitCounterOf = (game: Game, unit: Unit) => UnitCounter;

/** The counters, their sheets and the paper: what counters.pdf, the module's pieces and the diff share. */
export function planCounters(game: Game, settings: Settings = {}, counterOf: UnitCounterOf = unitCounter): CounterPlan {
  const { paper, diagnostics: paperDiagnostics } = paperSettings(game, settings);
  const units = game.units.map((u) => counterOf(game, u));
  const markers = (game.counters.markers ?? []).map((m) => markerCounter(game, m));
  const chits = (game.counters.chits ?? []).map((c) => chitCounter(game, c));
  const counters: PlannedCounter[] = [...units, ...markers, ...chits];
  const sheets = planCounterSheets(counters, paper);
  const diagnostics = [
    ...defaultColourDiagnostics(game),
    ...[...markers, ...chits].filter((c) => c.countUnknown).map(unknownCountDiagnostic),
    ...sheets.diagnostics,
  ];
  return {
    paper,
    paperDiagnostics,
    counters,
    units: new Map(units.map((u) => [u.id, u])),
    sheets,
    pages: counterPages(sheets.sheets),
    diagnostics,
  };
}

export function buildComponentPlan(game: Game, settings: Settings = {}, counterOf?: UnitCounterOf): ComponentPlan {
  return { ...planCounters(game, settings, counterOf), map: mapPixelGeometry(game) };
}
