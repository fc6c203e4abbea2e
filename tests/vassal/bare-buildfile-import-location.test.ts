/**
 * `hexforge import` of a bare buildFile: a message about a line of it names the file itself
 * (`dir/buildFile:13:…`), as the reader's messages do, not `dir/buildFile!buildFile.xml`; a .vmod
 * keeps `<archive>!buildFile.xml`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCli, tempWork, vmod } from './hostile-module-kit';
import { oneMapBuildFile } from './synthetic-module';

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

const B = 'VASSAL.build.module.map.boardPicker';
const slot = `<VASSAL.build.widget.PieceSlot entryName="Scout" gpid="1" height="50" width="50">+/null/mark;Side\tpiece;;;Scout.png;Scout/Red\tnull;0;0;1;0</VASSAL.build.widget.PieceSlot>`;
// One at-start stack names a region the board lacks: VASSAL's "Bad location name", a warning at its line.
const XML = oneMapBuildFile({
  name: 'Bare',
  sides: ['Red'],
  palette: slot,
  board: `<${B}.Board height="400" name="Map" width="500"><${B}.board.RegionGrid snapto="true" visible="false"><${B}.board.Region name="Camp" originx="100" originy="100"/></${B}.board.RegionGrid></${B}.Board>`,
  stacks: `<VASSAL.build.module.map.SetupStack location="Nowhere" useGridLocation="true" x="30" y="40">${slot}</VASSAL.build.module.map.SetupStack>`,
});
const LINE = XML.split('\n').findIndex((l) => l.includes('location="Nowhere"')) + 1;

it.each(['buildFile', 'buildFile.xml'])('a warning about a line of a bare %s names that file', (name) => {
  // A buildFile under its own name is read with its folder, so the game folder goes beside that folder.
  const moduleFolder = `module-${name.replace('.', '-')}`;
  mkdirSync(path.join(work, moduleFolder));
  writeFileSync(path.join(work, moduleFolder, name), XML);
  const out = `out-${name.replace('.', '-')}`;
  const run = runCli(work, ['import', `${moduleFolder}/${name}`, '--out', out], [out]);
  expect(run.status, run.stderr).toBe(0);
  expect(run.stderr).toContain(`${moduleFolder}/${name}:${LINE}:`);
  expect(run.stderr).not.toContain('!buildFile');
});

it('a .vmod names its buildFile entry', async () => {
  writeFileSync(path.join(work, 'bare.vmod'), await vmod(XML));
  const run = runCli(work, ['import', 'bare.vmod', '--out', 'out-vmod'], ['out-vmod']);
  expect(run.status, run.stderr).toBe(0);
  expect(run.stderr).toContain(`bare.vmod!buildFile.xml:${LINE}:`);
});
