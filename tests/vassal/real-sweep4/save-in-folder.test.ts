/**
 * A module may keep its predefined setups' saves in a folder of the archive and list them in
 * submenus: `<PredefinedSetup isMenu="true" name="Scenarios">…<PredefinedSetup file="setups/Deal.vsav">`.
 * VASSAL opens the save by that entry name (PredefinedSetup.getSavedGameContents reads
 * getDataArchive().getInputStream(fileName)). A module built from the import keeps the save under
 * the same name, so that its import names the same file: import(build(import(M))) = import(M).
 */
import { expect, it } from 'vitest';
import { savedGameArchive } from '../../../src/vassal/module/saved-game';
import { COMMAND_SEPARATOR } from '../../../src/vassal/reader/saved-game';
import { DEAL_COMMANDS, WITH_DEAL } from '../deck-module-kit';
import { importBuildFile, importBuiltModule } from '../synthetic-module';

const IN_MENUS = WITH_DEAL.replace(
  '<VASSAL.build.module.PredefinedSetup file="Deal.vsav" isMenu="false" name="Deal" useFile="true"/>',
  '<VASSAL.build.module.PredefinedSetup isMenu="true" name="Scenarios"><VASSAL.build.module.PredefinedSetup isMenu="true" name="Standard"><VASSAL.build.module.PredefinedSetup file="setups/Deal.vsav" isMenu="false" name="Deal" useFile="true"/></VASSAL.build.module.PredefinedSetup></VASSAL.build.module.PredefinedSetup>',
);

it('a save kept in a folder and listed in nested menus is read, and the built module keeps its entry name', async () => {
  expect(IN_MENUS).not.toBe(WITH_DEAL);
  const save = await savedGameArchive(
    DEAL_COMMANDS.join(COMMAND_SEPARATOR),
    { name: 'Decks', version: '1', description: '', dateSaved: 0 },
    'Deal',
    0,
  );
  const first = await importBuildFile(IN_MENUS, [{ path: 'setups/Deal.vsav', data: save }]);
  const deal = (
    JSON.parse(first.files.get('scenarios.json') as string) as {
      scenarios: { name: string; vassal?: { file?: string }; setup?: unknown[] }[];
    }
  ).scenarios.find((s) => s.name === 'Deal')!;
  expect(deal.vassal?.file).toBe('setups/Deal.vsav');
  expect(deal.setup?.length).toBeGreaterThan(0);
  const again = await importBuiltModule(first);
  expect(again.files.get('scenarios.json')).toBe(first.files.get('scenarios.json'));
}, 120_000);
