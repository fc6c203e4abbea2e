/**
 * A predefined setup whose saved game the module does not hold (a 3.7.9 module's "Initial Setup"
 * naming Setup.vsav, absent): its placements are unknown. The import says so once, where the setup
 * stands in the buildFile, as VASSAL itself only finds out when a player picks the setup.
 */
import { expect, it } from 'vitest';
import { SMALL_HEX_BOARD, importBuildFile, oneMapBuildFile } from './synthetic-module';

const SETUPS =
  '<VASSAL.build.module.PredefinedSetup file="Setup.vsav" isMenu="false" name="Initial Setup" useFile="true"/>\n' +
  '<VASSAL.build.module.PredefinedSetup isMenu="false" name="Blank" useFile="false"/>\n';

const BUILD_FILE = oneMapBuildFile({
  name: 'Setups',
  sides: ['Red'],
  palette: '',
  board: SMALL_HEX_BOARD,
  stacks: '',
}).replace('</VASSAL.build.GameModule>', `${SETUPS}</VASSAL.build.GameModule>`);

it('a predefined setup whose saved game the module lacks is one warning at the setup, and its scenario declares it unknown', async () => {
  const imported = await importBuildFile(BUILD_FILE);
  const unknown = imported.diagnostics.filter((d) => d.code === 'vassal/setup-unknown');
  expect(unknown.map((d) => [d.severity, d.message, d.line])).toEqual([
    [
      'warning',
      'predefined setup "Initial Setup": the saved game "Setup.vsav" is not in the module, so its placements are unknown (VASSAL reports the saved game missing when a player picks this setup)',
      BUILD_FILE.split('\n').findIndex((l) => l.includes('Setup.vsav')) + 1,
    ],
  ]);
  expect(unknown[0].hint).toBe('add the saved game to the module, or state the placements in scenarios.json');
  const scenarios = JSON.parse(imported.files.get('scenarios.json') as string) as { scenarios: { name: string; unstated?: object }[] };
  expect(scenarios.scenarios.find((s) => s.name === 'Initial Setup')?.unstated).toEqual({
    '/setup': { unknown: true, reason: 'the saved game "Setup.vsav" is not in the module' },
  });
});
