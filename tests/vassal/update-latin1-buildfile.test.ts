/**
 * `hexforge update` of a module whose buildFile is ISO-8859-1 (declared so; the import reads it as
 * such): the edited buildFile stays ISO-8859-1, every byte outside the edits as it was, a new
 * character beyond U+00FF written as a character reference; a new import reads the new name. So
 * does a moduledata in ISO-8859-1 for a new title. Before, update refused any change to such a module.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { runCli, tempWork } from './hostile-module-kit';
import { oneMapBuildFile } from './synthetic-module';

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

const slot = (gpid: string, name: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/mark;Side\tpiece;;;${gpid}.png;${name}/Bleu\tnull;0;0;${gpid}</VASSAL.build.widget.PieceSlot>`;

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('update of an ISO-8859-1 buildFile', () => {
  it('edits it in ISO-8859-1, bytes outside the edits unchanged, and a new import reads the change', async () => {
    const board = '<VASSAL.build.module.map.boardPicker.Board height="400" name="Carte" width="500"/>';
    const xml = oneMapBuildFile({
      name: 'Armée',
      sides: ['Bleu'],
      palette: slot('1', 'Général Ney') + slot('2', 'Garde'),
      board,
      stacks: '',
    }).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const moduleDir = path.join(work, 'armee');
    await mkdir(moduleDir, { recursive: true });
    writeFileSync(path.join(moduleDir, 'buildFile.xml'), latin1(xml));
    const moduledata = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<data version="1"><version>1</version><name>Armée</name></data>\n';
    writeFileSync(path.join(moduleDir, 'moduledata'), latin1(moduledata));

    const imported = runCli(work, ['import', 'armee', '--out', 'game'], ['game']);
    expect(imported.status, imported.stderr).toBe(0);
    const csv = path.join(work, 'game', 'units.csv');
    const units = readFileSync(csv, 'utf8');
    expect(units).toContain(',Garde\n');
    expect(units).toContain(',Général Ney\n');
    writeFileSync(csv, units.replace(',Garde\n', ',Garde impériale €\n'));
    const gameJson = path.join(work, 'game', 'game.json');
    writeFileSync(gameJson, readFileSync(gameJson, 'utf8').replace('"title": "Armée"', '"title": "Armée du Nord"'));

    const update = runCli(work, ['update', 'armee', 'game', '--out', 'armee-new.vmod'], ['armee-new.vmod']);
    expect(update.stderr).not.toContain('cannot be edited');
    expect(update.status, update.stderr).toBe(0);

    const out = path.join(work, 'armee-new.vmod');
    const entries = (await readZip(await readFile(out), { file: out, limits: readLimits() })).entries;
    // Written by hand: the same ISO-8859-1 document with the slot's label, its piece name and the module name replaced.
    const expected = xml
      .replace('entryName="Garde"', 'entryName="Garde impériale &#8364;"')
      .replace(';Garde/Bleu', ';Garde impériale &#8364;/Bleu')
      .replace('name="Armée"', 'name="Armée du Nord"');
    expect(Buffer.from(entries.get('buildFile.xml')!).equals(Buffer.from(latin1(expected)))).toBe(true);
    expect(Buffer.from(entries.get('moduledata')!).equals(Buffer.from(latin1(moduledata.replace('>Armée<', '>Armée du Nord<'))))).toBe(
      true,
    );

    const again = runCli(work, ['import', 'armee-new.vmod', '--out', 'again'], ['again']);
    expect(again.status, again.stderr).toBe(0);
    const read = readFileSync(path.join(work, 'again', 'units.csv'), 'utf8');
    expect(read).toContain(',Garde impériale €\n');
    expect(read).toContain(',Général Ney\n');
    expect(readFileSync(path.join(work, 'again', 'game.json'), 'utf8')).toContain('"title": "Armée du Nord"');
  });
});
