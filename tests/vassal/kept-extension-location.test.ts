/**
 * A problem in the buildFile of an extension kept in a game folder is named at the folder's file
 * (an editor opens it), not in archive notation; the .vmdx it was imported from keeps `x.vmdx!buildFile.xml`.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes';
import { SIDECAR_INDEX } from '../../src/vassal/import/sidecar';
import { readSidecarIndex } from '../../src/vassal/roundtrip/from-sidecar';
import { readKeptExtension } from '../../src/vassal/reader/kept-extension';
import { readLimits } from '../../src/vassal/reader/limits';
import { runCli } from '../cli/run-cli';
import { describeShared } from '../shared-dir';
import { reinforcements, writeExtension } from './extension-kit';
import { KASSALA, fixture, withTempDir } from './import-fixtures';

// A palette piece with an unescaped "/" after its state: read with a warning, wherever it is read from.
const ODD_SLOT =
  '<VASSAL.build.widget.PieceSlot entryName="Odd" gpid="e5a:9" height="64" width="75">+/null/piece;;;;Odd/null;0;0;e5a:9;0/extra</VASSAL.build.widget.PieceSlot>';

/** Every file of the folder by its path relative to it, as a build reads them. */
async function folderFiles(dir: string): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full).split(path.sep).join('/'), new Uint8Array(await readFile(full)));
  }
  return files;
}

describeShared('where a kept extension buildFile is named', () => {
  it('the archive entry when imported from the .vmdx, the folder file when read back from the game folder', async () => {
    await withTempDir(async (dir) => {
      const spec = reinforcements();
      spec.grafts.push({ target: 'VASSAL.build.module.PieceWindow/VASSAL.build.widget.TabWidget:Units', xml: ODD_SLOT });
      const ext = path.join(dir, 'Reinforcements.vmdx');
      await writeExtension(ext, spec);
      const game = path.join(dir, 'game');
      const imported = await runCli(['import', ext, '--base', fixture(KASSALA), '--out', game]);
      expect(imported.code, imported.stderr).toBe(EXIT.ok);
      expect(imported.stderr).toMatch(/Reinforcements\.vmdx!buildFile\.xml:\d+:\d+: warning vassal\/extra-fields/);

      const files = await folderFiles(game);
      const { index } = readSidecarIndex(new Map([[SIDECAR_INDEX, files.get(SIDECAR_INDEX)!]]), game);
      const read = await readKeptExtension(files, index!, { folder: game, limits: readLimits() });
      const odd = read.diagnostics.filter((d) => d.code === 'vassal/extra-fields');
      expect(odd).toHaveLength(1);
      // The kept buildFile is a file of the folder: the name opens it.
      expect(files.has(path.relative(game, odd[0].file!))).toBe(true);
      expect(odd[0].file).toMatch(/^.*\/vassal\/(extension|module)\/buildFile\.xml$/);
    });
  });
});
