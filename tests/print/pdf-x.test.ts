/**
 * `cmyk=true` makes every PDF a PDF/X-1a:2003 file for print shops, checked on the saved bytes
 * against ISO 15930-4 and the ICC specification (profile header: size, class, colour space, 'acsp'
 * signature at fixed offsets); without it, none of those marks.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString } from 'pdf-lib';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildDemo } from '../../scripts/golden-renders';
import { loadFonts } from '../../src/assets/fonts';
import { planCounters } from '../../src/plan';
import { renderAidsPdf } from '../../src/print/aids-pdf';
import { renderCountersPdf } from '../../src/print/counters-pdf';
import { renderMapPdf } from '../../src/print/map-pdf';
import { aidPieces } from '../../src/render/aid-pieces';
import { fixtureGame } from '../render/helpers';
import { writeTemp } from './pdf-helpers';

const EPOCH = 1767225600;
const fonts = loadFonts();

async function allPdfs(cmyk: boolean): Promise<Record<string, Uint8Array>> {
  const game = await fixtureGame();
  const settings = { cmyk: String(cmyk) };
  return {
    counters: (await renderCountersPdf(game, planCounters(game, settings), fonts, { epoch: EPOCH })).pdf,
    aids: await renderAidsPdf(game, aidPieces(game, 'letter', fonts), { epoch: EPOCH, paper: 'letter', cmyk }, fonts),
    map: await renderMapPdf(game, fonts, { epoch: EPOCH, tile: false, paper: 'letter', cmyk, bleed: 0 }),
    tiledMap: await renderMapPdf(game, fonts, { epoch: EPOCH, tile: true, paper: 'a4', cmyk, bleed: 0 }),
  };
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return Buffer.from(bytes.subarray(from, to)).toString('latin1');
}

/** The content of every page and Form XObject (what paints), decompressed. */
function paintStreams(doc: PDFDocument): string[] {
  const refs = new Set(
    doc.getPages().flatMap((page) => {
      const c = page.node.Contents();
      return c instanceof PDFArray ? c.asArray() : [];
    }),
  );
  const out: string[] = [];
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    if (!refs.has(ref) && obj.dict.get(PDFName.of('Subtype')) !== PDFName.of('Form')) continue;
    out.push(Buffer.from(inflateSync(obj.contents)).toString('latin1'));
  }
  return out;
}

function text(dict: PDFDict, key: string): string | undefined {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFString ? value.decodeText() : value?.toString();
}

