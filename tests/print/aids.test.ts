import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { type TableBlock, aidCards } from '../../src/render/aid-cards';
import { aidPiecePng, aidPieces } from '../../src/render/aid-pieces';
import { renderAidsPdf } from '../../src/print/aids-pdf';

const fonts = loadFonts();
import { clone, fixtureGame } from '../render/helpers';
import { embeddedFontNames, layoutText, writeTemp } from './pdf-helpers';

const EPOCH = 1767225600;

function rowsOf(text: string): string[][] {
  return text.split('\n').map((l) =>
    l
      .trim()
      .split(/\s{1,}/)
      .filter(Boolean),
  );
}

describe('aids.pdf', () => {
  it('prints the CRT exactly as tables.json gives it', async () => {
    const game = await fixtureGame();
    const pdf = await renderAidsPdf(game, aidPieces(game, 'letter', fonts), { epoch: EPOCH, paper: 'letter', cmyk: false }, fonts);
    const rows = rowsOf(layoutText(writeTemp(pdf, 'aids.pdf')));
    // tests/fixtures/minimal/tables.json: dice 1d6, columns 1:1 and 2:1, rows 1–3 AR DR, 4–6 DR DE.
    expect(rows).toContainEqual(['1d6', '1:1', '2:1']);
    expect(rows).toContainEqual(['1–3', 'AR', 'DR']);
    expect(rows).toContainEqual(['4–6', 'DR', 'DE']);
    expect(embeddedFontNames(await PDFDocument.load(pdf))).toHaveLength(2);
  });

  it('prints the terrain effects chart from terrain.json', async () => {
    const game = await fixtureGame();
    const text = layoutText(
      writeTemp(
        await renderAidsPdf(game, aidPieces(game, 'letter', fonts), { epoch: EPOCH, paper: 'letter', cmyk: false }, fonts),
        'aids.pdf',
      ),
    );
    const rows = rowsOf(text);
    // terrain.json: clear 1 MP; forest 2 MP and one column shift left; river +1 MP.
    expect(rows).toContainEqual(['Clear', '1', '–']);
    expect(rows).toContainEqual(['Forest', '2', 'shift', '-1', 'col']);
    expect(rows).toContainEqual(['River', '(hexside)', '+1', '–']);
    expect(text).toContain('Turn Record Track');
    expect(text).toContain('Sequence of Play');
  });

  it('states the DRM limit as a limit on the total DRM, the roll limit as a roll limit, and signs a zero modifier', () => {
    return fixtureGame().then((base) => {
      const game = clone(base);
      const crt = game.tables[0];
      crt.drmRange = { min: -2, max: 2 };
      crt.rollRange = { min: 1, max: 6 };
      crt.modifiers = [{ id: 'none', label: 'Nothing applies', kind: 'drm', value: 0 }];
      const card = aidCards(game).find((c) => c.id === crt.id)!;
      const notes = card.blocks.flatMap((b) => b.notes);
      expect(notes).toContain('The total DRM is limited to between -2 and +2.');
      expect(notes).toContain('Modified rolls below 1 count as 1, above 6 as 6.');
      expect(notes.join(' ')).not.toContain('Modified rolls are limited');
      const modifiers = card.blocks.find((b): b is TableBlock => b.kind === 'table' && b.title === 'Die roll modifiers (DRM)')!;
      expect(modifiers.header).toEqual(['DRM', 'When']);
      expect(modifiers.rows[0].map((c) => c.text)).toEqual(['+0', 'Nothing applies']);
    });
  });

  it('shows unknown cells and unknown table bodies as "?"', async () => {
    const game = clone(await fixtureGame());
    game.tables[0].rows![1].cells = ['DR', '?'];
    game.tables.push({
      id: 'weather',
      name: 'Weather Table',
      kind: 'weather',
      dice: '1d6',
      columnKind: 'label',
      columns: [{ label: 'Result' }],
      body: { unknown: true },
    });
    const grid = aidCards(game).find((c) => c.id === 'crt')!.blocks[0] as TableBlock;
    expect(grid.rows[1].map((c) => c.text)).toEqual(['4–6', 'DR', '?']);
    expect(grid.rows[1][2].unknown).toBe(true);
    const rows = rowsOf(
      layoutText(
        writeTemp(
          await renderAidsPdf(game, aidPieces(game, 'letter', fonts), { epoch: EPOCH, paper: 'letter', cmyk: false }, fonts),
          'aids.pdf',
        ),
      ),
    );
    expect(rows).toContainEqual(['4–6', 'DR', '?']);
    expect(rows).toContainEqual(['?', '?']);
  });

  it('continues a table longer than a page on the next page, header repeated', async () => {
    const game = clone(await fixtureGame());
    game.tables[0].rows = Array.from({ length: 120 }, (_, i) => ({ min: i + 1, max: i + 1, cells: [`A${i + 1}`, `B${i + 1}`] }));
    const pieces = aidPieces(game, 'letter', fonts).filter((p) => p.cardId === 'crt');
    expect(pieces.length).toBeGreaterThan(1);
    const pdf = await renderAidsPdf(game, pieces, { epoch: EPOCH, paper: 'letter', cmyk: false }, fonts);
    const text = layoutText(writeTemp(pdf, 'aids.pdf'));
    for (let i = 1; i <= 120; i++) expect(rowsOf(text)).toContainEqual([String(i), `A${i}`, `B${i}`]);
    expect(text.match(/1d6\s+1:1\s+2:1/g)!.length).toBe(pieces.length);
  });

  it('makes one image per card piece at the module scale', async () => {
    const game = await fixtureGame();
    const pieces = aidPieces(game, 'letter', fonts);
    expect(pieces.map((p) => p.name)).toEqual(['sequence-of-play', 'crt', 'tec', 'turn-record', 'schedule-basic']);
    const png = await aidPiecePng(pieces[1], 150, fonts);
    const meta = await sharp(Buffer.from(png)).metadata();
    // Letter minus 1" of margins = 7.5" of table width, plus 2 × 9 pt padding → 7.75" × 150 px.
    expect(meta.width).toBe(Math.round(7.75 * 150));
  });
});
