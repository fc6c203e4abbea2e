/**
 * Masks seen by VASSAL 3.7.26 itself: File > New Game in the module built from an imported module
 * with masked units and markers (by a side, by a list of sides, by a player) places each piece as
 * the original does: the same masker (Obscurable's `obs;` property), hidden from others or not,
 * shown under the same name and with the same menu.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import type { SetupPiece } from '../../src/vassal/harness/report';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { encodePiece } from '../../src/vassal/piece';
import { buildBasicPiece, type Trait } from '../../src/vassal/traits/index';
import { builtModuleEntries } from '../../scripts/built-module';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { greyPicture } from './rebuild-kit';
import { SMALL_HEX_BOARD, importBuildFile, oneMapBuildFile, setupStack } from './synthetic-module';
import { vassalReport, zipped } from './vassal-run';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readZip } from '../../src/vassal/reader/index';

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const UNIT_MASK = 'obs;72,130;scout-back.png;Hide;P80,130;Hidden unit;side:;Look;Scout mask;false;;';
const CARD_MASK = 'obs;;card-back.png;Conceal;Gcard-cover.png;?;sides:Allies:Axis;Peek;;true;;';
const PLAYER_MASK = 'obs;77,130;card-back.png;Mask;I;?;player:;Peek;;false;;';

const masked = (mask: string, by: string | null): Trait => ({ type: mask, state: by === null ? 'null;' : `${by};` });
const unit = (name: string, side: string, mask: string, by: string | null): Trait[] => [
  masked(mask, by),
  { type: 'mark;Side', state: side },
  buildBasicPiece({ name, image: 'scout.png' }),
];
const card = (name: string, mask: string, by: string | null): Trait[] => [masked(mask, by), buildBasicPiece({ name, image: 'ambush.png' })];
const slot = (traits: Trait[], gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="" gpid="${gpid}" height="0" width="0">${xmlText(encodePiece({ id: 'null', traits }))}</VASSAL.build.widget.PieceSlot>`;

const BUILD_FILE = oneMapBuildFile({
  name: 'Hidden',
  sides: ['Allies', 'Axis'],
  palette:
    slot(unit('Scout', 'Allies', UNIT_MASK, null), 1) +
    slot(unit('Spy', 'Axis', PLAYER_MASK, null), 2) +
    slot(card('Ambush', CARD_MASK, null), 3) +
    slot(card('Mine', PLAYER_MASK, null), 4),
  board: SMALL_HEX_BOARD,
  stacks:
    setupStack(96, slot(unit('Scout', 'Allies', UNIT_MASK, 'Allies'), 11) + slot(card('Ambush', CARD_MASK, 'Axis'), 12)) +
    setupStack(208, slot(unit('Scout', 'Allies', UNIT_MASK, null), 13) + slot(unit('Spy', 'Axis', PLAYER_MASK, 'Player1'), 14)) +
    setupStack(320, slot(card('Mine', PLAYER_MASK, 'Player2'), 15) + slot(card('Ambush', CARD_MASK, null), 16)),
  // VASSAL makes pieces through a command encoder: without one, a new game places none.
}).replace('<VASSAL.build.module.PlayerRoster>', '<VASSAL.build.module.BasicCommandEncoder/><VASSAL.build.module.PlayerRoster>');
const IMAGES = ['scout-back.png', 'scout.png', 'card-back.png', 'card-cover.png', 'ambush.png'].map((name, i) => ({
  path: `images/${name}`,
  data: greyPicture(20, 30, 40 + 30 * i),
}));

/**
 * What VASSAL shows of each at-start piece, in a stable order: where, its name and the name shown
 * (the mask's when it is hidden from the harness's player), its masker, whether it is hidden from
 * others, and its menu but the Clone and Delete commands every piece a build makes has.
 */
const seen = (pieces: readonly SetupPiece[]) =>
  pieces
    .map((p) => {
      const menu = (p.menu ?? []).filter((c) => !c.startsWith('Clone') && !c.startsWith('Delete'));
      return [p.location, p.name, p.shownName, p.properties['obs;'] ?? '', p.properties.ObscuredToOthers ?? '', menu.join('|')].join(' / ');
    })
    .sort();

describeVassal('masks in VASSAL itself', () => {
  it('a new game in the built module places the masked pieces as the original does', async () => {
    await withTempDir(async (dir) => {
      const original = path.join(dir, 'original.vmod');
      await zipped(
        original,
        (await readZip(await writeZip([{ path: 'buildFile.xml', data: BUILD_FILE }, ...IMAGES], 0), { file: 'o', limits: readLimits() }))
          .entries,
      );
      const imported = await importBuildFile(BUILD_FILE, IMAGES);
      await writeGameFolder(path.join(dir, 'game'), imported.files);
      const built = path.join(dir, 'built.vmod');
      await zipped(built, await builtModuleEntries(path.join(dir, 'game')));
      const properties = ['obs;', 'ObscuredToOthers'];
      const [before, after] = [await vassalReport(original, [], properties), await vassalReport(built, [], properties)];
      expect(before.atStart).toHaveLength(6);
      expect(seen(after.atStart!)).toEqual(seen(before.atStart!));
    });
  }, 600_000);
});
