/**
 * Diagnostics name where a module's entry really is: in an unzipped module folder the file's own
 * path (which an editor opens at file:line:col), in a .vmod `archive!entry`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLimits } from '../../src/vassal/reader/limits';
import { readModuleFrom } from '../../src/vassal/reader/source';
import { buildFile, vmod } from './hostile-module-kit';

const scratch = mkdtempSync(path.join(tmpdir(), 'hexforge-entry-paths-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const limits = readLimits();
const MALFORMED = `${buildFile()}\n<oops`;
const NOT_A_SAVE = 'plain text, not a ZIP';

describe('where a diagnostic about a module entry points', () => {
  it('in a module folder: the buildFile and the save by their file paths', async () => {
    const folder = path.join(scratch, 'unzipped');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'buildFile.xml'), MALFORMED);
    const broken = await readModuleFrom(folder, limits);
    expect(broken.diagnostics.map((d) => [d.code, d.file])).toEqual([['vassal/xml-syntax', `${folder}/buildFile.xml`]]);
    expect(broken.diagnostics[0].message).toMatch(new RegExp(`^${folder}/buildFile\\.xml: `));

    writeFileSync(path.join(folder, 'buildFile.xml'), buildFile({ setups: ['Setup.vsav'] }));
    writeFileSync(path.join(folder, 'Setup.vsav'), NOT_A_SAVE);
    const save = await readModuleFrom(folder, limits);
    expect(save.diagnostics.map((d) => [d.code, d.file])).toEqual([['vassal/save-not-zip', `${folder}/Setup.vsav`]]);
  });

  it('in a .vmod: archive!entry, as before', async () => {
    const archive = path.join(scratch, 'm.vmod');
    writeFileSync(archive, await vmod(MALFORMED));
    const broken = await readModuleFrom(archive, limits);
    expect(broken.diagnostics.map((d) => [d.code, d.file])).toEqual([['vassal/xml-syntax', `${archive}!buildFile.xml`]]);

    writeFileSync(archive, await vmod(buildFile({ setups: ['Setup.vsav'] }), [{ path: 'Setup.vsav', data: NOT_A_SAVE }]));
    const save = await readModuleFrom(archive, limits);
    expect(save.diagnostics.map((d) => [d.code, d.file])).toEqual([['vassal/save-not-zip', `${archive}!Setup.vsav`]]);
  });
});
