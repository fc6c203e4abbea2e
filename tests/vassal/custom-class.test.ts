/**
 * A component whose class VASSAL does not ship (`<BBCounterFactory/>`, `<com.example.Foo/>`) is
 * built by VASSAL from the module's own Java classes (VASSAL.build.Builder.create loads the class
 * its tag names, VASSAL's jar first). The import warns of each, where it is, whether the module
 * holds its class, and what Hexforge keeps of it; before, it said nothing. VASSAL's classes are the
 * jar's own list (scripts/make-vassal-classes.ts), checked here against the jar.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { customComponents, isVassalClass } from '../../src/vassal/import/custom-classes';
import { readLimits, readModuleEntries, readModule } from '../../src/vassal/reader/index';
import { writeZip } from '../../src/vassal/module/zip';
import { HAS_SHARED, SHARED_DIR } from '../shared-dir';
import { runCli, tempWork } from './hostile-module-kit';
import { FIXTURE_NAMES, TLD, fixture, withTempDir } from './import-fixtures';
import { editUnitsLine, importedModule, updated } from './real-sweep4/update-kit';
import { importBuildFile, importBuiltModule } from './synthetic-module';

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Custom" version="1" VassalVersion="3.7.0" nextPieceSlotId="30">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.GlobalOptions autoReport="Always"><option name="stepIcon">/images/StepForward16.gif</option></VASSAL.build.module.GlobalOptions>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Gray</entry></VASSAL.build.module.PlayerRoster>
  <BBCounterFactory/>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All"><VASSAL.build.widget.PieceSlot entryName="Red Pawn" gpid="1" height="50" width="50">+/null/piece;;;;Red Pawn/\tnull;0;0;1</VASSAL.build.widget.PieceSlot>
  <com.example.Foo name="Foo"><VASSAL.build.module.Map mapName="Inner"/></com.example.Foo><com.example.Foo/></VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

it('names VASSAL classes from the jar, nothing else', () => {
  expect(['VASSAL.build.GameModule', 'VASSAL.build.module.Map', 'VASSAL.build.widget.PieceSlot'].map(isVassalClass)).toEqual([
    true,
    true,
    true,
  ]);
  expect(['VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering'].map(isVassalClass)).toEqual([true]);
  expect(
    ['BBCounterFactory', 'com.example.Foo', 'VASSAL.build.module.NoSuchThing', 'wga.Refresher', 'VASSAL.build'].map(isVassalClass),
  ).toEqual([false, false, false, false, false]);
});

it.skipIf(!HAS_SHARED)('the class list is the VASSAL 3.7.26 jar’s', () => {
  const jar = path.join(SHARED_DIR, 'vassal', 'vassal-3.7.26.jar');
  const check = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/make-vassal-classes.ts', jar, '--check'], { encoding: 'utf8' });
  expect(check.status, check.stderr).toBe(0);
});

it.skipIf(!HAS_SHARED)('finds no custom component in the fixtures but the one TLD has (wga.Refresher)', async () => {
  const found: string[] = [];
  for (const name of FIXTURE_NAMES) {
    const entries = (await readModuleEntries(fixture(name), readLimits())).entries!;
    const module = (await readModule(entries, { source: name, limits: readLimits() })).module!;
    for (const el of customComponents(module.root)) found.push(`${name} ${el.name}`);
  }
  expect(found).toEqual([`${TLD} wga.Refresher`]);
});

it('warns of each custom class once, where it first is, and says what Hexforge keeps', async () => {
  const classFile = { path: 'com/example/Foo.class', data: new Uint8Array([0xca, 0xfe, 0xba, 0xbe]) };
  const result = await importBuildFile(BUILD_FILE, [classFile]);
  const warnings = result.diagnostics.filter((d) => d.code === 'vassal/custom-class');
  expect(warnings.map((d) => [d.file, d.line, d.severity])).toEqual([
    ['synthetic.vmod!buildFile.xml', 6, 'warning'],
    ['synthetic.vmod!buildFile.xml', 8, 'warning'],
  ]);
  expect(warnings[0].message).toBe(
    'component <BBCounterFactory> is no class of VASSAL 3.7.26: VASSAL builds it from the module\'s own Java classes (the module does not hold BBCounterFactory.class, so VASSAL fails to build it: "failed to load class BBCounterFactory"), and Hexforge reads nothing of it; roundtrip and update keep it byte for byte, a module built from the data (build --only vassal) drops it',
  );
  expect(warnings[1].message).toMatch(
    /^component <com\.example\.Foo> "Foo" \(2 elements\) is no class of VASSAL 3\.7\.26: .*\(the module holds com\/example\/Foo\.class\)/,
  );
  expect(warnings[1].hint).toContain('hexforge update <module> <game folder>');
  // What the message says of a module built from the data: the components are gone.
  const rebuilt = await importBuiltModule(result);
  expect(rebuilt.diagnostics.filter((d) => d.code === 'vassal/custom-class')).toEqual([]);
}, 60_000);

it('roundtrip keeps a custom component byte for byte, as the warning says', async () => {
  writeFileSync(path.join(work, 'custom.vmod'), await writeZip([{ path: 'buildFile.xml', data: BUILD_FILE }], 0));
  const r = runCli(work, ['roundtrip', 'custom.vmod', '--out', 'copy.vmod'], ['copy.vmod']);
  expect(r.status, r.stdout + r.stderr).toBe(0);
  expect(r.stdout + r.stderr).toContain('custom.vmod: no difference');
  expect(r.stdout + r.stderr).toContain('warning vassal/custom-class: component <BBCounterFactory>');
}, 60_000);

it('update keeps a custom component byte for byte, as the warning says', async () => {
  await withTempDir(async (dir) => {
    const { vmod, game } = await importedModule(dir, BUILD_FILE);
    await editUnitsLine(game, ',Red Pawn', ',Red Pawn II');
    const { xml } = await updated(vmod, game);
    expect(xml).toBe(BUILD_FILE.replace('entryName="Red Pawn"', 'entryName="Red Pawn II"').replace(';Red Pawn/', ';Red Pawn II/'));
  });
}, 60_000);
