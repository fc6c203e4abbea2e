/**
 * Pictures too coarse for the size they print at are reported with their pixels, their effective
 * ppi and their printed size: counter art on counters.pdf, the map picture on map.pdf; once each up
 * to five of them, then in one warning for all.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics';
import { loadFonts } from '../../src/assets/fonts';
import { loadGame } from '../../src/cli/load-game';
import { planCounters } from '../../src/plan';
import { renderCountersPdf } from '../../src/print/counters-pdf';
import { LOW_RESOLUTION_LIST_LIMIT, lowResolutionArt } from '../../src/print/art-resolution';
import { renderMapPdf } from '../../src/print/map-pdf';
import type { ImageItem } from '../../src/render/drawing';
import { runCli } from '../cli/run-cli';
import { tempDir } from '../temp-dir';

const square = (px: number) =>
  sharp({ create: { width: px, height: px, channels: 3, background: '#c04040' } })
    .png()
    .toBuffer();

/** The minimal fixture with `edit` applied to its folder. */
async function game(edit: (dir: string) => Promise<void>) {
  const dir = tempDir('hexforge-ppi-');
  cpSync('tests/fixtures/minimal', dir, { recursive: true });
  await edit(dir);
  const loaded = await loadGame(dir);
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return loaded.game!;
}

/** Art columns on every unit of units.csv: the first unit's `front`/`back`, the others `others`. */
function artColumns(dir: string, front: string, back: string, others: string) {
  const file = path.join(dir, 'units.csv');
  const csv = readFileSync(file, 'utf8').trimEnd().split('\n');
  csv[0] += ',image,backImage';
  csv[1] += `,${front},${back}`;
  for (let i = 2; i < csv.length; i++) csv[i] += `,${others},`;
  writeFileSync(file, `${csv.join('\n')}\n`);
}

const lowRes = (ds: Diagnostic[]) => ds.filter((d) => d.code === 'print/art-low-resolution');

