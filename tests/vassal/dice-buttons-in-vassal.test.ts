/**
 * The dice buttons of a module (./dice-module-kit.ts) in VASSAL 3.7.26 itself: the module built
 * from its import shows each DiceButton with the original's text and tooltip, and names it as the
 * original did, the name its roll report prints ($name$ is the button's configure name:
 * DiceButton.formatResult).
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { builtModuleEntries } from '../../scripts/built-module';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { importEntries } from './rebuild-kit';
import { diceModuleEntries } from './dice-module-kit';
import { vassalReport, zipped } from './vassal-run';

describeVassal('dice buttons in VASSAL itself', () => {
  it("the built DiceButton keeps the original's name, text and tooltip", async () => {
    await withTempDir(async (dir) => {
      const entries = await diceModuleEntries();
      const original = path.join(dir, 'original.vmod');
      await zipped(original, entries);
      await writeGameFolder(path.join(dir, 'game'), (await importEntries(entries, 'dice')).files);
      const built = path.join(dir, 'built.vmod');
      await zipped(built, await builtModuleEntries(path.join(dir, 'game')));
      const before = (await vassalReport(original)).dice;
      // The kit's DiceButton as VASSAL shows it (Swing adds the key to the tooltip); the SpecialDiceButton is another class.
      expect(before).toEqual([{ name: 'Combat', text: 'Fight!', tooltip: 'Roll for combat [Ctrl+D]' }]);
      const after = (await vassalReport(built)).dice;
      expect(after?.[0]).toEqual(before![0]);
      // The SpecialDiceButton's die, built as a DiceButton, keeps its name and its button's empty text.
      expect(after?.[1]).toMatchObject({ name: 'Morale', text: '' });
    });
  }, 900_000);
});
