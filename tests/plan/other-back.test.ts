/**
 * A unit whose `back` cell says "other" (the reverse shows something else) but which states no
 * `back.*` value: nothing is known about the numbers on its back, so the back must not print the
 * front's. It prints "?" for each value the front carries; its identity (designation, type) stays.
 * The minimal fixture's r1 is a one-step counter with front values 3-3-4 (attack, defense, move).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load-game';
import type { Game } from '../../src/model/game';
import { type FacePlan, type UnitCounter, planCounters } from '../../src/plan';
import { runCli } from '../cli/run-cli';
import { type Word, wordsOf } from '../print/pdf-helpers';

let dir: string;
let game: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hexforge-other-back-'));
  game = path.join(dir, 'minimal');
  await cp('tests/fixtures/minimal', game, { recursive: true });
  const file = path.join(game, 'units.csv');
  const lines = (await readFile(file, 'utf8')).split('\n');
  const header = lines[0].split(',');
  const r1 = lines.findIndex((l) => l.startsWith('r1,'));
  const cells = lines[r1].split(',');
  expect(header.filter((h) => h.startsWith('back.')).map((h) => cells[header.indexOf(h)])).toEqual(['', '', '']);
  cells[header.indexOf('back')] = 'other';
  lines[r1] = cells.join(',');
  await writeFile(file, lines.join('\n'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The texts a unit face prints for the given unit fields (by slot field). */
function valueTexts(face: FacePlan, fields: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (face.layout !== 'slots') return out;
  for (const e of face.elements) if (e.kind === 'text' && fields.includes(e.field)) out[e.field] = e.text;
  return out;
}

describe('a unit with an "other" back and no back.* values', () => {
  let loaded: Game;
  let r1: UnitCounter;
  it('loads without errors', async () => {
    const result = await loadGame(game);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    loaded = result.game!;
    r1 = planCounters(loaded).counters.find((c): c is UnitCounter => c.kind === 'unit' && c.id === 'r1')!;
  });

  it('has a back of its own whose values are "?", not the front\'s 3-3-4', () => {
    const fields = ['attack', 'defense', 'move'];
    expect(valueTexts(r1.front, fields)).toEqual({ attack: '3', defense: '3', move: '4' });
    expect(r1.hasBack).toBe(true);
    expect(valueTexts(r1.back, fields)).toEqual({ attack: '?', defense: '?', move: '?' });
    // The counter's identity is one cell for both sides: the designation (7) is still on the back.
    const backTexts = r1.back.layout === 'slots' ? r1.back.elements.flatMap((e) => (e.kind === 'text' ? [e.text] : [])) : [];
    expect(backTexts).toContain('7');
  });

  it('prints "?" for those values on its back in counters.pdf', async () => {
    const out = path.join(dir, 'out');
    expect((await runCli(['build', game, '--only', 'counters', '--out', out, '--quiet'])).code).toBe(0);
    const words = wordsOf(path.join(out, loaded.id, 'counters.pdf'));
    // r1's values: the words centred between its designation and its id band, within its 1/2"
    // (36 pt) counter centred on the designation.
    const valuesOf = (page: number) => {
      const on = words.filter((w) => w.page === page);
      const designation = on.find((w) => w.text === '7')!;
      const id = on.find((w) => w.text === 'r1')!;
      const mid = (w: Word) => ({ x: (w.xMin + w.xMax) / 2, y: (w.yMin + w.yMax) / 2 });
      return on
        .filter((w) => mid(w).y > mid(designation).y && mid(w).y < mid(id).y && Math.abs(mid(w).x - mid(designation).x) < 18)
        .sort((x, y) => x.xMin - y.xMin)
        .map((w) => w.text);
    };
    // One sheet: page 0 holds the fronts, page 1 the backs.
    expect(valuesOf(0)).toEqual(['3', '3', '4']);
    expect(valuesOf(1)).toEqual(['?', '?', '?']);
  });
});
