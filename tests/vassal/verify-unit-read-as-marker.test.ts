/**
 * A unit whose only side is in its piece name ("Red Pawn", naming a roster side), renamed in units.csv and carried
 * into the module by `hexforge update`: the module read back holds the piece in the same palette
 * slot, but as a marker (nothing names its side any more). `verify --module` says so, instead of
 * saying the module has no piece for the unit.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempWork, vmod } from './hostile-module-kit';
import { oneMapBuildFile } from './synthetic-module';

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

const slot = (gpid: string, name: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/piece;;;${name} Pawn;${name}/\tnull;0;0;${gpid}</VASSAL.build.widget.PieceSlot>`;

describe('verify --module after a rename that takes away the side the name gave', () => {
  it('names the slot whose piece now reads as a marker, and what made it a unit', async () => {
    const board = '<VASSAL.build.module.map.boardPicker.Board height="275" name="5x5" width="275"/>';
    const xml = oneMapBuildFile({
      name: 'Pawns',
      sides: ['Red', 'Gray'],
      palette: slot('7', 'Red Pawn') + slot('8', 'Gray Pawn'),
      board,
      stacks: '',
    });
    writeFileSync(path.join(work, 'pawns.vmod'), await vmod(xml));
    const imported = runCli(work, ['import', 'pawns.vmod', '--out', 'pawns'], ['pawns']);
    expect(imported.status, imported.stderr).toBe(0);
    const csv = path.join(work, 'pawns', 'units.csv');
    const before = readFileSync(csv, 'utf8');
    expect(before).toContain('red-pawn,red,unknown,Red Pawn');
    writeFileSync(csv, before.replace('red-pawn,red,unknown,Red Pawn', 'red-pawn,red,unknown,Crimson Pawn'));
    const update = runCli(work, ['update', 'pawns.vmod', 'pawns', '--out', 'pawns-new.vmod'], ['pawns-new.vmod']);
    expect(update.status, update.stderr).toBe(0);

    const verify = runCli(work, ['verify', '--module', 'pawns-new.vmod', 'pawns'], []);
    expect(verify.status).toBe(1);
    expect(verify.stdout).not.toContain('has no piece in the module');
    expect(verify.stdout).toContain(
      'unit red-pawn (Crimson Pawn): the piece of its palette slot, "Crimson Pawn", reads as a marker in the module, not as a unit; the import read it as a unit by its side from piece name "Red Pawn", which the module no longer says',
    );
    // The unit left as it was verifies against the original module.
    writeFileSync(csv, before);
    expect(runCli(work, ['verify', '--module', 'pawns.vmod', 'pawns'], []).status).toBe(0);
  });
});
