/**
 * The display sheet's layout: the turn record track (one space per turn of tracks.json), each
 * general records track with a stated range (one space per value), and the holding boxes (map.json
 * boxes that are not tracks, then records tracks whose spaces the data does not state, as one box
 * each). Spaces and boxes are sized for the game's largest counter (src/plan/holding.ts); sections
 * flow down Letter/A4 pages, a track wrapping onto rows of equal length. Pure geometry in points,
 * y down from the top of the paper; what the labels say is here, how they are fitted is the
 * drawing's (src/print/display-pdf.ts).
 */
import { isUnknown, type Maybe } from '../model/common';
import type { Game } from '../model/game';
import type { BoxFile, TurnFile } from '../model/files';
import { holdingStackInches, largestCounterInches, trackSpaceInches } from './holding';
import type { Rect } from './imposition';
import { SHEET_MARGIN } from './imposition';
import { INCH, MM, PAPER, type PaperId } from './paper';
import { recordBoxLabel } from './starts';

export type DisplaySpaceKind = 'turn' | 'record' | 'box';

export interface DisplaySpace {
  kind: DisplaySpaceKind;
  /** What the space is called: the turn label, the track value, the box name. */
  label: string;
  /** Second line of the label strip: a turn's date, a box's description of its contents. */
  detail?: string;
  /** A turn's events, printed under the counter area when short. */
  note?: string;
  /** The side a box belongs to (map.json box `side`), for its colour band. */
  side?: string;
  rect: Rect;
  /** Where the data states it, for diagnostics: `tracks.json/turns/<index>`, `map.json/boxes/<id>`. */
  source: string;
  /** Height of the label strip at the top of the space (the counter area is below it). */
  labelStrip: number;
}

export interface DisplayHeading {
  text: string;
  x: number;
  /** Baseline. */
  y: number;
  size: number;
}

export interface DisplayPage {
  /** Cut line of the sheet, and the art's extent past it. */
  trim: Rect;
  bleedBox: Rect;
  headings: DisplayHeading[];
  spaces: DisplaySpace[];
}

export interface DisplaySheet {
  paper: { width: number; height: number };
  /** Counter edge the spaces are sized for, points. */
  counter: number;
  pages: DisplayPage[];
}

/** Space inside the trim kept free of spaces and text. */
export const DISPLAY_PADDING = 10;
export const HEADING_SIZE = 11;
export const TITLE_SIZE = 14;
const HEADING_GAP = 6;
const SECTION_GAP = 14;
const BOX_GAP = 6;
/** Label strips: a turn's label and its date on up to two lines, a track value, a box's name on up to two lines. */
export const TURN_STRIP = 30;
export const RECORD_STRIP = 12;
export const BOX_STRIP = 26;
/** A turn's note strip: three lines of 6 pt type. */
export const NOTE_STRIP = 22;
/**
 * Whether a turn's events fit the note strip of a space `width` points wide (the drawing knows the
 * fonts); events that do not are left to the turn record card in aids.pdf.
 */
export type NoteFits = (note: string, width: number) => boolean;
const MAX_BOX_COLUMNS = 4;
/** Sections up to this share of a page move to the next page whole rather than split. */
const KEEP_TOGETHER = 0.4;

/** One block of a section: a row of butted track spaces, or a row of separate boxes. */
interface Row {
  spaces: Omit<DisplaySpace, 'rect'>[];
  width: number;
  height: number;
  gap: number;
}

interface Section {
  title: string;
  rows: Row[];
}

function known<T>(value: Maybe<T> | undefined): T | undefined {
  return value === undefined || isUnknown(value) ? undefined : value;
}

function turnSpace(turn: TurnFile, index: number, noteFits: (note: string) => boolean): Omit<DisplaySpace, 'rect'> {
  const events = (turn.events ?? []).join('; ');
  return {
    kind: 'turn',
    label: turn.label ?? `Turn ${turn.turn}`,
    detail: known(turn.date),
    note: events !== '' && noteFits(events) ? events : undefined,
    labelStrip: TURN_STRIP,
    source: `tracks.json/turns/${index}`,
  };
}

