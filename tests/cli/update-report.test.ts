/**
 * `hexforge update`'s text report groups identical edits of one entry: one value changed in every
 * copy of a counter across saved games prints one block per save (count, first places, one -/+
 * pair), while `--json` still lists each place. A place alone keeps its one-place form.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveHeavyModule } from '../../scripts/save-heavy-module';
import { updateCommand } from '../../src/cli/update';
import { updateReportLines } from '../../src/cli/update-report';
import { csvText } from '../../src/vassal/import/csv';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { readModuleEntries } from '../../src/vassal/reader/source';
import type { AppliedChange, ChangedPlace } from '../../src/vassal/update/update-module';
import { withTempDir } from '../vassal/import-fixtures';
import { csvRows } from '../vassal/update-edit';

const limits = readLimits();

/** Runs update on a two-save module after changing value1 of its first counter; text and JSON output. */
async function updateTwice(dir: string): Promise<{ text: string[]; places: ChangedPlace[] }> {
  const vmod = path.join(dir, 'heavy.vmod');
  await writeFile(vmod, await saveHeavyModule({ saves: 2, pieces: 40 }));
  const entries = (await readModuleEntries(vmod, limits)).entries!;
  const imported = await importModule((await readModule(entries, { source: vmod, limits })).module!, { id: 'heavy' });
  const game = path.join(dir, 'heavy');
  await writeGameFolder(game, imported.files);
  const { header, rows } = csvRows(await readFile(path.join(game, 'units.csv'), 'utf8'));
  const row = rows[0];
  expect([row.name, row.value1]).toEqual(['Unit_0_1-2', '1']);
  row.value1 = '7';
  await writeFile(path.join(game, 'units.csv'), csvText(header, rows));
  const run = async (json: boolean): Promise<string[]> => {
    const out: string[] = [];
    const io = { out: (s: string) => out.push(s), err: () => undefined, color: false };
    expect(await updateCommand(vmod, game, { out: path.join(dir, 'new.vmod'), json, limits }, io)).toBe(true);
    return out;
  };
  const text = await run(false);
  const json = JSON.parse((await run(true)).at(-1)!) as { changes: AppliedChange[] };
  expect(json.changes).toHaveLength(1);
  return { text, places: json.changes[0].places };
}

describe('hexforge update report', () => {
  it('prints each save once for a value in many of its pieces; --json keeps every place', async () => {
    await withTempDir(async (dir) => {
      const { text, places } = await updateTwice(dir);
      const before = 'piece;;;Unit_0_1-2.png;Unit_0_1-2';
      const after = 'piece;;;Unit_0_1-2.png;Unit_0_7-2';
      for (const save of ['setup-0.vsav', 'setup-1.vsav']) {
        const inSave = places.filter((p) => p.entry === save);
        expect(inSave.length).toBeGreaterThan(3);
        expect(new Set(inSave.map((p) => JSON.stringify([p.what, p.before, p.after]))).size).toBe(1);
        expect([inSave[0].before, inSave[0].after]).toEqual([before, after]);
        const wheres = inSave.slice(0, 3).map((p) => p.where);
        const block = `  ${save} ${inSave[0].what}, ${inSave.length} place(s): ${wheres.join(', ')} and ${inSave.length - 3} more`;
        const at = text.indexOf(block);
        expect(at, text.join('\n')).toBeGreaterThan(0);
        expect(text.slice(at + 1, at + 3)).toEqual([`  - ${before}`, `  + ${after}`]);
      }
      // The palette slot's trait and its entryName: one place each, printed as before.
      const inBuildFile = places.filter((p) => p.entry === 'buildFile.xml');
      expect(inBuildFile).toHaveLength(2);
      for (const p of inBuildFile) {
        const at = text.indexOf(`  buildFile.xml ${p.where} ${p.what}`);
        expect(at).toBeGreaterThan(0);
        expect(text.slice(at + 1, at + 3)).toEqual([`  - ${p.before}`, `  + ${p.after}`]);
      }
      // Header, two one-place blocks, two save blocks, summary; the summary still counts every place.
      expect(text).toHaveLength(1 + 4 * 3 + 1);
      expect(text[0]).toContain(`, ${places.length} place(s):`);
      expect(text.at(-1)).toContain(`1 change(s) in ${places.length} place(s)`);
    });
  }, 60_000);

  it('names all of a few places, keeps entries and edits in first-met order', () => {
    const place = (entry: string, where: string, after: string): ChangedPlace => ({ entry, where, what: 'name', before: 'A', after });
    const change: AppliedChange = {
      subject: 'title',
      before: 'A',
      after: 'B',
      source: 'the module name',
      places: [
        place('b.vsav', 'piece 9', 'B'),
        place('a.vsav', 'piece 1', 'B'),
        place('b.vsav', 'piece 2', 'B'),
        place('b.vsav', 'piece 3', 'C'),
      ],
    };
    expect(updateReportLines([change])).toEqual([
      'title: "A" → "B" (the module name), 4 place(s):',
      '  b.vsav name, 2 place(s): piece 9, piece 2',
      '  - A',
      '  + B',
      '  b.vsav piece 3 name',
      '  - A',
      '  + C',
      '  a.vsav piece 1 name',
      '  - A',
      '  + B',
    ]);
  });
});
