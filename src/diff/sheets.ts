/**
 * Which counters.pdf pages show a unit. The print code (src/print/counters-pdf.ts) lays counters
 * out as: unit counters first, in units.csv order, each repeated `count` times, grouped by counter
 * size (smallest size first), filling the slots of `sheetGrid` sheet after sheet; every sheet is
 * a front page followed by its back page. It does not export that order as a function, so this
 * file follows the same rule with the same pieces (countersPdfOptions, sheetGrid, PAPER); a
 * counter's size is that of its template (the unit's, else the first), as the face renderer uses.
 * Pages are 1-based.
 */
import type { Game } from '../model/game';
import { countersPdfOptions } from '../print/counters-pdf';
import { sheetGrid } from '../print/imposition';
import { PAPER } from '../print/paper';
import { MM } from '../print/pdf-doc';

export interface UnitPages {
  front: number;
  back: number;
}

/** Unit id → the pages of its first copy (front and back), or an empty map when sizes are unknown. */
export function counterSheetPages(game: Game): Map<string, UnitPages> {
  const pages = new Map<string, UnitPages>();
  const { options } = countersPdfOptions(game, 0, {});
  const templates = new Map(game.counters.templates.map((t) => [t.id, t]));
  const firstTemplate = game.counters.templates[0];
  const bySize = new Map<number, string[]>();
  for (const unit of game.units) {
    const template = (unit.template ? templates.get(unit.template) : undefined) ?? firstTemplate;
    const inches = template ? game.counters.sizes[template.size] : undefined;
    if (inches === undefined) continue;
    const list = bySize.get(inches) ?? [];
    for (let i = 0; i < Math.max(0, unit.count); i++) list.push(unit.id);
    bySize.set(inches, list);
  }
  let sheet = 0;
  for (const [inches, list] of [...bySize].sort(([a], [b]) => a - b)) {
    const grid = sheetGrid({
      paper: PAPER[options.paper],
      size: inches * 72,
      layout: options.layout,
      gutter: options.gutterMm * MM,
      bleed: options.bleedMm * MM,
      flip: options.flip,
      backOffset: { x: options.backOffsetMm.x * MM, y: options.backOffsetMm.y * MM },
    });
    const perSheet = grid.slots.length;
    if (perSheet === 0) continue;
    list.forEach((id, i) => {
      if (pages.has(id)) return;
      const s = sheet + Math.floor(i / perSheet);
      pages.set(id, { front: 2 * s + 1, back: 2 * s + 2 });
    });
    sheet += Math.ceil(list.length / perSheet);
  }
  return pages;
}
