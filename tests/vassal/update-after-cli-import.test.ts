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
  it('point at units.csv when a value also stands in the piece name, which verify --module matches without the edit', async () => {
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

    // verify matches the unit to its piece by the slot the import recorded: the name the module
    // changed with the value is no discrepancy, and the folder needs no hand edit.
    const verify = () => runCli(work, ['verify', '--module', 'named-new.vmod', 'named'], []);
    const unedited = verify();
    expect(unedited.stdout + unedited.stderr).toContain('no discrepancy');
    expect(unedited.status, unedited.stderr + unedited.stdout).toBe(0);
    // The name the warning gives, set in units.csv, agrees too.
    writeFileSync(csv, before.replace('Rifles 4-3,4,3', 'Rifles 5-3,5,3'));
    expect(verify().status).toBe(0);
    // A value the module does not state is still caught, with the name as imported or as renamed.
    for (const row of ['Rifles 4-3,6,3', 'Rifles 5-3,6,3']) {
      writeFileSync(csv, before.replace('Rifles 4-3,4,3', row));
      const wrong = verify();
      expect(wrong.status).toBe(1);
      expect(wrong.stdout).toMatch(/ front value1: the game says 6, the module 5/);
    }
    // So is another unit in that slot.
    writeFileSync(csv, before.replace('Rifles 4-3,4,3', 'Rifles 5-3,5,3'));
    writeFileSync(path.join(work, 'other.vmod'), await vmod(xml.replaceAll('Rifles 4-3', 'Tanks 5-3')));
    const other = runCli(work, ['verify', '--module', 'other.vmod', 'named'], []);
    expect(other.status).toBe(1);
    expect(other.stdout).toContain('unit rifles-4-3 (Rifles 5-3) has no piece in the module');
    expect(other.stdout).toContain('the module\'s piece "Tanks 5-3" is not a unit of the game');
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
