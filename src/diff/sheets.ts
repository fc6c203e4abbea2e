/**
 * Which counters.pdf pages show a unit: the print code's own sheet plan (`planSheets`), applied to
 * the unit counters, which come first in counters.pdf. A counter's size is that of its template
 * (the unit's, else the first), as the face renderer uses. Pages are 1-based.
 */
import type { Game } from '../model/game';
import { countersPdfOptions, planSheets } from '../print/counters-pdf';

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
  const copies: { id: string; inches: number }[] = [];
  for (const unit of game.units) {
    const template = (unit.template ? templates.get(unit.template) : undefined) ?? firstTemplate;
    const inches = template ? game.counters.sizes[template.size] : undefined;
    if (inches === undefined) continue;
    for (let i = 0; i < Math.max(0, unit.count); i++) copies.push({ id: unit.id, inches });
  }
  planSheets(copies, (c) => c.inches, options).sheets.forEach((sheet, s) => {
    for (const { id } of sheet.items) if (!pages.has(id)) pages.set(id, { front: 2 * s + 1, back: 2 * s + 2 });
  });
  return pages;
}
