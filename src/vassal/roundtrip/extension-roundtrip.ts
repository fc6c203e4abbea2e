/**
 * The round trip of an extension read with its base module: the module with the extension loaded
 * is imported, the extension alone is written back from the folder's files (./from-sidecar.ts),
 * read back from that file, and compared with the original extension: the same entries, each with
 * the same bytes, and (./compare.ts) the same components and pieces.
 */
import type { Diagnostic } from '../../diagnostics';
import { importModule } from '../import/import-module';
import type { ExtensionParts } from '../reader/extended-module';
import { checkDeferredSaves, readModule, type ReadModule } from '../reader/module';
import { readModuleEntries } from '../reader/source';
import { compareModules, type ModuleDifference } from './compare';
import { extensionFromSidecar } from './from-sidecar';
import { savesRefusal, withWrittenCopy, type RoundTripOptions, type RoundTripResult } from './roundtrip';

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

/**
 * Entry by entry: names and bytes (what the component comparison sees as equal may still differ in
 * bytes). Not their order in the archive: VASSAL finds every entry by its name, the writer puts them
 * in name order, and an extension zipped by another tool (or by VASSAL, from a hash map) has any order.
 */
export function entryDifferences(original: ReadonlyMap<string, Uint8Array>, copy: ReadonlyMap<string, Uint8Array>): ModuleDifference[] {
  const differences: ModuleDifference[] = [];
  for (const [name, bytes] of original) {
    const other = copy.get(name);
    if (!other) differences.push({ where: name, message: 'entry lost' });
    else if (!sameBytes(bytes, other)) differences.push({ where: name, message: 'bytes differ' });
  }
  for (const name of copy.keys()) if (!original.has(name)) differences.push({ where: name, message: 'entry added' });
  return differences;
}

/**
 * The extension alone as a module tree (its pieces' prototypes and pictures are the base's: not
 * looked for), its saves left unread: the comparison reads those whose bytes changed.
 */
async function extensionAlone(
  entries: ReadonlyMap<string, Uint8Array>,
  source: string,
  options: RoundTripOptions,
): Promise<ReadModule | undefined> {
  return (await readModule(entries, { source, limits: options.limits, deferSaveCheck: true })).module;
}

/**
 * The problems of the copy's saves: those whose bytes changed were read (and checked) by the
 * comparison, or are read now; the others hold the original's bytes, checked with the module it extends.
 */
async function copySaveProblems(copy: ReadModule, changed: ReadonlySet<string>): Promise<Diagnostic[]> {
  copy.saves.checkedElsewhere(copy.savedGameNames.filter((name) => !changed.has(name)));
  const saves: { module?: ReadModule; diagnostics: Diagnostic[] } = { module: copy, diagnostics: [] };
  await checkDeferredSaves(saves);
  return saves.diagnostics;
}

export async function roundTripExtension(
  module: ReadModule,
  extension: ExtensionParts,
  options: RoundTripOptions,
): Promise<RoundTripResult> {
  const imported = await importModule(module, { id: options.id, extension });
  const saveWarnings: Diagnostic[] = [];
  const refused = await savesRefusal(module, imported, saveWarnings);
  if (refused) return refused;
  const diagnostics: Diagnostic[] = [...imported.diagnostics];
  const exported = extensionFromSidecar(imported.files, { epoch: options.epoch, gameDir: options.id });
  diagnostics.push(...exported.diagnostics);
  if (!exported.parts) return { imported, written: false, diagnostics, saveWarnings };
  return withWrittenCopy(exported, options.copyFile, 'copy.vmdx', async (file): Promise<RoundTripResult> => {
    const source = `${extension.source} (round trip)`;
    const read = await readModuleEntries(file, options.limits);
    diagnostics.push(...read.diagnostics);
    if (!read.entries) return { imported, written: true, diagnostics, saveWarnings };
    const differences = entryDifferences(extension.entries, read.entries);
    const original = await extensionAlone(extension.entries, extension.source, options);
    const copy = await extensionAlone(read.entries, source, options);
    // An extension that does not read on its own (its pieces need the base) is compared by its bytes.
    const comparison = original && copy ? await compareModules(original, copy) : { differences: [], missingImages: [] };
    // Each save is decoded once: the original's were with the module it extends, the copy's only where their bytes changed.
    if (copy) diagnostics.push(...(await copySaveProblems(copy, new Set(differences.map((d) => d.where)))));
    // The same difference once: bytes, where the components say more.
    const described = new Set(comparison.differences.map((d) => d.where.split('/')[0]));
    comparison.differences.push(...differences.filter((d) => !described.has(d.where)));
    // Pictures the extension leaves to its base are not missing: those neither holds are.
    comparison.missingImages = imported.summary.missingImages;
    return { imported, written: true, comparison, diagnostics, saveWarnings };
  });
}
