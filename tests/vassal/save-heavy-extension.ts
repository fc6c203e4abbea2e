/**
 * A small save-heavy module (../../scripts/save-heavy-module.ts) and an extension of it with a
 * counter and a saved game of its own, written as VASSAL writes them, for tests of how the saves
 * of an extension read with its base are read.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { saveHeavyModule } from '../../scripts/save-heavy-module';
import { writeExtension } from './extension-kit';

/** The extension's own save, which its setup names. */
export const EXTRA = 'Extra.vsav';
/** The extension's counter (its name carries its values: 6 and 3). */
export const RESERVE = 'Reserve_6-3';
/** The base module's saves: its two setups', and one no setup names. */
export const BASE_SAVES = ['Other.vsav', 'setup-0.vsav', 'setup-1.vsav'];

/**
 * The save-heavy module (two setups), with a save no setup names and `stray` (Stray.vsav), and an
 * extension of it adding a setup whose save (a copy of the first) it holds.
 */
export async function moduleAndExtension(dir: string, stray?: Uint8Array): Promise<{ base: string; ext: string }> {
  const entries = new Map(
    (await readZip(await saveHeavyModule({ saves: 2, pieces: 24 }), { file: 'm.vmod', limits: readLimits() })).entries,
  );
  entries.set('Other.vsav', entries.get('setup-0.vsav')!);
  if (stray) entries.set('Stray.vsav', stray);
  const base = path.join(dir, 'base.vmod');
  await writeFile(
    base,
    await writeZip(
      [...entries].map(([entry, data]) => ({ path: entry, data })),
      0,
    ),
  );
  const copied = path.join(dir, 'copied.vsav');
  await writeFile(copied, entries.get('setup-0.vsav')!);
  const ext = path.join(dir, 'ext.vmdx');
  const setup = `<VASSAL.build.module.PredefinedSetup file="${EXTRA}" isMenu="false" name="Extra" useFile="true"/>`;
  // A counter of the extension's own, in its palette and at the start of a game, in the save-heavy module's form: its name carries its values.
  const piece = `+/null/clone;Clone;67,130;\tdelete;Delete;68,130;\\\tpiece;;;${RESERVE}.png;${RESERVE}/\t\\\tnull;0;0;e5a:0;0`;
  const slot = `<VASSAL.build.widget.PieceSlot entryName="${RESERVE}" gpid="e5a:0" height="64" width="64">${piece}</VASSAL.build.widget.PieceSlot>`;
  const palette = `<VASSAL.build.widget.ListWidget entryName="Blue reserves">${slot}</VASSAL.build.widget.ListWidget>`;
  const stack = `<VASSAL.build.module.map.SetupStack name="Reserve" owningBoard="Board" useGridLocation="false" x="200" y="200">${slot}</VASSAL.build.module.map.SetupStack>`;
  await writeExtension(ext, {
    module: 'SaveHeavy',
    moduleVersion: '1.0',
    grafts: [
      { target: '', xml: setup },
      { target: 'VASSAL.build.module.PieceWindow:Counters/VASSAL.build.widget.TabWidget:Counters', xml: palette },
      { target: 'VASSAL.build.module.Map:Main Map', xml: stack },
    ],
    copies: { [EXTRA]: copied },
  });
  return { base, ext };
}
