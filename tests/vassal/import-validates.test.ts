/** An import that would write a folder failing `validate` is a bug: every fixture's import validates, checked before writing. */
import { expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import { importModule } from '../../src/vassal/import/import-module';
import { readLimits, readModuleFrom } from '../../src/vassal/reader/index';
import { describeShared } from '../shared-dir';
import { FIXTURE_NAMES, fixture } from './import-fixtures';

const limits = readLimits();

describeShared('every fixture imports to a folder that validates', () => {
  it.each(FIXTURE_NAMES)('%s', async (name) => {
    const module = (await readModuleFrom(fixture(name), limits)).module!;
    const imported = await importModule(module, { id: 'game' });
    expect(validateGameFiles('game', imported.files).filter((d) => d.severity === 'error')).toEqual([]);
  });
});

it('the check before writing finds an invalid folder', () => {
  const files = new Map([['game.json', '{"id": "x"}']]);
  expect(validateGameFiles('game', files).some((d) => d.severity === 'error')).toBe(true);
});
