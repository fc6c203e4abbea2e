/**
 * Stable conversions of game.json's vocabularies: a module whose dice buttons have names of their own
 * ("Elan Test", not "1d6") and whose formations the palette lists out of alphabetical order imports,
 * builds and imports again to the same dice names and the same formation list.
 *
 * Expected values come from the module itself: a DiceButton's `name` attribute is the name VASSAL
 * shows in its report ($name$); a formation is named by the value of the Marker trait the pieces
 * share ("Formation"). The palette lists a Prussian formation between two French ones; a build
 * writes a tab per side, so the list must not depend on the palette's order.
 */
import { expect, it } from 'vitest';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { builtModuleEntries } from '../../scripts/built-module';
import { withTempDir } from './import-fixtures';
import { importBuildFile } from './synthetic-module';

const P = 'VASSAL.build';

/** A palette piece with a side marker and a formation marker (Marker traits, as modules state them). */
function slot(name: string, side: string, formation: string, gpid: number): string {
  const traits = `mark;Formation\tmark;Unit Side\\\tpiece;;;${name}.png;${name}/${formation}\t${side}\\\tnull;0;0;${gpid};0`;
  return `<${P}.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="64" width="64">+/null/${traits}</${P}.widget.PieceSlot>`;
}

const dice = (name: string, n: number, sides: number) =>
  `<${P}.module.DiceButton name="${name}" nDice="${n}" nSides="${sides}" text="${name}" tooltip="${name}" reportFormat="** $name$ = $result$"/>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8"?>
<${P}.GameModule name="Vocabulary" version="1.0" VassalVersion="3.7.14">
  <${P}.module.PlayerRoster><entry>France</entry><entry>Prussia</entry></${P}.module.PlayerRoster>
  ${dice('Elan Test', 1, 6)}
  ${dice('Close Combat Roll', 5, 6)}
  ${dice('Morale Check', 1, 6)}
  <${P}.module.PieceWindow name="Pieces">
    <${P}.widget.ListWidget entryName="Units">
      ${slot('Zeta Brigade', 'France', 'Zulu Corps', 11)}
      ${slot('Alpha Brigade', 'Prussia', 'Alpha Corps', 12)}
      ${slot('Mike Brigade', 'France', 'Mike Corps', 13)}
    </${P}.widget.ListWidget>
  </${P}.module.PieceWindow>
</${P}.GameModule>`;

type GameJson = { dice?: { id: string; name?: string }[]; formations?: { id: string; name: string }[] };

it('dice names and the formation list survive import(build(import(M)))', async () => {
  const first = await importBuildFile(BUILD_FILE);
  const game1 = JSON.parse(first.files.get('game.json') as string) as GameJson;
  // The module's own names, as its DiceButtons state them.
  expect(game1.dice?.map((d) => d.name)).toEqual(['Elan Test', 'Close Combat Roll', 'Morale Check']);
  expect(game1.formations?.map((f) => f.name).sort()).toEqual(['Alpha Corps', 'Mike Corps', 'Zulu Corps']);

  const game2 = await withTempDir(async (dir) => {
    await writeGameFolder(`${dir}/game`, first.files);
    const built = await readModule(await builtModuleEntries(`${dir}/game`), { source: 'built', limits: readLimits() });
    const second = await importModule(built.module!, { id: 'synthetic' });
    return JSON.parse(second.files.get('game.json') as string) as GameJson;
  });
  expect(game2.dice).toEqual(game1.dice);
  expect(game2.formations).toEqual(game1.formations);
});
