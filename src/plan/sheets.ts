/**
 * Where every printed copy goes: with `pack=mixed` (the default) counters.pdf fills its sheets with
 * units, then markers, then chits, one after the other; with `pack=by-kind` it holds unit sheets, then
 * marker sheets, then chit sheets. Either way split by counter size (smallest first), in counter
 * order, filling every sheet's slots before the next; every sheet is a front page followed by its back page; a duplex
 * registration page pair ends the document. The PDF writer draws exactly these pages, and the
 * errata diff names them.
 */
import type { Diagnostic } from '../diagnostics';
import type { PlannedCounter } from './counters';
import { type SheetGrid, type SheetSpec, sheetGrid } from './imposition';
import { MM, PAPER, type PaperSettings } from './paper';

/** What a sheet holds: one kind of counter, or (`pack=mixed`) every kind. */
export type SheetGroup = 'units' | 'markers' | 'chits' | 'counters';

/** One sheet of a counter group: its size, imposition and the counters on it, in slot order. */
export interface PlannedSheet<T> {
  inches: number;
  spec: SheetSpec;
  grid: SheetGrid;
  items: T[];
}

export interface PlacedCopy {
  counter: PlannedCounter;
  /** 0-based copy number of that counter. */
  copy: number;
}

export interface CounterSheet extends PlannedSheet<PlacedCopy> {
  group: SheetGroup;
  /** 1-based number among the group's sheets of this counter size. */
  number: number;
  /** 0-based page indices in counters.pdf. */
  frontPage: number;
  backPage: number;
}

/** The counter sheets and the registration pages after them. */
export interface SheetsPlan {
  sheets: CounterSheet[];
  registration: { frontPage: number; backPage: number; spec: SheetSpec };
  diagnostics: Diagnostic[];
}

export function sheetSpec(paper: PaperSettings, sizePt: number): SheetSpec {
  return {
    paper: PAPER[paper.paper],
    size: sizePt,
    layout: paper.layout,
    gutter: paper.gutterMm * MM,
    bleed: paper.bleedMm * MM,
    flip: paper.flip,
    backOffset: { x: paper.backOffsetMm.x * MM, y: paper.backOffsetMm.y * MM },
  };
}

/**
 * The one rule for where counters go: grouped by counter size (smallest first), in the given order,
 * filling each sheet's slots before the next sheet. Sizes whose counters fit no sheet are returned
 * in `tooLarge`.
 */
export function planSheets<T>(
  items: readonly T[],
  inchesOf: (item: T) => number,
  paper: PaperSettings,
): { sheets: PlannedSheet<T>[]; tooLarge: number[] } {
  const bySize = new Map<number, T[]>();
  for (const item of items) {
    const inches = inchesOf(item);
    const list = bySize.get(inches);
    if (list) list.push(item);
    else bySize.set(inches, [item]);
  }
  const sheets: PlannedSheet<T>[] = [];
  const tooLarge: number[] = [];
  for (const [inches, list] of [...bySize].sort(([a], [b]) => a - b)) {
    const spec = sheetSpec(paper, inches * 72);
    const grid = sheetGrid(spec);
    const perSheet = grid.slots.length;
    if (perSheet === 0) {
      tooLarge.push(inches);
      continue;
    }
    for (let start = 0; start < list.length; start += perSheet)
      sheets.push({ inches, spec, grid, items: list.slice(start, start + perSheet) });
  }
  return { sheets, tooLarge };
}

const GROUP_OF: Record<PlannedCounter['kind'], SheetGroup> = { unit: 'units', marker: 'markers', chit: 'chits' };

/** Every copy of every counter on its sheet, pages numbered as counters.pdf prints them. */
export function planCounterSheets(counters: readonly PlannedCounter[], paper: PaperSettings): SheetsPlan {
  const sheets: CounterSheet[] = [];
  const diagnostics: Diagnostic[] = [];
  const groups = paper.pack === 'mixed' ? (['counters'] as const) : (['units', 'markers', 'chits'] as const);
  for (const group of groups) {
    const copies: PlacedCopy[] = [];
    for (const counter of counters)
      if (group === 'counters' || GROUP_OF[counter.kind] === group)
        for (let copy = 0; copy < counter.copies; copy++) copies.push({ counter, copy });
    const planned = planSheets(copies, (c) => c.counter.inches, paper);
    for (const inches of planned.tooLarge) {
      diagnostics.push({
        code: 'print/counter-too-large',
        severity: 'error',
        message: `${inches}" counters do not fit on ${paper.paper} paper with ${paper.bleedMm} mm bleed`,
        hint: 'use smaller counters or less bleed',
      });
    }
    const numberOfSize = new Map<number, number>();
    for (const sheet of planned.sheets) {
      const number = (numberOfSize.get(sheet.inches) ?? 0) + 1;
      numberOfSize.set(sheet.inches, number);
      sheets.push({ ...sheet, group, number, frontPage: 2 * sheets.length, backPage: 2 * sheets.length + 1 });
    }
  }
  return {
    sheets,
    registration: { frontPage: 2 * sheets.length, backPage: 2 * sheets.length + 1, spec: sheetSpec(paper, 36) },
    diagnostics,
  };
}

/** 1-based counters.pdf pages showing each counter (every copy), by counter key. */
export function counterPages(sheets: readonly CounterSheet[]): Map<string, { front: number[]; back: number[] }> {
  const pages = new Map<string, { front: number[]; back: number[] }>();
  for (const sheet of sheets) {
    for (const { counter } of sheet.items) {
      let entry = pages.get(counter.key);
      if (!entry) pages.set(counter.key, (entry = { front: [], back: [] }));
      if (entry.front[entry.front.length - 1] !== sheet.frontPage + 1) {
        entry.front.push(sheet.frontPage + 1);
        entry.back.push(sheet.backPage + 1);
      }
    }
  }
  return pages;
}
