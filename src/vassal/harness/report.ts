/**
 * The JSON the VASSAL harness (vassal-harness/, Java) writes about one module, as typed values.
 * Parsing checks the shape only; judging what it means is judge.ts.
 */

export interface LogEntry {
  level: 'warn' | 'error' | string;
  logger: string;
  message: string;
  exception?: string;
}

export interface DialogEntry {
  title: string | null;
  text: string;
}

export interface SlotProblem {
  slot: string | null;
  definition: string | null;
  reencoded?: string;
}

export interface GridSweep {
  map: string;
  board: string;
  grid: string;
  cells: number;
  named: number;
  failures: Array<{ name: string; x: number; y: number; pointX: number | null; pointY: number | null; nameBack: string | null }>;
}

export interface SetupPiece {
  /** The BasicPiece name (the palette name, not changed by a flip). */
  name: string;
  shownName: string;
  map: string;
  x: number;
  y: number;
  /** `Map.locationName` of the piece's position: what move reports show. */
  location: string;
  /** The piece's `$LocationName$` property: empty when a trait cannot see the map. */
  locationProperty: string;
  snapX: number;
  snapY: number;
  /** The values of the properties the caller asked for (e.g. UnitId). */
  properties: Record<string, string>;
  hasDelete: boolean;
  deleteEnabled: boolean;
  /** Its right-click menu: each command's text, with its key in brackets when it has one. */
  menu?: string[];
  /** The deck it lies in (a DrawPile's Deck), with the settings VASSAL read for it and whether its cards lie face down. */
  deck?: { name: string; faceDown: string; shuffle: string; allowMultiple: boolean; size: number; isFaceDown: boolean };
  /** Whether its own Delete command took it off the map (absent for a new game's pieces, which are not deleted). */
  deleted?: boolean;
}

/** A palette piece as VASSAL decodes it. */
export interface PalettePiece {
  slot: string | null;
  /** Absent when VASSAL cannot decode the slot. */
  name?: string;
  /** Each trait's type text, outermost first, ending with the basic piece. */
  traits?: string[];
  /** Each trait's state text, in the order of traits. */
  states?: string[];
  menu?: string[];
}

export interface ProbeEffect {
  command?: string;
  reports: string[];
  changed?: boolean;
  nameAfter?: string;
  from?: string;
  to?: string;
  locationAfter?: string;
  enabled?: boolean;
  removed?: boolean;
}

export interface Probe {
  prototype: string;
  source: string;
  piece: string;
  location: string;
  commands: Array<{ name: string; key: string; enabled: boolean }>;
  flip?: ProbeEffect;
  move?: ProbeEffect;
  delete?: ProbeEffect;
}

export interface SetupReport {
  name: string;
  file: string;
  started?: boolean;
  loadError?: string;
  pieces: SetupPiece[];
  probes?: Probe[];
}

export interface HarnessReport {
  vassalVersion?: string;
  module: string;
  name?: string;
  version?: string;
  loadError?: string;
  /** The extensions loaded after the module, each with VASSAL's reason when it refused it. */
  extensions?: Array<{ file: string; error?: string }>;
  crash?: string;
  timedOut?: boolean;
  millis?: number;
  timing?: Record<string, number>;
  validation?: string[];
  pieceSlots?: { count: number; mismatches: SlotProblem[]; undecodable: SlotProblem[] };
  images?: { referenced: number; missing: Array<{ image: string; problem: string }> };
  /**
   * Every map, with the boards its board picker offers (size as VASSAL takes it: the image's, else the
   * board's own; `color` as VASSAL gives its Board `color`, "" for none, null beside a picture;
   * `painted`, for a board without a picture, the pixel VASSAL draws at its centre as "r,g,b,a", or
   * "not drawn: …" with what VASSAL threw).
   */
  maps?: Array<{
    name: string;
    /** VASSAL's class of the map: Map (a window of its own), WidgetMap (a chart window's tab), PrivateMap, PlayerHand. */
    kind?: string;
    boards: Array<{ name: string; image: string; width: number; height: number; color?: string | null; painted?: string }>;
  }>;
  grids?: GridSweep[];
  /** Every zone of every board's ZonedGrid, with the location VASSAL names at the centre of its bounds. */
  zones?: Array<{ map: string; board: string; zone: string; location: string }>;
  /** Every DiceButton: its name (the roll report's $name$), its button's text and tooltip (with its key, as Swing shows it). */
  dice?: Array<{ name: string; text: string; tooltip: string }>;
  setups?: SetupReport[];
  /** Every palette piece, in document order. */
  palette?: PalettePiece[];
  /** The pieces File > New Game places (at-start stacks). */
  atStart?: SetupPiece[];
  /** The decks File > New Game lays out, empty ones too, with their map and map pixel. */
  atStartDecks?: Array<NonNullable<SetupPiece['deck']> & { map: string; x: number; y: number }>;
  paletteProbes?: Probe[];
  log: LogEntry[];
  dialogs: DialogEntry[];
}

/** The harness's output text as a report, or why it is not one. */
export function parseHarnessReport(text: string): { report?: HarnessReport; problem?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `the harness wrote no valid JSON (${(error as Error).message})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'the harness report is not a JSON object' };
  const report = value as Partial<HarnessReport>;
  if (!Array.isArray(report.log) || !Array.isArray(report.dialogs)) return { problem: 'the harness report has no log or dialogs list' };
  if (typeof report.module !== 'string') return { problem: 'the harness report does not name its module' };
  return { report: report as HarnessReport };
}

/** Every probe of the report: those on setup pieces, then those on palette pieces. */
export function allProbes(report: HarnessReport): Probe[] {
  return [...(report.setups ?? []).flatMap((s) => s.probes ?? []), ...(report.paletteProbes ?? [])];
}
