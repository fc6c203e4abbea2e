/**
 * Counters printed from the game's own art (units.csv `image`/`backImage`): the picture fills its
 * face on the sheet, its edge runs into the bleed, the back's picture sits behind its front, and a
 * bad image is reported at its units.csv cell.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { loadGame } from '../../src/cli/load-game';
import { planCounters } from '../../src/plan';
import { renderCountersPdf } from '../../src/print/counters-pdf';
import { MM } from '../../src/print/pdf-doc';
import { runCli } from '../cli/run-cli';
import { writeTemp } from './pdf-helpers';
import { tempDir } from '../temp-dir';

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 60, b: 220 };
const GREEN = { r: 20, g: 170, b: 60 };

/** A picture whose left half is `left` and right half `right`, so a mirrored or swapped face shows. */
async function halves(left: typeof RED, right: typeof RED, size = 120): Promise<Buffer> {
  const half = await sharp({ create: { width: size / 2, height: size, channels: 3, background: right } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 3, background: left } })
    .composite([{ input: half, left: size / 2, top: 0 }])
    .png()
    .toBuffer();
}

/** The minimal fixture game with art columns on its first unit (b1); `files` are written into the folder. */
function gameWithArt(columns: { image?: string; backImage?: string }, files: Record<string, Uint8Array | string>): string {
  const dir = tempDir('hexforge-art-');
  cpSync('tests/fixtures/minimal', dir, { recursive: true });
  const csv = readFileSync(path.join(dir, 'units.csv'), 'utf8').trimEnd().split('\n');
  csv[0] += ',image,backImage';
  csv[1] += `,${columns.image ?? ''},${columns.backImage ?? ''}`;
  for (let i = 2; i < csv.length; i++) csv[i] += ',,';
  writeFileSync(path.join(dir, 'units.csv'), `${csv.join('\n')}\n`);
  for (const [name, data] of Object.entries(files)) writeFileSync(path.join(dir, name), data);
  return dir;
}

/** Page `page` (1-based) of the PDF at 72 dpi: one pixel per point. */
async function pagePixels(pdf: Uint8Array, page: number) {
  const file = writeTemp(pdf, 'counters.pdf');
  const prefix = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-r', '72', '-f', String(page), '-l', String(page), '-singlefile', '-png', file, prefix]);
  const { data, info } = await sharp(`${prefix}.png`).raw().toBuffer({ resolveWithObject: true });
  return (x: number, y: number) => {
    const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    return { r: data[i], g: data[i + 1], b: data[i + 2] };
  };
}

function near(actual: { r: number; g: number; b: number }, expected: typeof RED): boolean {
  return Math.abs(actual.r - expected.r) + Math.abs(actual.g - expected.g) + Math.abs(actual.b - expected.b) < 40;
}

