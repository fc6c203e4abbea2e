/**
 * Print and play from a module's markers: a marker's picture (its palette slot's, or the piece's an
 * at-start stack alone holds) becomes counters.json `image`, the folder loads with it, the counter
 * sheet prints it, the module built from the folder gives the marker's piece that picture under its
 * name, and the import of that module is the first import again. A marker image the game folder
 * lacks is an error at its counters.json line.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { loadGame } from '../../src/cli/load-game';
import { planCounters } from '../../src/plan';
import { renderCountersPdf } from '../../src/print/counters-pdf';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { builtModuleEntries } from '../../scripts/built-module';
import { withTempDir } from './import-fixtures';
import { dataFiles, importEntries, jsonOf } from './rebuild-kit';

const B = 'VASSAL.build.module.map.boardPicker';
const SLOT = (name: string, gpid: number, image = '') =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/piece;;;${image};${name}/null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
// A marker with a flip side: a one-level Layer of its blown picture (reference §5 Embellishment).
const BRIDGE = (gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="Bridge" gpid="${gpid}" height="0" width="0">+/null/emb2;Flip;128;A;;128;;;128;;;;1;false;0;0;bridge-blown.png;+ (blown);true;Step;;;false;;1;1;false;70,130;;;Flip;1.0;;true	piece;;;bridge.png;Bridge/-1	null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
const STACK = (name: string, x: number, y: number, slots: string) =>
  `<VASSAL.build.module.map.SetupStack name="${name}" owningBoard="Hexes" useGridLocation="false" x="${x}" y="${y}">${slots}</VASSAL.build.module.map.SetupStack>`;

// Hexes 56 px apart from (40, 40), numbered from 0101 (reference §4.2): (40, 40) is 0101, (152, 40) 0301.
const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Marker pictures" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker><${B}.Board name="Hexes" width="400" height="300"><${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid></${B}.Board></VASSAL.build.module.map.BoardPicker>${STACK('Red HQ', 40, 40, SLOT('Red 1', 50) + SLOT('Control', 51, 'control.png'))}${STACK('Supply', 152, 40, SLOT('Supply dump', 52, 'supply.png') + SLOT('Flag', 53, 'gone.png') + BRIDGE(54))}</VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Red">${SLOT('Red 1', 1)}</VASSAL.build.widget.ListWidget>
    <VASSAL.build.widget.ListWidget entryName="Markers">${SLOT('Control', 3, 'control.png')}${BRIDGE(4)}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

/** A square picture of one colour. */
const picture = (edge: number, colour: string) =>
  sharp({ create: { width: edge, height: edge, channels: 3, background: colour } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));

async function moduleEntries(): Promise<Map<string, Uint8Array>> {
  const files = [
    { path: 'buildFile.xml', data: BUILD_FILE },
    { path: 'images/control.png', data: await picture(64, '#c00000') },
    { path: 'images/supply.png', data: await picture(64, '#0040c0') },
    { path: 'images/bridge.png', data: await picture(64, '#20a020') },
    { path: 'images/bridge-blown.png', data: await picture(64, '#606060') },
  ];
  return (await readZip(await writeZip(files, 1767225600), { file: 'pictures.vmod', limits: readLimits() })).entries;
}

/** The pictures a PDF embeds (not counting the soft masks that carry transparency). */
async function embeddedPictures(pdf: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(pdf);
  const images = doc.context
    .enumerateIndirectObjects()
    .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
  const masks = new Set(images.map(([, o]) => String((o as PDFRawStream).dict.get(PDFName.of('SMask')))));
  return images.filter(([ref]) => !masks.has(String(ref))).length;
}

describe("a marker's picture", () => {
  it('is imported, printed, built into the module under its name, and imported again the same', async () => {
    const first = await importEntries(await moduleEntries(), 'pictures');
    const markers = jsonOf(first, 'counters.json').markers.map((m: { id: string; image?: string; backImage?: string }) => [
      m.id,
      m.image,
      m.backImage,
    ]);
    // The picture of a marker the module does not hold (gone.png) is no picture; the bridge flips to its layer's picture.
    expect(markers).toEqual([
      ['control', 'vassal/module/images/control.png', undefined],
      ['supply-dump', 'vassal/module/images/supply.png', undefined],
      ['flag', undefined, undefined],
      ['bridge', 'vassal/module/images/bridge.png', 'vassal/module/images/bridge-blown.png'],
    ]);

    await withTempDir(async (dir) => {
      const folder = path.join(dir, 'game');
      expect(await writeGameFolder(folder, first.files)).toEqual([]);
      const { game, diagnostics } = await loadGame(folder);
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(Object.keys(game!.art ?? {}).sort()).toEqual(
        ['bridge-blown', 'bridge', 'control', 'supply'].map((n) => `vassal/module/images/${n}.png`),
      );

      // The sheet embeds the four pictures (the unit and the flag are drawn, not pictures).
      const { pdf } = await renderCountersPdf(game!, planCounters(game!, {}), loadFonts(), { epoch: 0 });
      expect(await embeddedPictures(pdf)).toBe(4);

      // The module holds each picture under its own name and the marker's piece shows it.
      const built = await builtModuleEntries(folder);
      expect([...built.keys()].filter((n) => /^images\/(control|supply|bridge|bridge-blown)\.png$/.test(n)).sort()).toEqual([
        'images/bridge-blown.png',
        'images/bridge.png',
        'images/control.png',
        'images/supply.png',
      ]);
      const buildFile = new TextDecoder().decode(built.get('buildFile.xml'));
      expect(buildFile).toMatch(/piece;;;control\.png;Control\//);
      expect(buildFile).toMatch(/piece;;;supply\.png;Supply dump\//);
      expect(buildFile).toMatch(/emb2;[^<]*;bridge-blown\.png;[^<]*piece;;;bridge\.png;Bridge\//);
      expect(buildFile).not.toMatch(/piece;;;[^;]*;Flag\/[^<]*gone\.png/);

      const second = await importEntries(built, 'pictures');
      expect(dataFiles(second)).toEqual(dataFiles(first));
    });
  }, 120_000);

  it('that the game folder lacks is an error at its counters.json line', async () => {
    const first = await importEntries(await moduleEntries(), 'pictures');
    await withTempDir(async (dir) => {
      const folder = path.join(dir, 'game');
      await writeGameFolder(folder, first.files);
      const countersFile = path.join(folder, 'counters.json');
      const counters = JSON.parse(await readFile(countersFile, 'utf8'));
      counters.markers[2].image = 'art/flag.png';
      await writeFile(countersFile, `${JSON.stringify(counters, null, 2)}\n`);
      const { diagnostics } = await loadGame(folder);
      const missing = diagnostics.filter((d) => d.code === 'art/image-missing');
      expect(missing).toHaveLength(1);
      expect(missing[0].message).toMatch(/^marker "flag" image "art\/flag.png" is not a file/);
      // The line of the flag's "image" in the written file.
      const line = (await readFile(countersFile, 'utf8')).split('\n').findIndex((l) => l.includes('"art/flag.png"')) + 1;
      expect([missing[0].file, missing[0].line]).toEqual([countersFile, line]);
    });
  }, 60_000);
});