describe('PDF/X with cmyk=true', () => {
  it('gives every PDF the FOGRA39 output intent with a valid CMYK output profile, the PDF/X keys and an ID', async () => {
    for (const [name, pdf] of Object.entries(await allPdfs(true))) {
      expect(ascii(pdf, 0, 8), name).toBe('%PDF-1.4');
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      const intents = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
      expect(intents.size(), name).toBe(1);
      const intent = intents.lookup(0, PDFDict);
      expect(intent.get(PDFName.of('S')), name).toBe(PDFName.of('GTS_PDFX'));
      expect(text(intent, 'OutputConditionIdentifier'), name).toBe('FOGRA39');
      const stream = intent.lookup(PDFName.of('DestOutputProfile'));
      if (!(stream instanceof PDFRawStream)) throw new Error(`${name}: no DestOutputProfile stream`);
      expect(stream.dict.lookup(PDFName.of('N'))?.toString(), name).toBe('4');
      const icc = new Uint8Array(inflateSync(stream.contents));
      expect(Buffer.from(icc).readUInt32BE(0), `${name}: ICC size field`).toBe(icc.length);
      expect(ascii(icc, 12, 16), `${name}: profile class`).toBe('prtr');
      expect(ascii(icc, 16, 20), `${name}: colour space`).toBe('CMYK');
      expect(ascii(icc, 36, 40), `${name}: file signature`).toBe('acsp');
      expect(icc[8], `${name}: ICC major version 2 for PDF 1.4`).toBe(2);

      const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
      expect(text(info, 'GTS_PDFXVersion'), name).toBe('PDF/X-1:2003');
      expect(text(info, 'GTS_PDFXConformance'), name).toBe('PDF/X-1a:2003');
      expect(info.get(PDFName.of('Trapped')), name).toBe(PDFName.of('False'));
      expect(text(info, 'Title'), name).toBeTruthy();
      expect(ascii(pdf, 0, pdf.length)).toMatch(/trailer\s*<<[^]*\/ID \[ <[0-9a-f]{32}> <[0-9a-f]{32}> \]/);
      // PDF 1.4: no object or cross-reference streams.
      expect(ascii(pdf, 0, pdf.length), name).not.toMatch(/\/Type \/(ObjStm|XRef)\b/);
      // Only DeviceCMYK paints: no DeviceRGB or DeviceGray operators, no transparency.
      const streams = paintStreams(doc).join('\n');
      expect(streams, name).not.toMatch(/\b(rg|RG|g|G)\b/);
      expect(streams, name).toMatch(/\bk\b/);
      // Graphics states only set overprint (PDF/X-1a allows it): no soft mask, alpha or blend mode.
      for (const [, obj] of doc.context.enumerateIndirectObjects()) {
        if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Type')) !== PDFName.of('ExtGState')) continue;
        const keys = obj.keys().map((k) => k.decodeText());
        expect(
          keys.filter((k) => !['Type', 'OP', 'op', 'OPM'].includes(k)),
          name,
        ).toEqual([]);
      }
    }
  });

  it('puts a TrimBox inside a BleedBox inside the MediaBox on every page', async () => {
    for (const [name, pdf] of Object.entries(await allPdfs(true))) {
      const doc = await PDFDocument.load(pdf);
      doc.getPages().forEach((page, n) => {
        const node = page.node;
        expect(node.get(PDFName.of('TrimBox')), `${name} page ${n + 1}`).toBeDefined();
        expect(node.get(PDFName.of('BleedBox')), `${name} page ${n + 1}`).toBeDefined();
        const [media, bleed, trim] = [page.getMediaBox(), page.getBleedBox(), page.getTrimBox()];
        const inside = (a: typeof media, b: typeof media) =>
          a.x >= b.x - 1e-6 && a.y >= b.y - 1e-6 && a.x + a.width <= b.x + b.width + 1e-6 && a.y + a.height <= b.y + b.height + 1e-6;
        expect(inside(trim, bleed) && inside(bleed, media), `${name} page ${n + 1}`).toBe(true);
      });
    }
  });

  it('passes qpdf --check', async () => {
    for (const [name, pdf] of Object.entries(await allPdfs(true))) {
      const out = execFileSync('qpdf', ['--check', writeTemp(pdf, `${name}.pdf`)], { encoding: 'utf8' });
      expect(out, name).toMatch(/No syntax or stream encoding errors found/);
    }
  });

  it('marks every PDF a build writes, whatever outputs the build has', () => {
    const gameOut = buildDemo(['cmyk=true', 'tile=true']);
    try {
      const pdfs = readdirSync(gameOut).filter((f) => f.endsWith('.pdf'));
      expect(pdfs).toEqual(expect.arrayContaining(['counters.pdf', 'aids.pdf', 'map.pdf']));
      for (const file of pdfs) {
        const pdf = readFileSync(path.join(gameOut, file));
        expect(ascii(pdf, 0, 8), file).toBe('%PDF-1.4');
        expect(ascii(pdf, 0, pdf.length), file).toMatch(/\/S \/GTS_PDFX\b/);
        expect(execFileSync('qpdf', ['--check', path.join(gameOut, file)], { encoding: 'utf8' }), file).toMatch(
          /No syntax or stream encoding errors/,
        );
        const fontLines = execFileSync('pdffonts', [path.join(gameOut, file)], { encoding: 'utf8' })
          .split('\n')
          .slice(2)
          .filter(Boolean);
        for (const line of fontLines) expect(line, file).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes\b/);
      }
    } finally {
      rmSync(path.dirname(gameOut), { recursive: true, force: true });
    }
  }, 300_000);

  it('leaves RGB documents without output intent or PDF/X keys', async () => {
    for (const [name, pdf] of Object.entries(await allPdfs(false))) {
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      expect(doc.catalog.get(PDFName.of('OutputIntents')), name).toBeUndefined();
      const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
      expect(info.get(PDFName.of('GTS_PDFXVersion')), name).toBeUndefined();
    }
  });
});
