/**
 * The two disagreements between outputs that were reproduced before the component plan, checked on
 * the outputs themselves (the CLI's build and the errata diff), whatever the code inside:
 *
 *  1. a copy of data/demo with a bigger "default" template that is not the first, used by 20 units
 *     whose template cell is empty: the diff must name the pages counters.pdf prints them on
 *     (it named the first template's pages for those 20);
 *  2. a unit with an empty `back` cell but `back.*` values: counters.pdf prints those values on its
 *     back, so the module's piece must flip, and validate must say the cell is empty (the piece had
 *     no flip and validate said nothing).
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load-game';
import { diffGames } from '../../src/diff';
import { decodePiece } from '../../src/vassal/piece';
import { parseXml } from '../../src/vassal/module/xml-reader';
import { decodeTrait, markerProperties } from '../../src/vassal/traits/index';
import { walkElements } from '../../src/vassal/xml-tree';
import { runCli } from '../cli/run-cli';
import { wordsOf } from '../print/pdf-helpers';
import { GENERATORS } from '../../src/pipeline/registry';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hexforge-disagreements-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** units.csv as header + rows of cells (the demo's cells hold no quoted commas where we edit). */
async function editUnits(file: string, edit: (cells: string[], column: (name: string) => number, row: number) => void): Promise<void> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const header = lines[0].split(',');
  const column = (name: string) => header.indexOf(name);
  let row = 0;
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === '' || lines[i].includes('"')) continue;
    const cells = lines[i].split(',');
    edit(cells, column, row++);
    lines[i] = cells.join(',');
  }
  await writeFile(file, lines.join('\n'));
}

describe('the errata diff names the counters.pdf pages a unit is printed on', () => {
  it('when "default" is not the first template (20 units use it)', async () => {
    const before = path.join(dir, 'demo-a');
    const after = path.join(dir, 'demo-b');
    await cp('data/demo', before, { recursive: true });
    const countersFile = path.join(before, 'counters.json');
    const counters = JSON.parse(await readFile(countersFile, 'utf8'));
    counters.sizes.large = 0.75;
    counters.templates.push({ ...counters.templates[0], id: 'default', size: 'large' });
    await writeFile(countersFile, JSON.stringify(counters, null, 2));
    const designations: string[] = [];
    await editUnits(path.join(before, 'units.csv'), (cells, column, row) => {
      if (row % 4 !== 1 || designations.length === 20) return;
      cells[column('template')] = '';
      cells[column('designation')] = `Q${String(designations.length + 1).padStart(2, '0')}`;
      designations.push(cells[column('designation')]);
    });
    expect(designations).toHaveLength(20);
    await cp(before, after, { recursive: true });
    // Version b: every one of those 20 units attacks with 19 (no demo unit does).
    await editUnits(path.join(after, 'units.csv'), (cells, column) => {
      if (designations.includes(cells[column('designation')])) cells[column('attack')] = '19';
    });

    const a = await loadGame(before);
    const b = await loadGame(after);
    expect(b.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const diff = diffGames(a.game!, b.game!, GENERATORS);
    expect(diff.errata.filter((e) => e.field === 'attack')).toHaveLength(20);

    const out = path.join(dir, 'out');
    expect((await runCli(['build', after, '--only', 'counters', '--out', out, '--quiet'])).code).toBe(0);
    const words = wordsOf(path.join(out, b.game!.id, 'counters.pdf'));
    // Each sheet is a front page followed by its back page: reprinting a counter means both.
    const printed = new Set<number>();
    for (const w of words)
      if (designations.includes(w.text)) {
        const front = w.page % 2 === 0 ? w.page : w.page - 1;
        printed.add(front + 1).add(front + 2);
      }
    expect(printed.size).toBeGreaterThan(0);
    expect(diff.counterPages).toEqual([...printed].sort((x, y) => x - y));
  });
});

describe('a unit whose back cell is empty but which states back.* values', () => {
  it('has its back printed on counters.pdf, a piece that flips to it, and a warning from validate', async () => {
    const game = path.join(dir, 'minimal');
    await cp('tests/fixtures/minimal', game, { recursive: true });
    // r1 (one step, front 3-3-4, back cell empty) gets back values 8-8.
    await editUnits(path.join(game, 'units.csv'), (cells, column) => {
      if (cells[column('id')] !== 'r1') return;
      expect(cells[column('back')]).toBe('');
      cells[column('back.attack')] = '8';
      cells[column('back.defense')] = '8';
    });
    const loaded = await loadGame(game);
    expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const r1 = loaded.game!.units.find((u) => u.id === 'r1')!;
    const warned = loaded.diagnostics.filter((d) => d.file?.endsWith('units.csv') && d.line === r1.line && /back/.test(d.message));
    expect(warned).toHaveLength(1);

    const out = path.join(dir, 'out-minimal');
    expect((await runCli(['build', game, '--only', 'counters,vassal', '--out', out, '--quiet'])).code).toBe(0);
    const folder = path.join(out, loaded.game!.id);
    // Page 2 is the back of the only sheet: r1's back values are printed there, and only there.
    const eights = wordsOf(path.join(folder, 'counters.pdf')).filter((w) => w.text === '8');
    expect(eights.map((w) => w.page)).toEqual([1, 1]);

    const xml = execFileSync('unzip', ['-p', path.join(folder, `${loaded.game!.id}.vmod`), 'buildFile.xml'], { encoding: 'utf8' });
    const pieces = [...walkElements(parseXml(xml))]
      .filter((e) => e.name === 'VASSAL.build.widget.PieceSlot')
      .map((e) => decodePiece(e.text ?? '').piece!);
    const unitId = (traits: { type: string; state: string }[]) => {
      for (const t of traits) {
        const d = decodeTrait(t);
        if (d.kind === 'marker') return new Map(markerProperties(d.fields)).get('UnitId');
      }
      return undefined;
    };
    const piece = pieces.find((p) => unitId(p.traits) === 'r1')!;
    // The flip layer (emb2) shows the back image.
    expect(piece.traits.some((t) => t.type.startsWith('emb2;') && t.type.includes('r1-back.png'))).toBe(true);
  });
});
