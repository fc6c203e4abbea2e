/**
 * A palette piece read as a marker that no setup places (Ragnarok's "mkr-melee" in a side's tab)
 * is a counters.json marker: its count unknown (a VASSAL palette gives any number of copies), its
 * picture kept. The module built from the data has its palette slot, and imports again to the
 * same data.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { dataFiles, jsonOf, rebuilt, sideSlot } from './rebuild-kit';
import { importBuildFile, oneMapBuildFile } from './synthetic-module';
import { withTempDir } from './import-fixtures';

const SLOT = (name: string, gpid: number, image = '') =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/piece;;;${image};${name}/null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
const STACK = (x: number, slots: string) =>
  `<VASSAL.build.module.map.SetupStack name="" owningBoard="Table" useGridLocation="false" x="${x}" y="60">${slots}</VASSAL.build.module.map.SetupStack>`;

const BUILD_FILE = oneMapBuildFile({
  name: 'Palette markers',
  sides: ['Red'],
  palette: sideSlot('Red 1', 1, 'Red') + SLOT('Melee', 2, 'melee.png') + SLOT('Control', 3) + SLOT('Supply', 4),
  board: '<VASSAL.build.module.map.boardPicker.Board name="Table" width="600" height="400"/>',
  // Only "Supply" is placed.
  stacks: STACK(50, sideSlot('Red 1', 11, 'Red') + SLOT('Supply', 12)),
});

const picture = async () =>
  new Uint8Array(
    await sharp({ create: { width: 48, height: 48, channels: 3, background: '#a03030' } })
      .png()
      .toBuffer(),
  );

describe('a palette marker no setup places', () => {
  it('is a marker of unknown count, which the built module keeps in its palette and reads back the same', async () => {
    const first = await importBuildFile(BUILD_FILE, [{ path: 'images/melee.png', data: await picture() }]);
    const markers = jsonOf(first, 'counters.json').markers;
    expect(markers.map((m: { id: string; name: string; count: unknown; image?: string }) => [m.id, m.name, m.count, m.image])).toEqual([
      ['supply', 'Supply', 1, undefined],
      [
        'melee',
        'Melee',
        { unknown: true, reason: 'no setup places it, and a VASSAL palette gives any number of copies' },
        'vassal/module/images/melee.png',
      ],
      ['control', 'Control', { unknown: true, reason: 'no setup places it, and a VASSAL palette gives any number of copies' }, undefined],
    ]);
    expect(first.summary.markers).toBe(1);
    await withTempDir(async (dir) => {
      const { built, second } = await rebuilt(dir, first, 'synthetic');
      const xml = new TextDecoder().decode(built.get('buildFile.xml'));
      const slots = [...xml.matchAll(/<VASSAL\.build\.widget\.PieceSlot entryName="([^"]*)"/g)].map((m) => m[1]);
      expect(slots).toEqual(expect.arrayContaining(['Red 1', 'Supply', 'Melee', 'Control']));
      expect(xml).toMatch(/piece;;;melee\.png;Melee\//);
      expect(dataFiles(second)).toEqual(dataFiles(first));
    });
  }, 60_000);
});