/** Items in rows of at most `perRow`, the rows as even as possible (12 → 6 + 6, not 8 + 4). */
function evenRows<T>(items: readonly T[], perRow: number): T[][] {
  const rows = Math.max(1, Math.ceil(items.length / Math.max(1, perRow)));
  const size = Math.ceil(items.length / rows);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function trackRows(spaces: Omit<DisplaySpace, 'rect'>[], edge: number, height: number, width: number): Row[] {
  return evenRows(spaces, Math.floor(width / edge)).map((row) => ({ spaces: row, width: edge, height, gap: 0 }));
}

type DisplayBox = Pick<DisplaySpace, 'label' | 'detail' | 'side' | 'source'>;

/** The boxes of the holding section: map boxes that are not tracks, then records tracks without stated spaces. */
export function displayBoxes(game: Game): DisplayBox[] {
  const boxes: DisplayBox[] = game.map.boxes
    .filter((b: BoxFile) => b.kind !== 'track')
    .map((b) => ({ label: b.name, detail: b.description, side: b.side, source: `map.json/boxes/${b.id}` }));
  for (const r of game.tracks.records ?? []) {
    if (recordRange(r) === undefined)
      boxes.push({ label: recordBoxLabel(r.name), detail: 'spaces not stated in the data', source: `tracks.json/records/${r.id}` });
  }
  return boxes;
}

/** The values of a records track, lowest first, when the data states both ends (else it prints as a box). */
export function recordRange(record: { min?: Maybe<number>; max?: Maybe<number> }): number[] | undefined {
  const [min, max] = [known(record.min), known(record.max)];
  if (min === undefined || max === undefined || !Number.isInteger(min) || !Number.isInteger(max) || max < min) return undefined;
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/** A records track running 1 … number of turns is the turn record track again: printed once, as that. */
function repeatsTurnTrack(game: Game, values: readonly number[]): boolean {
  const turns = game.tracks.turns.length;
  return turns > 0 && values.length === turns && values[0] === 1;
}

function sections(game: Game, counterInches: number, width: number, noteFits: NoteFits): Section[] {
  const edge = trackSpaceInches(counterInches) * INCH;
  const out: Section[] = [];
  const turns = game.tracks.turns.map((turn, i) => turnSpace(turn, i, (note) => noteFits(note, edge)));
  if (turns.length > 0) {
    const height = TURN_STRIP + edge + (turns.some((t) => t.note) ? NOTE_STRIP : 0);
    out.push({ title: 'Turn Record Track', rows: trackRows(turns, edge, height, width) });
  }
  for (const record of game.tracks.records ?? []) {
    const values = recordRange(record);
    if (!values || repeatsTurnTrack(game, values)) continue;
    const source = `tracks.json/records/${record.id}`;
    const spaces = values.map((v) => ({ kind: 'record' as const, label: String(v), labelStrip: RECORD_STRIP, source }));
    out.push({ title: record.name, rows: trackRows(spaces, edge, RECORD_STRIP + edge, width) });
  }
  const boxes = displayBoxes(game);
  if (boxes.length > 0) {
    const stack = holdingStackInches(counterInches) * INCH;
    const columns = Math.max(1, Math.min(MAX_BOX_COLUMNS, Math.floor((width + BOX_GAP) / (stack + 2 * MM + BOX_GAP))));
    const boxWidth = (width - (columns - 1) * BOX_GAP) / columns;
    const rows = evenRows(
      boxes.map((b) => ({ kind: 'box' as const, ...b, labelStrip: BOX_STRIP })),
      columns,
    ).map((row) => ({ spaces: row, width: boxWidth, height: BOX_STRIP + stack, gap: BOX_GAP }));
    out.push({ title: 'Holding Boxes', rows });
  }
  return out;
}

/** The display sheet of `game` on `paper`, with `bleed` points of art past the cut. */
export function displaySheet(game: Game, paperId: PaperId, bleed: number, noteFits: NoteFits): DisplaySheet {
  const paper = PAPER[paperId];
  const inset = SHEET_MARGIN + bleed;
  const trim: Rect = { x: inset, y: inset, w: paper.width - 2 * inset, h: paper.height - 2 * inset };
  const bleedBox: Rect = { x: trim.x - bleed, y: trim.y - bleed, w: trim.w + 2 * bleed, h: trim.h + 2 * bleed };
  const left = trim.x + DISPLAY_PADDING;
  const width = trim.w - 2 * DISPLAY_PADDING;
  const bottom = trim.y + trim.h - DISPLAY_PADDING;
  const counterInches = largestCounterInches(game);
  const pages: DisplayPage[] = [];
  let page: DisplayPage | undefined;
  let y = 0;
  let fresh = false;
  const newPage = () => {
    fresh = true;
    page = { trim, bleedBox, headings: [], spaces: [] };
    pages.push(page);
    y = trim.y + DISPLAY_PADDING;
    const title = `${game.info.title}: Displays${pages.length === 1 ? '' : ' (continued)'}`;
    page.headings.push({ text: title, x: left, y: y + TITLE_SIZE, size: TITLE_SIZE });
    y += TITLE_SIZE + SECTION_GAP;
  };
  newPage();
  for (const section of sections(game, counterInches, width, noteFits)) {
    // A short section is not split: it starts a page when the rest of this one is too short for it.
    const height = HEADING_SIZE + HEADING_GAP + section.rows.reduce((h, r) => h + r.height + r.gap, 0);
    if (y + height > bottom && height <= KEEP_TOGETHER * trim.h) newPage();
    section.rows.forEach((row, i) => {
      const heading = i === 0 ? HEADING_SIZE + HEADING_GAP : 0;
      if (y + heading + row.height > bottom && page!.spaces.length > 0) newPage();
      // A section's title heads its first row, and again any row that starts a page.
      if (i === 0 || fresh) {
        const title = i === 0 ? section.title : `${section.title} (continued)`;
        page!.headings.push({ text: title, x: left, y: y + HEADING_SIZE, size: HEADING_SIZE });
        y += HEADING_SIZE + HEADING_GAP;
      }
      row.spaces.forEach((space, k) => {
        page!.spaces.push({ ...space, rect: { x: left + k * (row.width + row.gap), y, w: row.width, h: row.height } });
      });
      y += row.height + row.gap;
      fresh = false;
    });
    y += SECTION_GAP;
  }
  return { paper, counter: counterInches * INCH, pages };
}
