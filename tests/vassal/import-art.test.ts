/**
 * Print and play from a module's own art: the import names each unit's pictures in units.csv
 * (front from the piece, back from a flip layer of the same size), and the counter sheets built
 * from the imported folder print those pictures.
 */
import path from 'node:path';
import sharp from 'sharp';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { loadGame } from '../../src/cli/load-game';
import { imageHeader } from '../../src/data/image-header';
import { planCounters } from '../../src/plan';
import { renderCountersPdf } from '../../src/print/counters-pdf';
import { unitArtImages } from '../../src/vassal/import/art';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModuleFrom } from '../../src/vassal/reader/index';
import { describeShared } from '../shared-dir';
import { KASSALA, fixture, withTempDir } from './import-fixtures';

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .toFormat(format)
    .toBuffer()
    .then((b) => new Uint8Array(b));

describe('image headers', () => {
  it('reads the format and size of PNG, JPEG and GIF as sharp decodes them, and nothing else', async () => {
    for (const format of ['png', 'jpeg', 'gif'] as const) {
      const bytes = await picture(37, 21, format);
      const meta = await sharp(bytes).metadata();
      expect(imageHeader(bytes)).toEqual({ format, width: meta.width, height: meta.height });
    }
    // A JPEG with an EXIF block before its frame header.
    const exif = new Uint8Array(
      await sharp(await picture(40, 30, 'jpeg'))
        .withMetadata({ orientation: 1 })
        .jpeg()
        .toBuffer(),
    );
    expect(imageHeader(exif)).toEqual({ format: 'jpeg', width: 40, height: 30 });
    expect(imageHeader(new TextEncoder().encode('not a picture at all'))).toBeUndefined();
    expect(imageHeader((await picture(10, 10)).subarray(0, 20))).toBeUndefined();
  });
});

describe("a unit's art in the module", () => {
  it('takes the piece image as the front and a same-size layer picture as the back', async () => {
    const files = new Map([
      ['images/front.png', await picture(100, 100)],
      ['images/back.png', await picture(98, 102)],
      ['images/disrupted.png', await picture(30, 30)],
      ['images/step2.png', await picture(100, 100)],
    ]);
    expect(unitArtImages('front.png', ['back.png'], files, 'images/')).toEqual({ front: 'images/front.png', back: 'images/back.png' });
    // A small overlay is a status marker, not a side of the counter.
    expect(unitArtImages('front.png', ['disrupted.png'], files, 'images/')).toEqual({ front: 'images/front.png', back: undefined });
    // A piece without an image of its own flips between its two layer pictures.
    expect(unitArtImages('', ['front.png', 'back.png'], files, 'images/')).toEqual({ front: 'images/front.png', back: 'images/back.png' });
    // Layers of many levels (steps, markers) are not read as faces; missing pictures are no art.
    expect(unitArtImages('front.png', ['back.png', 'step2.png'], files, 'images/')).toEqual({ front: 'images/front.png', back: undefined });
    expect(unitArtImages('gone.png', [], files, 'images/')).toEqual({});
  });
});

describeShared('print and play from an imported module', () => {
  it("Kassala's counter sheet shows the module's 13 counter pictures", async () => {
    await withTempDir(async (dir) => {
      const read = await readModuleFrom(fixture(KASSALA), readLimits());
      const result = await importModule(read.module!, { id: 'kassala' });
      const out = path.join(dir, 'game');
      expect(await writeGameFolder(out, result.files)).toEqual([]);
      const { game, diagnostics } = await loadGame(out);
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(game!.units.every((u) => u.image?.startsWith('vassal/module/images/'))).toBe(true);
      const pictures = new Set(game!.units.map((u) => u.image));
      expect(pictures.size).toBe(13);
      const { pdf } = await renderCountersPdf(game!, planCounters(game!, {}), loadFonts(), { epoch: 0 });
      const doc = await PDFDocument.load(pdf);
      const images = doc.context
        .enumerateIndirectObjects()
        .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
      // A picture with transparency carries its alpha as a second image (its soft mask).
      const masks = new Set(images.map(([, o]) => String((o as PDFRawStream).dict.get(PDFName.of('SMask')))));
      expect(images.filter(([ref]) => !masks.has(String(ref)))).toHaveLength(13);
      // Each embedded picture keeps the module picture's proportions (plus its repeated edges).
      const sizes = [...pictures].map((p) => imageHeader(read.module!.files.get(p!.replace('vassal/module/', ''))!)!);
      expect(sizes.every((s) => s.width > 150 && s.height > 150)).toBe(true);
    });
  });
});
