/**
 * `hexforge update` and mask edits: the module keeps its Masks as they were, so a mask edited in
 * counters.json (`vassal.masks`) or in scenarios.json (a scenario's masks, a placement's
 * `faceDown`) is refused with update/mask-not-carried, saying to build the module from the data,
 * nothing written; other edits of those files are reported as before.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { updateCommand } from '../../src/cli/update';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { encodePiece } from '../../src/vassal/piece';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { buildBasicPiece, type Trait } from '../../src/vassal/traits/index';
import { withTempDir } from './import-fixtures';
import { greyPicture } from './rebuild-kit';
import { SMALL_HEX_BOARD, oneMapBuildFile, setupStack } from './synthetic-module';

const limits = readLimits();
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const UNIT_MASK = 'obs;72,130;scout-back.png;Hide;I;Hidden unit;side:;Look;;false;;';
const scout = (by: string | null): Trait[] => [
  { type: UNIT_MASK, state: by === null ? 'null;' : `${by};` },
  { type: 'mark;Side', state: 'Allies' },
  buildBasicPiece({ name: 'Scout', image: 'scout.png' }),
];
const slot = (traits: Trait[], gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="" gpid="${gpid}" height="0" width="0">${xmlText(encodePiece({ id: 'null', traits }))}</VASSAL.build.widget.PieceSlot>`;
/** A scout in the palette, one hidden by the Allies side in hex 0201, one shown in 0401. */
const MODULE = oneMapBuildFile({
  name: 'Hidden',
  sides: ['Allies', 'Axis'],
  palette: slot(scout(null), 1),
  board: SMALL_HEX_BOARD,
  stacks: setupStack(96, slot(scout('Allies'), 11)) + setupStack(208, slot(scout(null), 12)),
});
const IMAGES = ['scout-back.png', 'scout.png'].map((name, i) => ({ path: `images/${name}`, data: greyPicture(20, 30, 40 + 30 * i) }));

async function importedModule(dir: string): Promise<{ vmod: string; game: string }> {
  const vmod = path.join(dir, 'hidden.vmod');
  const zip = await writeZip([{ path: 'buildFile.xml', data: MODULE }, ...IMAGES], 0);
  await writeFile(vmod, zip);
  const entries = (await readZip(zip, { file: vmod, limits })).entries;
  const module = (await readModule(entries, { source: vmod, limits })).module!;
  const game = path.join(dir, 'game');
  await writeGameFolder(game, (await importModule(module, { id: 'hidden' })).files);
  return { vmod, game };
}

async function update(vmod: string, game: string, out: string): Promise<{ ok: boolean; report: string }> {
  const lines: string[] = [];
  const io = { out: (s: string) => lines.push(s), err: (s: string) => lines.push(s), color: false };
  const ok = await updateCommand(vmod, game, { out, limits }, io);
  return { ok, report: lines.join('\n') };
}

/** Edits a data file as a user would (JSON of two-space indent). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the files' own shapes do not matter here
async function edit(game: string, file: string, change: (data: any) => void): Promise<() => Promise<void>> {
  const where = path.join(game, file);
  const text = await readFile(where, 'utf8');
  const data = JSON.parse(text);
  change(data);
  await writeFile(where, `${JSON.stringify(data, null, 2)}\n`);
  return () => writeFile(where, text);
}

describe('update and mask edits', () => {
  it('refuses a mask edited in counters.json or scenarios.json, saying what to do, and reports other edits as before', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir);
      const out = path.join(dir, 'new.vmod');

      let restore = await edit(game, 'counters.json', (c) => (c.vassal.masks[0].menu = 'Cover'));
      let run = await update(vmod, game, out);
      expect(run.ok).toBe(false);
      expect(run.report).toMatch(/error update\/mask-not-carried: the masks of counters.json \(`vassal.masks`\) changed since the import/);
      expect(run.report).toContain(`hexforge build ${game} --only vassal`);
      expect(run.report).not.toMatch(/not-in-module/);
      expect(existsSync(out)).toBe(false);
      await restore();

      restore = await edit(game, 'scenarios.json', (s) => (s.scenarios[0].vassal.unitMasks.scout.by = 'Axis'));
      run = await update(vmod, game, out);
      expect(run.ok).toBe(false);
      expect(run.report).toMatch(/error update\/mask-not-carried: the masks of scenarios.json/);
      expect(run.report).not.toMatch(/not-carried: scenarios.json/);
      expect(existsSync(out)).toBe(false);
      await restore();

      // A placement moved is no mask edit: refused as before.
      restore = await edit(game, 'scenarios.json', (s) => (s.scenarios[0].setup[1].hex = '0501'));
      run = await update(vmod, game, out);
      expect(run.report).toMatch(/error update\/not-carried: scenarios.json changed since the import/);
      expect(run.report).not.toMatch(/mask-not-carried/);
      await restore();

      run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
    });
  }, 60_000);
});