describe('counter art', () => {
  it('prints the front picture on the face, its edge into the bleed, and the back picture behind it', async () => {
    const dir = gameWithArt(
      { image: 'b1-front.png', backImage: 'b1-back.png' },
      { 'b1-front.png': await halves(RED, BLUE), 'b1-back.png': await halves(GREEN, GREEN) },
    );
    const { game, diagnostics } = await loadGame(dir);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const plan = planCounters(game!, {});
    const { pdf, pages } = await renderCountersPdf(game!, plan, loadFonts(), { epoch: 0 });
    const front = pages.find((p) => p.kind === 'front')!;
    const back = pages.find((p) => p.kind === 'back')!;
    const f = front.pieces.find((p) => p.key.startsWith('unit/b1/'))!;
    const b = back.pieces[front.pieces.indexOf(f)];
    const frontAt = await pagePixels(pdf, front.page + 1);
    const { x, y, w, h } = f.rect;
    expect(near(frontAt(x + w * 0.25, y + h / 2), RED)).toBe(true);
    expect(near(frontAt(x + w * 0.75, y + h / 2), BLUE)).toBe(true);
    // Half the bleed outside the cut line, the picture's own left edge continues.
    expect(near(frontAt(x - f.bleed.left / 2, y + h / 2), RED)).toBe(true);
    expect(f.bleed.left).toBeGreaterThanOrEqual(3 * MM - 1e-6);
    const backAt = await pagePixels(pdf, back.page + 1);
    expect(near(backAt(b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2), GREEN)).toBe(true);
    // The other unit has no art: its face is drawn from the template, not from any picture.
    const other = front.pieces.find((p) => !p.key.startsWith('unit/b1/'))!;
    expect(near(frontAt(other.rect.x + other.rect.w / 2, other.rect.y + other.rect.h / 2), RED)).toBe(false);
  });

  it('for a print shop (cmyk=true) embeds the pictures as CMYK without transparency (PDF/X-1a), their colours kept', async () => {
    // The back picture half transparent: PDF/X-1a has no soft mask for it, so it is laid on white paper.
    const faded = await sharp({ create: { width: 120, height: 120, channels: 4, background: { ...GREEN, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const dir = gameWithArt(
      { image: 'b1-front.png', backImage: 'b1-back.png' },
      { 'b1-front.png': await halves(RED, BLUE), 'b1-back.png': faded },
    );
    const { game } = await loadGame(dir);
    const plan = planCounters(game!, { cmyk: 'true' });
    const { pdf, pages } = await renderCountersPdf(game!, plan, loadFonts(), { epoch: 0 });
    const listing = execFileSync('pdfimages', ['-list', writeTemp(pdf, 'counters-cmyk.pdf')], { encoding: 'utf8' });
    const rows = listing
      .split('\n')
      .slice(2)
      .filter((l) => l.trim() !== '');
    // page, num, type, width, height, color: two pictures, each one CMYK image and nothing else.
    expect(rows.map((r) => r.trim().split(/\s+/).slice(2, 6).join(' ')).sort()).toEqual(['image 180 180 cmyk', 'image 180 180 cmyk']);
    const front = pages.find((p) => p.kind === 'front')!;
    const back = pages.find((p) => p.kind === 'back')!;
    const f = front.pieces.find((p) => p.key.startsWith('unit/b1/'))!;
    const b = back.pieces[front.pieces.indexOf(f)];
    const frontAt = await pagePixels(pdf, front.page + 1);
    const { x, y, w, h } = f.rect;
    // Separated through FOGRA39 (a saturated screen blue is out of the coated gamut) and shown by a
    // plain CMYK-to-RGB conversion: the hue stays, the exact value need not.
    const red = frontAt(x + w * 0.25, y + h / 2);
    const blue = frontAt(x + w * 0.75, y + h / 2);
    expect(red.r > 150 && red.g < 90 && red.b < 90, `red half ${JSON.stringify(red)}`).toBe(true);
    expect(blue.b > blue.r + 60 && blue.b > blue.g + 40, `blue half ${JSON.stringify(blue)}`).toBe(true);
    // Half green on white: a light green.
    const light = (await pagePixels(pdf, back.page + 1))(b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2);
    expect(light.g > light.r + 40 && light.g > light.b + 40 && light.r > 100, `faded green ${JSON.stringify(light)}`).toBe(true);
  });

  it('embeds a picture once however many counters show it', async () => {
    const png = await halves(RED, BLUE);
    const dir = gameWithArt({ image: 'a.png', backImage: 'a.png' }, { 'a.png': png });
    const { game } = await loadGame(dir);
    const { pdf } = await renderCountersPdf(game!, planCounters(game!, {}), loadFonts(), { epoch: 0 });
    const images =
      Buffer.from(pdf)
        .toString('latin1')
        .match(/\/Subtype \/Image/g) ?? [];
    expect(images).toHaveLength(1);
  });

  it('reports a missing or unreadable picture at its units.csv cell, and loads no game', async () => {
    const dir = gameWithArt({ image: 'nowhere.png', backImage: 'notes.png' }, { 'notes.png': 'not a picture' });
    const { game, diagnostics } = await loadGame(dir);
    expect(game).toBeUndefined();
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.code).sort()).toEqual(['art/image-missing', 'art/image-unreadable']);
    const header =
      'id,side,nationality,type,size,designation,attack,defense,move,steps,back,back.attack,back.defense,back.move,setup,image,backImage'.split(
        ',',
      );
    for (const d of errors) {
      expect(d.file).toBe(path.join(dir, 'units.csv'));
      expect(d.line).toBe(2);
      const column = d.code === 'art/image-missing' ? 'image' : 'backImage';
      const row = readFileSync(path.join(dir, 'units.csv'), 'utf8').split('\n')[1];
      const cellStart = row.split(',').slice(0, header.indexOf(column)).join(',').length + 2;
      expect(d.column).toBe(cellStart);
    }
  });

  it('reports a GIF whose header reads but whose pixels do not at its cell, not as a crash', async () => {
    // A GIF89a signature and a 10 × 10 screen descriptor, then nothing a decoder can read.
    const broken = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([10, 0, 10, 0, 0, 0, 0]), Buffer.from('garbage')]);
    const dir = gameWithArt({ image: 'broken.gif' }, { 'broken.gif': broken });
    const { game, diagnostics } = await loadGame(dir);
    expect(game).toBeUndefined();
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.line])).toEqual([['art/image-unreadable', 2]]);
    expect(errors[0].message).toContain('broken.gif');
  });

  it('refuses a PNG whose header claims more pixels than the image library decodes, before decoding it', async () => {
    // A PNG signature and an IHDR chunk of 100000 × 100000 px, 8-bit RGB: what load reads of a picture; no pixels follow.
    const ihdr = Buffer.alloc(25);
    ihdr.writeUInt32BE(13, 0);
    ihdr.write('IHDR', 4, 'latin1');
    ihdr.writeUInt32BE(100000, 8);
    ihdr.writeUInt32BE(100000, 12);
    ihdr.set([8, 2, 0, 0, 0], 16);
    const claimed = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
    const dir = gameWithArt({ image: 'huge.png' }, { 'huge.png': claimed });
    const { game, diagnostics } = await loadGame(dir);
    expect(game).toBeUndefined();
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.line])).toEqual([['art/image-too-large', 2]]);
    expect(errors[0].message).toContain('"huge.png" is 100,000 × 100,000 px');
  });

  it('stops a build at the cell of a PNG whose header reads but whose pixels are damaged, not with a crash', async () => {
    const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: RED } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const idat = png.indexOf('IDAT');
    for (let k = idat + 20; k < idat + 400; k++) png[k] = k & 255;
    const dir = gameWithArt({ image: 'damaged.png' }, { 'damaged.png': png });
    expect((await loadGame(dir)).game).toBeDefined();
    const out = tempDir('hexforge-art-out-');
    const r = await runCli(['build', dir, '--only', 'counters', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/units\.csv:2:\d+: error art\/image-damaged: unit "b1" image "damaged\.png" has a readable header/);
    expect(r.stderr).toContain('hint: ');
    expect(r.stderr).not.toContain('    at ');
  });

  it('refuses a path that leaves the game folder', async () => {
    const dir = gameWithArt({ image: '../outside.png' }, {});
    const { game, diagnostics } = await loadGame(dir);
    expect(game).toBeUndefined();
    expect(diagnostics.some((d) => d.severity === 'error' && d.line === 2)).toBe(true);
  });
});
