/**
 * THE fallback face (counters.json declares a template's layout unknown, or the game has none):
 * never blank, shows the unit's designation, size, type symbol and every value it states ("?" where
 * unknown), and tells units apart (but where an id too long for the face is cut, and reported). Checked on the drawings counters.pdf prints and the module's art
 * rasterises (both draw the plan's faces with drawCounterFace), for every bundled game.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import type { Diagnostic } from '../../src/diagnostics';
import { isUnknown } from '../../src/model/common';
import type { Game } from '../../src/model/game';
import { type UnitCounter, planCounters } from '../../src/plan';
import { drawCounterFace } from '../../src/render/counter-face';
import type { TextItem } from '../../src/render/drawing';
import { mustLoad } from '../vassal/module-helpers';

const fonts = loadFonts();
const GAMES = readdirSync('data').sort();

/** The report that a unit's id did not fit its face and was cut. */
function idCut(diagnostics: readonly Diagnostic[], id: string): Diagnostic | undefined {
  return diagnostics.find((d) => d.code === 'counters/text-overflow' && d.pointer === `units.csv/${id}/id`);
}

function unitCounters(game: Game): UnitCounter[] {
  return planCounters(game).counters.filter((c): c is UnitCounter => c.kind === 'unit');
}

describe.each(GAMES)('data/%s unit faces', (dir) => {
  let game: Game;
  let counters: UnitCounter[];
  it('loads', async () => {
    game = await mustLoad(`data/${dir}`);
    counters = unitCounters(game);
  });

  it('no two units with different data share a face; a back never repeats its front', () => {
    const diagnostics: Diagnostic[] = [];
    const owner = new Map<string, string>();
    for (const c of counters) {
      const faces = c.hasBack ? [c.front, c.back] : [c.front];
      const drawn = faces.map((f) => JSON.stringify(drawCounterFace(f, fonts, diagnostics).drawing));
      if (c.hasBack) expect(drawn[1], `${c.id}: back equals front`).not.toBe(drawn[0]);
      for (const [i, d] of drawn.entries()) {
        const other = owner.get(d);
        // Two rows may print alike only when they are the same counter (same data but the id), or
        // when an id too long for the face at 5 pt had to be cut, which the build reports.
        if (other !== undefined && !idCut(diagnostics, c.id) && !idCut(diagnostics, other)) {
          const { id: _a, line: _l, ...a } = c.unit;
          const { id: _b, line: _m, ...b } = counters.find((x) => x.id === other)!.unit;
          expect(JSON.stringify(a), `${c.id} ${faces[i].side} looks like ${other}`).toBe(JSON.stringify(b));
        }
        owner.set(d, c.id);
      }
    }
  });

  it('a fallback face shows designation, size, type symbol and every stated value, "?" for unknowns', () => {
    for (const c of counters.filter((x) => x.fallback)) {
      const { unit } = c;
      const reported: Diagnostic[] = [];
      const drawing = drawCounterFace(c.front, fonts, reported).drawing;
      const texts = drawing.items.filter((i): i is TextItem => i.kind === 'text').map((t) => t.text);
      expect(c.front.layout === 'slots' && c.front.elements.some((e) => e.kind === 'symbol'), c.id).toBe(true);
      const designation = unit.designation === undefined || isUnknown(unit.designation) ? '?' : unit.designation;
      if (unit.designation !== undefined) expect(texts, c.id).toContain(designation);
      if (unit.size !== undefined && isUnknown(unit.size)) expect(texts, c.id).toContain('?');
      for (const field of game.info.unitFields ?? []) {
        const v = unit.front[field.id];
        if (v === undefined) continue;
        expect(
          texts.some((t) => t.includes(isUnknown(v) ? '?' : String(v))),
          `${c.id} ${field.id}`,
        ).toBe(true);
      }
      // The id: whole, on one line or wrapped after its hyphens; or, too long for the face at 5 pt,
      // cut to its tail (on one line or two) and reported with the lines printed.
      const cut = idCut(reported, unit.id);
      if (cut) {
        const printed = /printed cut to "(.*)"$/.exec(cut.message)![1];
        expect(texts.join(' '), c.id).toContain(printed);
        expect(unit.id.endsWith(printed.split('…')[1].replace(/ /g, '')), `${c.id}: "${printed}"`).toBe(true);
      } else expect(texts.join('').includes(unit.id), c.id).toBe(true);
    }
  });
});