describe('art resolution', () => {
  it('warns once per counter picture under 300 ppi on its 1/2" counter, naming its pixels, ppi and size', async () => {
    const g = await game(async (dir) => {
      // 120 px over 0.5 in = 240 ppi (used on two faces, one warning); 150 px = 300 ppi; 600 px = 1200 ppi.
      writeFileSync(path.join(dir, 'coarse.png'), await square(120));
      writeFileSync(path.join(dir, 'exact.png'), await square(150));
      writeFileSync(path.join(dir, 'fine.png'), await square(600));
      artColumns(dir, 'coarse.png', 'fine.png', 'coarse.png');
      const csv = readFileSync(path.join(dir, 'units.csv'), 'utf8').split('\n');
      csv[1] = csv[1].replace(',coarse.png,fine.png', ',exact.png,fine.png');
      writeFileSync(path.join(dir, 'units.csv'), csv.join('\n'));
    });
    const { diagnostics } = await renderCountersPdf(g, planCounters(g, {}), loadFonts(), { epoch: 0 });
    const warnings = lowRes(diagnostics);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].severity).toBe('warning');
    expect(warnings[0].message).toContain('unit "r1" image "coarse.png" (120×120 px) prints at 0.50×0.50 in in counters.pdf: 240 ppi');
    expect(warnings[0].hint).toContain('150×150 px');
    // At the units.csv cell naming it first, placed by the build (src/data/place-diagnostics.ts).
    expect(warnings[0].pointer).toBe('units.csv/r1/image');
  });

  it('build names the file, line and column of the cell naming the picture', async () => {
    const scratch = tempDir('hexforge-ppi-');
    const dir = path.join(scratch, 'game');
    cpSync('tests/fixtures/minimal', dir, { recursive: true });
    writeFileSync(path.join(dir, 'coarse.png'), await square(120));
    artColumns(dir, 'fine.png', '', 'coarse.png');
    writeFileSync(path.join(dir, 'fine.png'), await square(600));
    const r = await runCli(['build', dir, '--only', 'counters', '--out', path.join(scratch, 'out')]);
    expect(r.code).toBe(0);
    // The first row naming coarse.png is the third line (r1); its column is where the cell starts.
    const lines = readFileSync(path.join(dir, 'units.csv'), 'utf8').split('\n');
    expect(lines[2].startsWith('r1,')).toBe(true);
    const column = lines[2].indexOf(',coarse.png') + 2;
    expect(r.stderr).toContain(
      `units.csv:3:${column}: warning print/art-low-resolution: unit "r1" image "coarse.png" (120×120 px) prints at 0.50×0.50 in in counters.pdf`,
    );
    expect(r.stderr).not.toContain('(no file)');
  });

  it('a rebuild after one unit changed, faces kept beside faces of pictures, warns as a clean build does and writes its bytes', async () => {
    const scratch = tempDir('hexforge-ppi-');
    const dir = path.join(scratch, 'game');
    cpSync('tests/fixtures/minimal', dir, { recursive: true });
    // b1 and b2 print from their template (their faces are kept between builds); r1 prints coarse.png.
    const file = path.join(dir, 'units.csv');
    const rows = readFileSync(file, 'utf8').trimEnd().split('\n');
    rows.splice(2, 0, rows[1].replace(/^b1,/, 'b2,').replace(/,0101$/, ',0102'));
    rows[0] += ',image';
    rows[1] += ',';
    rows[2] += ',';
    rows[3] += ',coarse.png';
    writeFileSync(file, `${rows.join('\n')}\n`);
    writeFileSync(path.join(dir, 'coarse.png'), await square(120));
    const build = (out: string) => runCli(['build', dir, '--only', 'counters', '--out', path.join(scratch, out)]);
    const warning = 'warning print/art-low-resolution: unit "r1" image "coarse.png" (120×120 px) prints at 0.50×0.50 in in counters.pdf';
    expect((await build('out')).stderr).toContain(warning);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^b1,(.*?),4,4,4,/m, 'b1,$1,9,4,4,'));
    const rebuilt = await build('out');
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stderr).toContain(warning);
    const clean = await build('clean');
    expect(clean.stderr).toContain(warning);
    const pdf = (out: string) => readFileSync(path.join(scratch, out, 'minimal', 'counters.pdf'));
    expect(pdf('out').equals(pdf('clean'))).toBe(true);
  });

  it('warns for a map picture printed at its 150 px/in module scale', async () => {
    const g = await game(async (dir) => {
      const file = path.join(dir, 'map.json');
      const map = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      map.image = { file: 'board.png', firstHexCenter: { x: 60, y: 70 } };
      map.moduleScale = 150;
      writeFileSync(file, JSON.stringify(map));
      writeFileSync(
        path.join(dir, 'board.png'),
        await sharp({ create: { width: 450, height: 330, channels: 3, background: '#d8c8a0' } })
          .png()
          .toBuffer(),
      );
    });
    const found: Diagnostic[] = [];
    await renderMapPdf(g, loadFonts(), { epoch: 0, tile: true, paper: 'letter', cmyk: false, bleed: 0, report: (d) => found.push(...d) });
    const warnings = lowRes(found);
    expect(warnings).toHaveLength(1);
    // 450 × 330 px at 150 px/in: 3.00 × 2.20 in; 300 ppi needs 900 × 660 px.
    expect(warnings[0].message).toContain('map.json image "board.png" (450×330 px) prints at 3.00×2.20 in in map.pdf: 150 ppi');
    expect(warnings[0].hint).toContain('900×660 px');
    expect(warnings[0].pointer).toBe('map.json/image/file');
  });

  /** `n` pictures printed 1/2" square (36 pt), picture k with 100 + 10·k px: 200 + 20·k ppi. */
  const pictures = (n: number): ImageItem[] =>
    Array.from({ length: n }, (_, k) => ({
      kind: 'image',
      x: 0,
      y: 0,
      w: 36,
      h: 36,
      art: { path: `p${k}.png`, sha256: '', format: 'png', width: 100 + 10 * k, height: 100 + 10 * k, data: new Uint8Array() },
    }));

  it('warns per picture up to five coarse pictures, then once naming the count and the coarsest three', () => {
    expect(LOW_RESOLUTION_LIST_LIMIT).toBe(5);
    // Five (200…280 ppi): a warning each, in order.
    const five = lowResolutionArt(pictures(5), 'counters.pdf', new Map());
    expect(five.map((d) => d.message.slice(0, 8))).toEqual(['"p0.png"', '"p1.png"', '"p2.png"', '"p3.png"', '"p4.png"']);
    // Six, the coarsest given last: 100 + 10·k px for k = 0…4, and 60 px (120 ppi).
    const six = pictures(5).concat({ ...pictures(1)[0], art: { ...pictures(1)[0].art, path: 'worst.png', width: 60, height: 60 } });
    const uses = new Map([
      ['p0.png', { what: 'unit "a" image', pointer: 'units.csv/a/image' }],
      ['worst.png', { what: 'marker "m" backImage', pointer: 'counters.json/markers/m/backImage' }],
    ]);
    const one = lowResolutionArt(six, 'counters.pdf', uses);
    expect(one).toHaveLength(1);
    expect(one[0].code).toBe('print/art-low-resolution');
    expect(one[0].severity).toBe('warning');
    expect(one[0].message).toMatch(/^6 pictures print under the 300 ppi print needs in counters\.pdf/);
    // 60 px / 0.5 in = 120 ppi, 100 px = 200 ppi, 110 px = 220 ppi; 300 ppi over 0.5 in is 150 px.
    expect(one[0].message).toContain(
      '"worst.png" 120 ppi (60×60 px, 150×150 needed), "p0.png" 200 ppi (100×100 px, 150×150 needed), "p1.png" 220 ppi',
    );
    expect(one[0].message).not.toContain('p2.png');
    expect(one[0].hint).toMatch(/300 px per inch/);
    // Placed where the coarsest picture is named.
    expect(one[0].pointer).toBe('counters.json/markers/m/backImage');
    // Pictures at 300 ppi or more are not counted: six pictures, one of them 150 px (300 ppi).
    const fine = pictures(5).concat({ ...pictures(1)[0], art: { ...pictures(1)[0].art, path: 'fine.png', width: 150, height: 150 } });
    expect(lowResolutionArt(fine, 'map.pdf', new Map())).toHaveLength(5);
  });
});
