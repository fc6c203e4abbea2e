/**
 * A piece named by a property BasicName (a Marker or Dynamic Property of that name) imports with
 * that name, as VASSAL names it: BasicPiece.getName() asks the outermost trait for BasicName, and
 * the first trait answering it, a Basic Name trait or such a property, gives the name. `hexforge
 * update` refuses to rename such a piece: the Basic Name trait or BasicPiece it would change is not
 * what VASSAL shows.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importInto, renameAndUpdate, updateErrors } from './basic-name-kit';
import { CARD_NAMES, basicNamePropertyModule } from './basic-name-property-kit';
import { withTempDir } from './import-fixtures';

describe('a property BasicName names its piece', () => {
  it('on import: the outermost of Basic Name traits and BasicName properties, prototypes expanded in place', async () => {
    await withTempDir(async (dir) => {
      const vmod = path.join(dir, 'named.vmod');
      await writeFile(vmod, await basicNamePropertyModule());
      const markers = await importInto(vmod, path.join(dir, 'game'));
      expect(markers.map((m) => m.name).sort()).toEqual([...CARD_NAMES].sort());
    });
  });

  it('update refuses a rename of a name a Marker BasicName gives, writing nothing', async () => {
    await withTempDir(async (dir) => {
      const { ok, lines, written } = await renameAndUpdate(await basicNamePropertyModule(), dir, 'North Fleet', 'Arctic Fleet');
      expect(ok).toBe(false);
      expect(written).toBe(false);
      expect(updateErrors(lines)).toEqual(
        ['Map[Table]/SetupStack[Hand]', 'PieceWindow[Pieces]/ListWidget[Cards]'].map((at) => [
          'update/cannot-apply',
          `${at}/PieceSlot[Event003]: its name "North Fleet" comes from its property BasicName (a Marker trait)`,
        ]),
      );
    });
  });
});
