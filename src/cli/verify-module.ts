/**
 * `hexforge verify --module <vmod> <game>`: a module against a game's data (pieces missing or
 * extra, values, setup hexes, grid numbering), printed as a discrepancy report. The module is
 * imported into a temporary folder and loaded like any game, then compared
 * (src/vassal/import/verify-module.ts). Exit 1 when there is any discrepancy. An extension is
 * compared loaded into the module it extends (`--base`), as VASSAL runs it. A game folder written
 * by `hexforge import` has its units matched to pieces by the palette slots its vassal/import.json
 * recorded, so that a module `hexforge update` wrote from it matches though a piece name that
 * carries a value changed with it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hasErrors, type Diagnostic } from '../diagnostics';
import { boardImageSizes, importModule } from '../vassal/import/import-module';
import { gameMapGeometry, moduleMaps } from '../vassal/import/map';
import { SIDECAR_INDEX, type SidecarIndex } from '../vassal/import/sidecar';
import { parseSidecarIndex } from '../vassal/import/sidecar-read';
import { verifyModuleAgainstGame } from '../vassal/import/verify-module';
import { writeGameFolder } from '../vassal/import/write-folder';
import type { ReadLimits } from '../vassal/reader/limits';
import { readExtendedModule, type ExtensionParts } from '../vassal/reader/extended-module';
import { checkDeferredSaves, type ReadModule } from '../vassal/reader/module';
import { readModuleFrom } from '../vassal/reader/source';
import { extensionWithoutBase, printDiagnostics } from './import';
import type { Output } from './io';
import { shownPath } from './io';
import { loadGame } from './load-game';

export async function verifyModuleCommand(
  modulePath: string,
  gameDirs: string[],
  options: { json?: boolean; limits: ReadLimits; base?: string },
  io: Output,
): Promise<boolean> {
  const read: { module?: ReadModule; extension?: ExtensionParts; diagnostics: Diagnostic[] } = options.base
    ? await readExtendedModule(modulePath, options.base, options.limits, { deferSaveCheck: true })
    : await readModuleFrom(modulePath, options.limits, { deferSaveCheck: true });
  // The saves are checked as the import reads its setups from them, each decoded once; the rest,
  // and the problems of all, before the module is compared (or it is refused, as when read).
  if (!read.module || hasErrors(read.diagnostics) || read.module.rootKind === 'ModuleExtension') await checkDeferredSaves(read);
  if (!options.base && read.module?.rootKind === 'ModuleExtension') {
    printDiagnostics([extensionWithoutBase(modulePath, read.module)], options.json, io);
    io.err(`${shownPath(modulePath)}: not compared`);
    return false;
  }
  const unreadable = (): boolean => {
    printDiagnostics(read.diagnostics, options.json, io);
    io.err(`${shownPath(modulePath)}: could not be read`);
    return false;
  };
  if (!read.module || hasErrors(read.diagnostics)) return unreadable();
  const imported = await importModule(read.module, { id: 'module', ...(read.extension ? { extension: read.extension } : {}) });
  await checkDeferredSaves(read);
  if (!read.module || hasErrors(read.diagnostics)) return unreadable();
  const temp = await mkdtemp(path.join(os.tmpdir(), 'hexforge-verify-'));
  try {
    const folder = path.join(temp, 'module');
    await writeGameFolder(folder, imported.files);
    const moduleGame = await loadGame(folder);
    if (!moduleGame.game) {
      printDiagnostics(moduleGame.diagnostics, options.json, io);
      return false;
    }
    // Board sizes as the import read them: an unpadded grid's ids are as wide as the numbers on its board.
    const sizes = await boardImageSizes(read.module);
    const grid = gameMapGeometry(moduleMaps(read.module.root, (image) => sizes.get(image))).grid;
    const moduleIndex = sidecarIndex(imported.files.get(SIDECAR_INDEX));
    const moduleSlots = moduleIndex?.units;
    let ok = true;
    for (const dir of gameDirs) {
      const loaded = await loadGame(dir);
      if (!loaded.game) {
        printDiagnostics(loaded.diagnostics, options.json, io);
        ok = false;
        continue;
      }
      const gameSlots = await folderSlots(dir, options.json, io);
      const recorded =
        gameSlots && moduleSlots ? { game: gameSlots, module: moduleSlots, moduleMarkers: moduleIndex?.markers ?? [] } : undefined;
      const found = verifyModuleAgainstGame(moduleGame.game, grid, loaded.game, recorded);
      if (options.json) io.out(JSON.stringify({ module: modulePath, game: dir, discrepancies: found }));
      else {
        io.out(
          `${modulePath} against ${dir}: ${found.length === 0 ? 'no discrepancy' : `${found.length} discrepanc${found.length === 1 ? 'y' : 'ies'}`}`,
        );
        for (const d of found) io.out(`  ${d.kind.padEnd(16)} ${d.message}`);
      }
      if (found.length > 0) ok = false;
    }
    return ok;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** The units an import recorded in a sidecar index's text, and its markers' slots; undefined when it is not one. */
function sidecarIndex(text: string | Uint8Array | undefined): Pick<SidecarIndex, 'units' | 'markers'> | undefined {
  if (text === undefined) return undefined;
  const read = parseSidecarIndex(text);
  if (!('index' in read)) return undefined;
  const { units, markers } = read.index;
  return { units, markers: Array.isArray(markers) ? markers : [] };
}

/** The units an import recorded in a sidecar index's text; undefined when it is not one. */
function sidecarUnits(text: string | Uint8Array | undefined): SidecarIndex['units'] | undefined {
  return sidecarIndex(text)?.units;
}

/** The units a game folder's import recorded; undefined (units matched by id and name) when it has none or they cannot be read. */
async function folderSlots(dir: string, json: boolean | undefined, io: Output): Promise<SidecarIndex['units'] | undefined> {
  const file = path.join(dir, SIDECAR_INDEX);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  const units = sidecarUnits(text);
  if (text !== undefined && !units)
    printDiagnostics(
      [
        {
          code: 'verify/bad-sidecar',
          severity: 'warning',
          message: `${SIDECAR_INDEX} is not an import's index: units are matched to pieces by id and name only`,
          hint: 'import the module again to write it anew',
          file,
        },
      ],
      json,
      io,
    );
  return units;
}
