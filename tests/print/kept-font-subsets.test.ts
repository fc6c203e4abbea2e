/**
 * A font subset's program kept between builds: a document drawing the glyphs an earlier one drew
 * takes the program from the store and has the bytes of a document made without one; a document
 * drawing other glyphs (a letter more, or composite glyphs whose parts fontkit adds as it writes)
 * or the same glyphs in another order of first use, does not take it.
 */
import { rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import type { ImageCache } from '../../src/pipeline/generator';
import { createPdf, savePdf } from '../../src/print/pdf-doc';

const fonts = loadFonts();

/** An in-memory store counting what it was asked for and what it answered. */
function countingStore(): ImageCache & { hits: number; puts: number } {
  const entries = new Map<string, Uint8Array>();
  const store = {
    hits: 0,
    puts: 0,
    async get(key: string) {
      const data = entries.get(key);
      if (data) store.hits++;
      return data;
    },
    async put(key: string, data: Uint8Array) {
      store.puts++;
      entries.set(key, data);
    },
  };
  return store;
}

/** A one-page document with `text` in both fonts. */
async function documentWith(text: string, store?: ImageCache): Promise<Buffer> {
  const { doc, pdfFonts } = await createPdf(fonts, { title: 'subsets', epoch: 0, ...(store ? { fontSubsets: store } : {}) });
  const page = doc.addPage([300, 100]);
  page.drawText(text, { x: 10, y: 60, size: 12, font: pdfFonts.regular, color: rgb(0, 0, 0) });
  page.drawText(text, { x: 10, y: 30, size: 12, font: pdfFonts.bold, color: rgb(0, 0, 0) });
  return Buffer.from(await savePdf(doc));
}

describe('font subsets kept between builds', () => {
  it('the same glyphs again: both programs come from the store, the bytes those of a document made without it', async () => {
    const store = countingStore();
    await documentWith('Attack 4 Defence 3', store);
    expect([store.hits, store.puts]).toEqual([0, 2]);
    const kept = await documentWith('Attack 4 Defence 3', store);
    expect([store.hits, store.puts]).toEqual([2, 2]);
    expect(kept.equals(await documentWith('Attack 4 Defence 3'))).toBe(true);
  });

  // A subset numbers glyphs in the order the text first uses them: the same glyphs met in another
  // order make another program.
  it('other glyphs, plain or composite, or the same met in another order: written anew, as without the store', async () => {
    const store = countingStore();
    await documentWith('Attack 4', store);
    for (const text of ['Attack 4 Z', 'Attack 4 Éé', '4 Attack']) {
      const before = store.hits;
      const rebuilt = await documentWith(text, store);
      expect(store.hits).toBe(before);
      expect(rebuilt.equals(await documentWith(text))).toBe(true);
    }
  });
});
