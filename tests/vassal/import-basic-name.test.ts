/**
 * A piece named by a Basic Name trait imports with that name, as VASSAL names it (BasicPiece.getName
 * reads BasicName from the outermost trait: the outermost Basic Name, prototypes expanded in place),
 * and `hexforge update` writes a rename into that trait, so a new import reads the new name. A name
 * that comes from a prototype's Basic Name is written into that prototype when it names no other
 * kind of piece (tests/vassal/update-name-prototype.test.ts: refused where it does).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChangedPlace } from '../../src/vassal/update/update-module';
import { basicNameModule, importInto, rename, update, renameAndUpdate, updateErrors } from './basic-name-kit';
import { withTempDir } from './import-fixtures';

describe('a Basic Name trait names its piece', () => {
  it('on import: the outermost Basic Name, a prototype expanded in place, else the BasicPiece', async () => {
    await withTempDir(async (dir) => {
      const vmod = path.join(dir, 'cards.vmod');
      await writeFile(vmod, await basicNameModule());
      const markers = await importInto(vmod, path.join(dir, 'game'));
      expect(markers.map((m) => m.name).sort()).toEqual(['Card', 'Eastern Fleet', 'Supply']);
    });
  });

  it('update writes a rename into the Basic Name trait, and a new import reads it', async () => {
    await withTempDir(async (dir) => {
      const vmod = path.join(dir, 'cards.vmod');
      await writeFile(vmod, await basicNameModule());
      const game = path.join(dir, 'game');
      const markers = await importInto(vmod, game);
      await rename(game, markers.find((m) => m.name === 'Eastern Fleet')!.id, 'Western Fleet');
      const out = path.join(dir, 'new.vmod');
      const { ok, lines } = await update(vmod, game, out);
      expect(ok, lines.join('\n')).toBe(true);
      const result = JSON.parse(lines.find((l) => l.startsWith('{"module"'))!) as {
        changes: Array<{ places: ChangedPlace[] }>;
      };
      // The at-start copy, the palette slot and the saved piece: each one's Basic Name trait (outermost);
      // BasicPieces and palette labels untouched (the save's writer numbers its pieces).
      const change = ['trait 1 (basicName;)', 'basicName;Eastern Fleet', 'basicName;Western Fleet'];
      expect(result.changes[0].places.map((p) => [p.entry, p.where, p.what, p.before, p.after])).toEqual([
        ['buildFile.xml', 'Map[Table]/SetupStack[Hand]/PieceSlot[Event001]', ...change],
        ['buildFile.xml', 'PieceWindow[Pieces]/ListWidget[Cards]/PieceSlot[Event001]', ...change],
        ['turn1.vsav', expect.stringMatching(/^piece \d+$/), ...change],
      ]);
      const again = await importInto(out, path.join(dir, 'again'));
      expect(again.map((m) => m.name).sort()).toEqual(['Card', 'Supply', 'Western Fleet']);
    });
  });

  it("update writes a rename of a name from a prototype's Basic Name into that prototype, which names this card alone", async () => {
    await withTempDir(async (dir) => {
      const { ok, lines, written } = await renameAndUpdate(await basicNameModule(), dir, 'Card', 'Reserve');
      expect(ok, lines.join('\n')).toBe(true);
      expect(written).toBe(true);
      expect(updateErrors(lines)).toEqual([]);
      const again = await importInto(path.join(dir, 'new.vmod'), path.join(dir, 'again'));
      expect(again.map((m) => m.name).sort()).toEqual(['Eastern Fleet', 'Reserve', 'Supply']);
    });
  });
});
