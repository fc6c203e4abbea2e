/**
 * `update` of the module of ./private-windows-kit.ts after one unit's name changes in units.csv:
 * the new buildFile differs from the original only in that name (the palette slot and the at-start
 * stack's piece), and keeps the PlayerHand, the PrivateMap and each Restricted Access trait.
 */
import { expect, it } from 'vitest';
import { withTempDir } from '../import-fixtures';
import { editUnitsLine, importedModule, updated } from '../real-sweep4/update-kit';
import { privateWindowEntries } from './private-windows-kit';

it('one name changed: only that name changes, the private windows and restrictions stay', async () => {
  await withTempDir(async (dir) => {
    const original = new TextDecoder().decode(privateWindowEntries().get('buildFile.xml'));
    const { vmod, game } = await importedModule(dir, original);
    await editUnitsLine(game, 'card-a,red,unknown,Card A', 'card-a,red,unknown,Card Z');
    const { xml } = await updated(vmod, game);
    const before = original.split('\n');
    const after = xml.split('\n');
    expect(after.length).toBe(before.length);
    const changed = before.flatMap((line, i) => (line === after[i] ? [] : [[line, after[i]]]));
    // The palette's slot and the hand's at-start stack: the slot's entryName and the BasicPiece's
    // name (type `piece;key;cloneKey;image;name`), not its picture "Card A.png", and nothing else.
    expect(changed.length).toBe(2);
    for (const [was, now] of changed)
      expect(now).toBe(was.replaceAll('entryName="Card A"', 'entryName="Card Z"').replaceAll('.png;Card A/', '.png;Card Z/'));
    expect(xml).toContain('<VASSAL.build.module.PlayerHand mapName="Red Hand" side="Red"');
    expect(xml.match(/restrict;/g)?.length).toBe(original.match(/restrict;/g)?.length);
  });
}, 60_000);
