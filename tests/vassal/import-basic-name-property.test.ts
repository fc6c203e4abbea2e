/**
 * A piece named by a property BasicName (a Marker, Dynamic Property or Text Label of that name)
 * imports with that name, as VASSAL names it: BasicPiece.getName() asks the outermost trait for
 * BasicName, and the first trait answering it, a Basic Name trait or such a property, gives the name.
 * `hexforge update` writes a rename into that trait, as VASSAL stores its value; a name that comes
 * from a prototype's trait, shared by every piece using it, is refused.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import type { ChangedPlace } from '../../src/vassal/update/update-module';
import { importInto, renameAndUpdate, updateErrors } from './basic-name-kit';
import { CARD_NAMES, RENAMED_NAMES, basicNamePropertyModule, renameAll } from './basic-name-property-kit';
import { withTempDir } from './import-fixtures';

const limits = readLimits();
const entriesOf = async (bytes: Uint8Array) => (await readZip(bytes, { file: 'module', limits })).entries;

describe('a property BasicName names its piece', () => {
  it('on import: the outermost of Basic Name traits and BasicName properties, prototypes expanded in place', async () => {
    await withTempDir(async (dir) => {
      const vmod = path.join(dir, 'named.vmod');
      await writeFile(vmod, await basicNamePropertyModule());
      const markers = await importInto(vmod, path.join(dir, 'game'));
      expect(markers.map((m) => m.name).sort()).toEqual([...CARD_NAMES].sort());
    });
  });

  it('update writes each rename into the trait answering BasicName, as VASSAL stores it, and nothing else', async () => {
    await withTempDir(async (dir) => {
      const { out, ok, lines } = await renameAll(dir);
      expect(ok, lines.join('\n')).toBe(true);
      const result = JSON.parse(lines.find((l) => l.startsWith('{"module"'))!) as { changes: Array<{ places: ChangedPlace[] }> };
      // Marker: the value at BasicName's place in its `,`-list state (a comma escaped); Dynamic
      // Property and Text Label: the whole state. The Basic Name "Ignored" inside West Fleet's Marker stays.
      const north = ['trait 1 (mark;)', 'Blue,North Fleet', 'Blue,Fleet\\, Arctic'];
      const south = ['trait 1 (PROP;)', 'South Fleet', 'Southern Fleet'];
      const west = ['trait 1 (mark;)', 'West Fleet', 'Western Fleet'];
      const raider = ['trait 1 (label;)', 'Raider Fleet', 'Corsair Fleet'];
      const setup = 'buildFile.xml Map[Table]/SetupStack[Hand]/PieceSlot[';
      const palette = 'buildFile.xml PieceWindow[Pieces]/ListWidget[Cards]/PieceSlot[';
      // The save's writer numbers its pieces: each saved piece is known by its trait.
      const where = (p: ChangedPlace) => (p.entry === 'turn1.vsav' ? p.where.replace(/^piece \d+$/, 'piece') : p.where);
      const places = result.changes.flatMap((c) => c.places.map((p) => [`${p.entry} ${where(p)}`, p.what, p.before, p.after]));
      expect(places.sort()).toEqual(
        [
          [`${setup}Event003]`, ...north],
          [`${palette}Event003]`, ...north],
          ['turn1.vsav piece', ...north],
          [`${setup}Event004]`, ...south],
          [`${palette}Event004]`, ...south],
          ['turn1.vsav piece', ...south],
          [`${setup}Event006]`, ...west],
          [`${palette}Event006]`, ...west],
          [`${setup}Event008]`, ...raider],
          [`${palette}Event008]`, ...raider],
          ['turn1.vsav piece', ...raider],
        ].sort(),
      );
      // Byte for byte the kit built with the new names: only the carrying traits differ.
      const [written, expected] = [await entriesOf(await readFile(out)), await entriesOf(await basicNamePropertyModule(RENAMED_NAMES))];
      expect([...written.keys()]).toEqual([...expected.keys()]);
      const [savedWritten, savedExpected] = [await entriesOf(written.get('turn1.vsav')!), await entriesOf(expected.get('turn1.vsav')!)];
      expect(Buffer.from(written.get('buildFile.xml')!).toString()).toBe(Buffer.from(expected.get('buildFile.xml')!).toString());
      for (const [name, data] of savedExpected) expect(Buffer.compare(savedWritten.get(name)!, data), name).toBe(0);
      const again = await importInto(out, path.join(dir, 'again'));
      expect(again.map((m) => m.name).sort()).toEqual([...RENAMED_NAMES].sort());
    });
  });

  it("update refuses a rename of a name a prototype's Marker BasicName gives, writing nothing", async () => {
    await withTempDir(async (dir) => {
      const { ok, lines, written } = await renameAndUpdate(await basicNamePropertyModule(), dir, 'Convoy', 'Escort');
      expect(ok).toBe(false);
      expect(written).toBe(false);
      expect(updateErrors(lines)).toEqual(
        ['Map[Table]/SetupStack[Hand]', 'PieceWindow[Pieces]/ListWidget[Cards]'].map((at) => [
          'update/cannot-apply',
          `${at}/PieceSlot[Event007]: its name "Convoy" comes from the property BasicName of a Marker trait of prototype "Named", which names every piece using it`,
        ]),
      );
    });
  });

  it('update refuses a Text Label name VASSAL would read otherwise ($…$ evaluated, text trimmed), writing nothing', async () => {
    await withTempDir(async (dir) => {
      const { ok, lines, written } = await renameAndUpdate(await basicNamePropertyModule(), dir, 'Raider Fleet', '$Side$ Raider');
      expect(ok).toBe(false);
      expect(written).toBe(false);
      expect(updateErrors(lines)).toEqual(
        ['Map[Table]/SetupStack[Hand]', 'PieceWindow[Pieces]/ListWidget[Cards]'].map((at) => [
          'update/cannot-apply',
          `${at}/PieceSlot[Event008]: Text Label BasicName would not read "$Side$ Raider": VASSAL trims its text and reads $…$ in it as a property`,
        ]),
      );
    });
  });
});
