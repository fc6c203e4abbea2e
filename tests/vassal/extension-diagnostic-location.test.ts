/**
 * An import with `--base` reads the extension's components grafted into the base module's tree:
 * a warning about one of them names the extension's buildFile and the line there, not the base
 * module's file at the same line number.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes';
import { runCli } from '../cli/run-cli';
import { describeShared } from '../shared-dir';
import { extensionBuildFile, reinforcements, writeExtension } from './extension-kit';
import { KASSALA, fixture, withTempDir } from './import-fixtures';

const TAB = '\t';
const UNKNOWN = 'Prototype the module lacks';
/** A palette slot whose Prototype trait names a prototype neither the base nor the extension defines. */
const strayDefinition = `+/null/prototype;${UNKNOWN}${TAB}piece;;;Moslem_Infantry_5-2_Janissary.png;Stray/${TAB}null;0;0;e5a:9;0`;
const straySlot = `<VASSAL.build.widget.PieceSlot entryName="Stray" gpid="e5a:9" height="64" width="75">${strayDefinition}</VASSAL.build.widget.PieceSlot>`;

describeShared("diagnostics about an extension's components", () => {
  it("name the extension's buildFile and its line", async () => {
    await withTempDir(async (dir) => {
      const base = reinforcements();
      const spec = {
        ...base,
        grafts: [...base.grafts, { target: 'VASSAL.build.module.PieceWindow/VASSAL.build.widget.TabWidget:Units', xml: straySlot }],
      };
      const ext = path.join(dir, 'Reinforcements.vmdx');
      await writeExtension(ext, spec);
      // The slot's line in the extension's buildFile, counted in the text written (1-based).
      const lines = extensionBuildFile(spec).split('\n');
      const line = lines.findIndex((l) => l.includes('entryName="Stray"')) + 1;
      expect(line).toBeGreaterThan(1);

      const run = await runCli(['import', ext, '--base', fixture(KASSALA), '--out', path.join(dir, 'game'), '--json']);
      expect(run.code, run.stderr).toBe(EXIT.ok);
      const diagnostics = run.stdout
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as { code?: string; file?: string; line?: number; message?: string });
      const unknown = diagnostics.filter((d) => d.code === 'vassal/unknown-prototype');
      expect(unknown).toHaveLength(1);
      expect(unknown[0].message).toContain(UNKNOWN);
      expect(unknown[0].file).toBe(`${ext}!buildFile.xml`);
      expect(unknown[0].line).toBe(line);
    });
  });
});
