/**
 * `hexforge build <game> --only vassal` for a game folder imported from an extension with its base
 * module: `<extension>.vmdx`, named as the imported extension's file (VASSAL names an extension by
 * its file, so another name would rename it), the extension alone (its own entries, nothing of the base), with the
 * data's changes applied where the import found each value (../update/update-module.ts), so that
 * VASSAL loads it on the base module it was imported with. A change the extension cannot carry (a
 * value the base holds, a unit added, a changed setup) fails the output, as `update` refuses it.
 * The folder's files are read at the edge (src/cli/build-outputs.ts); this only writes.
 */
import type { Diagnostic } from '../../diagnostics';
import type { Generator } from '../../pipeline/generator';
import type { SidecarIndex } from '../import/sidecar';
import type { KeptExtension } from '../reader/kept-extension';
import type { ReadLimits } from '../reader/limits';
import { dataChanges, type FolderData } from '../update/data-changes';
import { updateModule } from '../update/update-module';
import { zipStream } from './zip';

export interface ExtensionBuildInput {
  kept: KeptExtension;
  sidecar: SidecarIndex;
  /** The folder's units.csv rows, title and data file hashes, read when the build started. */
  data: FolderData;
  limits: ReadLimits;
}

/** What the output is and reads, whether it can be built or not. */
const EXTENSION_OUTPUT: Omit<Generator, 'run'> = {
  id: 'vassal',
  description: "VASSAL extension (<extension>.vmdx): the imported extension with the data's changes, for its base module",
  // Everything update compares: the units, the title, and the data files it refuses changes to.
  reads: { game: ['info', 'map', 'terrain', 'units', 'counters', 'tables', 'tracks', 'scenarios'], settings: [] },
  files: ['*.vmdx'],
};

/** The output of a folder whose extension cannot be read back: it fails with the reasons. */
export function unreadableExtensionGenerator(diagnostics: Diagnostic[]): Generator {
  return { ...EXTENSION_OUTPUT, run: async () => ({ artifacts: [], diagnostics }) };
}

/** Characters no file name may hold on any of the systems VASSAL runs on, and names that are not files. */
const NOT_A_FILE_NAME = /[/\\:*?"<>|\u0000-\u001f]|^\.{0,2}$|[. ]$/;

/**
 * The built extension's file name, without `.vmdx`: the imported extension's own, since VASSAL
 * names an extension by its file and a module's saves and preferences name it so; the game's id
 * when that name cannot be a file name everywhere.
 */
export function extensionFileName(name: string, gameId: string): string {
  return NOT_A_FILE_NAME.test(name) ? gameId : name;
}

export function vassalExtensionGenerator(input: ExtensionBuildInput): Generator {
  const { kept, sidecar, data, limits } = input;
  return {
    ...EXTENSION_OUTPUT,
    async run(ctx) {
      const changes = dataChanges(sidecar, data);
      if (changes.diagnostics.some((d) => d.severity === 'error')) return { artifacts: [], diagnostics: changes.diagnostics };
      const { epoch } = ctx.options;
      const result = await updateModule(kept.entries, kept.module, sidecar, changes, { limits, epoch, extension: kept.extension });
      // What the update says of no file is said of the units it compared.
      const units = `${data.folder}/units.csv`;
      const diagnostics = [...changes.diagnostics, ...result.diagnostics.map((d) => (d.file ? d : { ...d, file: units }))];
      const entries = result.entries;
      if (!entries) return { artifacts: [], diagnostics };
      const zipEntries = [...entries.keys()].map((name) => ({ path: name, data: () => entries.get(name)! }));
      const places = result.applied.reduce((n, c) => n + c.places.length, 0);
      return {
        artifacts: [{ path: `${extensionFileName(kept.extension.name, ctx.game.id)}.vmdx`, data: zipStream(zipEntries, epoch) }],
        diagnostics,
        drawn: `extension "${kept.extension.name}" for "${kept.extension.base.name}": ${result.applied.length} change(s) in ${places} place(s)`,
      };
    },
  };
}
