/**
 * `hexforge update` on a folder written by `hexforge import` itself: the import points each data
 * file's `$schema` at the package's schemas from wherever `--out` puts the folder, after recording
 * the files' hashes. An unchanged folder, here or moved elsewhere, must read as unchanged.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFile, runCli, tempWork, vmod } from './hostile-module-kit';
import { oneMapBuildFile } from './synthetic-module';
import { withImportedSchemaReference } from '../../src/cli/schema-reference';

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

describe('update after a command-line import', () => {
  it('finds no change in an unchanged folder, where it was written and after a move', async () => {
    writeFileSync(path.join(work, 'small.vmod'), await vmod(buildFile({ slots: [['Infantry', []]] })));
    const out = path.join('games', 'east', 'small');
    const imported = runCli(work, ['import', 'small.vmod', '--out', out], ['games']);
    expect(imported.status, imported.stderr).toBe(0);

    const inPlace = runCli(work, ['update', 'small.vmod', out, '--out', 'same.vmod'], ['same.vmod']);
    expect(inPlace.stderr).not.toContain('changed since the import');
    expect(inPlace.status, inPlace.stderr).toBe(0);
    expect(inPlace.stdout).toContain('no change');

    renameSync(path.join(work, out), path.join(work, 'moved'));
    const moved = runCli(work, ['update', 'small.vmod', 'moved', '--out', 'moved.vmod'], ['moved.vmod']);
    expect(moved.stderr).not.toContain('changed since the import');
    expect(moved.status, moved.stderr).toBe(0);
  });
});

describe('update warnings', () => {
  it('point at units.csv when a value also stands in the piece name the row keeps', async () => {
    const slot = `<VASSAL.build.widget.PieceSlot entryName="Rifles 4-3" gpid="1" height="50" width="50">+/null/mark;Side\tpiece;;;Rifles.png;Rifles 4-3/Red\tnull;0;0;1;0</VASSAL.build.widget.PieceSlot>`;
    const board = '<VASSAL.build.module.map.boardPicker.Board height="400" name="Map" width="500"/>';
    const xml = oneMapBuildFile({ name: 'Named', sides: ['Red'], palette: slot, board, stacks: '' });
    writeFileSync(path.join(work, 'named.vmod'), await vmod(xml));
    const imported = runCli(work, ['import', 'named.vmod', '--out', 'named'], ['named']);
    expect(imported.status, imported.stderr).toBe(0);
    const csv = path.join(work, 'named', 'units.csv');
    const before = readFileSync(csv, 'utf8');
    expect(before).toContain('Rifles 4-3,4,3');
    writeFileSync(csv, before.replace('Rifles 4-3,4,3', 'Rifles 4-3,5,3'));
    const run = runCli(work, ['update', 'named.vmod', 'named', '--out', 'named-new.vmod'], ['named-new.vmod']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain(`${path.join('named', 'units.csv')}: warning update/name-carries-value`);
    expect(run.stderr).toContain('set name to "Rifles 5-3" in units.csv');

    // verify matches pieces by name: the module says Rifles 5-3, the data still Rifles 4-3.
    const verify = () => runCli(work, ['verify', '--module', 'named-new.vmod', 'named'], []);
    expect(verify().status).toBe(1);
    // As the hint says, the data agrees with the module and verify passes...
    writeFileSync(csv, before.replace('Rifles 4-3,4,3', 'Rifles 5-3,5,3'));
    const agreed = verify();
    expect(agreed.status, agreed.stderr + agreed.stdout).toBe(0);
    // ...and still catches a value the module does not state.
    writeFileSync(csv, before.replace('Rifles 4-3,4,3', 'Rifles 5-3,6,3'));
    expect(verify().status).toBe(1);
  });
});

describe('a data file as the import wrote it', () => {
  it('points $schema back to ../../schemas/, one level further up for a scenario part', () => {
    const part = '{\n  "$schema": "../../../../opt/hexforge/schemas/scenarios.schema.json",\n  "scenarios": []\n}\n';
    expect(withImportedSchemaReference(part, 'scenarios/early.json')).toBe(
      '{\n  "$schema": "../../../schemas/scenarios.schema.json",\n  "scenarios": []\n}\n',
    );
    expect(withImportedSchemaReference('{"$schema": "file:///opt/hexforge/schemas/map.schema.json"}', 'map.json')).toBe(
      '{"$schema": "../../schemas/map.schema.json"}',
    );
  });
});
