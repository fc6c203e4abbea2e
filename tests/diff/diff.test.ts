import { cp, readFile, writeFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load-game';
import { counterSheetPages, diffGames, diffJson, diffMarkdown } from '../../src/diff';
import type { Game } from '../../src/model/game';
import { loadFonts } from '../../src/assets/fonts';
import { planCounters } from '../../src/plan';
import { renderCountersPdf } from '../../src/print/counters-pdf';
import { GENERATORS } from '../../src/pipeline/registry';

let dir: string;
let before: Game;
let after: Game;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hexforge-diff-'));
  const copy = path.join(dir, 'demo');
  await cp('data/demo', copy, { recursive: true });
  // Edit 1: the 1st Heavy Artillery Regiment's attack strength 7 → 6 (units.csv).
  const units = await readFile(path.join(copy, 'units.csv'), 'utf8');
  const line = units.split('\n').find((l) => l.startsWith('a-1c-arty,'))!;
  const cols = units.split('\n')[0].split(',');
  const cells = line.split(',');
  expect(cells[cols.indexOf('attack')]).toBe('7');
  cells[cols.indexOf('attack')] = '6';
  await writeFile(path.join(copy, 'units.csv'), units.replace(line, cells.join(',')));
  // Edit 2: CRT row 1, column 1:3: AE → AR (tables.json).
  const tables = JSON.parse(await readFile(path.join(copy, 'tables.json'), 'utf8'));
  const crt = tables.tables.find((t: { id: string }) => t.id === 'crt');
  expect(crt.rows[0].cells[0]).toBe('AE');
  crt.rows[0].cells[0] = 'AR';
  await writeFile(path.join(copy, 'tables.json'), JSON.stringify(tables, null, 2));
  // Edit 3: in the first scenario, the 1st Corps Engineers set up in 1110 instead of 1109.
  const scenarios = JSON.parse(await readFile(path.join(copy, 'scenarios.json'), 'utf8'));
  const placement = scenarios.scenarios[0].setup.find((p: { units?: string[] }) => p.units?.includes('a-1c-eng'));
  expect(placement.units).toEqual(['a-1c-eng']);
  expect(placement.hex).toBe('1109');
  placement.hex = '1110';
  await writeFile(path.join(copy, 'scenarios.json'), JSON.stringify(scenarios, null, 2));
  before = (await loadGame('data/demo')).game!;
  const loaded = await loadGame(copy);
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  after = loaded.game!;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('diff of data/demo against a copy with three edits', () => {
  it('lists exactly those three changes', () => {
    const diff = diffGames(before, after, GENERATORS);
    expect(diff.errata.map((e) => [e.kind, e.subject, e.field, e.before, e.after])).toEqual([
      ['unit', 'a-1c-arty', 'attack', 7, 6],
      ['table', 'table/crt', 'row 1 / 1:3', 'AE', 'AR'],
      ['setup', 'dash-to-the-vell', 'a-1c-eng', 'hex 1109', 'hex 1110'],
    ]);
  });

  it('names the affected outputs and both sides of the counter sheet to reprint', () => {
    const diff = diffGames(before, after, GENERATORS);
    const pages = counterSheetPages(after).get('a-1c-arty')!;
    expect(pages.front).toHaveLength(1);
    expect(diff.errata[0].affects).toContain(`counters.pdf (pages ${pages.front[0]}-${pages.back[0]})`);
    expect(diff.counterPages).toEqual([pages.front[0], pages.back[0]]);
    expect(diff.errata[1].affects).toEqual(expect.arrayContaining(['aids.pdf', 'aids/crt.png']));
    // A built module holds each table's card as a chart (images/charts/crt.png changes with the cell).
    expect(diff.errata[1].affects).toContain('demo.vmod (images/charts/crt.png)');
    expect(diff.errata[2].affects.some((a) => a.includes('.vmod'))).toBe(true);
    const md = diffMarkdown(diff, { before: 'v1', after: 'v2' });
    expect(md).toContain('3 change(s).');
    expect(md).toContain('| unit | a-1c-arty | attack | 7 | 6 |');
    expect(JSON.parse(diffJson(diff, { before: 'v1', after: 'v2' })).errata).toHaveLength(3);
  });

  it('a turn whose date changes names the display sheet, which prints it in the turn space', () => {
    const turns = before.tracks.turns.map((t) => (t.turn === 1 ? { ...t, date: '19-20 September' } : t));
    const diff = diffGames(before, { ...before, tracks: { ...before.tracks, turns } }, GENERATORS);
    expect(diff.errata.map((e) => [e.kind, e.subject, e.field, e.before, e.after])).toEqual([
      ['turn', 'turn 1', 'date', '20-21 September', '19-20 September'],
    ]);
    expect(diff.errata[0].affects).toEqual(
      expect.arrayContaining(['display.pdf', 'aids/turn-record.png', 'demo.vmod (turn tracker; images/charts/turn-record.png)']),
    );
  });

  it("a marker's change names the module and the sheets, not the map, which reads only counters.json's sheet", () => {
    const markers = before.counters.markers!.map((m) => (m.id === 'vp' ? { ...m, front: { ...m.front, text: 'VPs' } } : m));
    const diff = diffGames(before, { ...before, counters: { ...before.counters, markers } }, GENERATORS);
    expect(diff.errata.map((e) => [e.kind, e.subject, e.field])).toEqual([['marker', 'vp', 'front']]);
    expect(diff.errata[0].affects).toEqual(expect.arrayContaining(['counters.pdf', 'demo.vmod (marker vp)']));
    expect(diff.errata[0].affects.filter((a) => a.startsWith('map.'))).toEqual([]);
    const sheet = diffGames(
      before,
      { ...before, counters: { ...before.counters, sheet: { ...before.counters.sheet, paper: 'a4' } } },
      GENERATORS,
    );
    expect(sheet.errata.map((e) => [e.kind, e.field])).toEqual([['counters', 'sheet']]);
    expect(sheet.errata[0].affects).toEqual(expect.arrayContaining(['map.pdf', 'counters.pdf', 'aids.pdf', 'aids/crt.png', 'display.pdf']));
  });

  it('finds no change between a game and itself', () => {
    expect(diffGames(before, before, GENERATORS).errata).toEqual([]);
  });
});

describe('counter sheet pages', () => {
  it('follow units.csv order, fronts on odd pages and backs on the next page', () => {
    const pages = counterSheetPages(before);
    const first = pages.get(before.units[0].id)!;
    expect(first).toEqual({ front: [1], back: [2] });
    for (const p of pages.values()) expect(p.back).toEqual(p.front.map((f) => f + 1));
    const ordered = before.units.map((u) => pages.get(u.id)!.front[0]);
    // The demo's units share one counter size, so pages never go back in units.csv order.
    const sizeOf = (t?: string) => before.counters.templates.find((x) => x.id === (t ?? before.counters.templates[0].id))!.size;
    expect(new Set(before.units.map((u) => sizeOf(u.template))).size).toBe(1);
    expect(ordered.every((p, i) => i === 0 || p >= ordered[i - 1])).toBe(true);
  });

  it('name the pages counters.pdf really puts each unit on', async () => {
    const { pages: printed } = await renderCountersPdf(before, planCounters(before), loadFonts(), { epoch: 0 });
    const pagesOf = (key: string) => printed.filter((page) => page.pieces.some((piece) => piece.key === key)).map((page) => page.page + 1);
    for (const [id, pages] of counterSheetPages(before)) {
      expect(pagesOf(`unit/${id}/front`), id).toEqual(pages.front);
      expect(pagesOf(`unit/${id}/back`), id).toEqual(pages.back);
    }
  });
});
