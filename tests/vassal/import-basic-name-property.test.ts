/**
 * A piece named by a property BasicName (a Marker or Dynamic Property of that name) imports with
 * that name, as VASSAL names it: BasicPiece.getName() asks the outermost trait for BasicName, and
 * the first trait answering it, a Basic Name trait or such a property, gives the name. `hexforge
 * update` refuses to rename such a piece: the Basic Name trait or BasicPiece it would change is not
 * what VASSAL shows.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importInto, rename, update, updateErrors } from './basic-name-kit';
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
      const vmod = path.join(dir, 'named.vmod');
      await writeFile(vmod, await basicNamePropertyModule());
      const game = path.join(dir, 'game');
      const markers = await importInto(vmod, game);
      await rename(game, markers.find((m) => m.name === 'North Fleet')!.id, 'Arctic Fleet');
      const out = path.join(dir, 'new.vmod');
      const { ok, lines } = await update(vmod, game, out);
      expect(ok).toBe(false);
      expect(existsSync(out)).toBe(false);
      expect(updateErrors(lines)).toEqual(
        ['Map[Table]/SetupStack[Hand]', 'PieceWindow[Pieces]/ListWidget[Cards]'].map((at) => [
          'update/cannot-apply',
          `${at}/PieceSlot[Event003]: its name "North Fleet" comes from its property BasicName (a Marker trait)`,
        ]),
      );
    });
  });
});
