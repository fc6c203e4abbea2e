/**
 * A pattern met in real modules: one marker placed by several at-start stacks (two copies of a die
 * in two stacks). The import's summary line counts the markers counters.json lists — kinds of
 * piece — and says so, rather than reading as a count of placements.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCli, tempWork } from '../hostile-module-kit';
import { oneMapBuildFile } from '../synthetic-module';

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

const slot = (name: string, gpid: number, traits = '', state = '') =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/${traits}piece;;;;${name}/${state}null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
const stack = (name: string, x: number, slots: string) =>
  `<VASSAL.build.module.map.SetupStack name="${name}" owningBoard="Table" useGridLocation="false" x="${x}" y="60">${slots}</VASSAL.build.module.map.SetupStack>`;

it('counts the kinds of marker the setups place, not their placements', () => {
  const buildFile = oneMapBuildFile({
    name: 'Dice',
    sides: ['Red'],
    palette: slot('Red 1', 1, 'mark;Side\t', 'Red\t'),
    board: '<VASSAL.build.module.map.boardPicker.Board name="Table" width="600" height="400"/>',
    stacks: stack('Dice A', 50, slot('Die', 11)) + stack('Dice B', 150, slot('Die', 12)) + stack('Ball', 250, slot('Ball', 13)),
  });
  // Read with its folder (a buildFile under its own name), so the game folder goes beside it.
  mkdirSync(path.join(work, 'module'));
  writeFileSync(path.join(work, 'module', 'buildFile.xml'), buildFile);
  const run = runCli(work, ['import', 'module/buildFile.xml', '--out', 'game'], ['game']);
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain('2 kinds of marker placed');
});
