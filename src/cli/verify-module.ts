/**
 * `hexforge verify --module <vmod> <game>`: a module against a game's data (pieces missing or
 * extra, values, setup hexes, grid numbering), printed as a discrepancy report. The module is
 * imported into a temporary folder and loaded like any game, then compared
 * (src/vassal/import/verify-module.ts). Exit 1 when there is any discrepancy. An extension is
 * compared loaded into the module it extends (`--base`), as VASSAL runs it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hasErrors, type Diagnostic } from '../diagnostics';
import { importModule } from '../vassal/import/import-module';
import { gameMapGeometry, moduleMaps } from '../vassal/import/map';
import { verifyModuleAgainstGame } from '../vassal/import/verify-module';
import { writeGameFolder } from '../vassal/import/write-folder';
import type { ReadLimits } from '../vassal/reader/limits';
import { readExtendedModule, type ExtensionParts } from '../vassal/reader/extended-module';
import type { ReadModule } from '../vassal/reader/module';
import { readModuleFrom } from '../vassal/reader/source';
import { extensionWithoutBase, printDiagnostics } from './import';
import type { Output } from './io';
import { loadGame } from './load-game';

export async function verifyModuleCommand(
  modulePath: string,
  gameDirs: string[],
  options: { json?: boolean; limits: ReadLimits; base?: string },
  io: Output,
): Promise<boolean> {
  const read: { module?: ReadModule; extension?: ExtensionParts; diagnostics: Diagnostic[] } = options.base
    ? await readExtendedModule(modulePath, options.base, options.limits)
    : await readModuleFrom(modulePath, options.limits);
  if (!options.base && read.module?.rootKind === 'ModuleExtension') {
    printDiagnostics([extensionWithoutBase(modulePath, read.module)], options.json, io);
    io.err(`${modulePath}: not compared`);
    return false;
  }
  if (!read.module || hasErrors(read.diagnostics)) {
    printDiagnostics(read.diagnostics, options.json, io);
    io.err(`${modulePath}: could not be read`);
    return false;
  }
  const temp = await mkdtemp(path.join(os.tmpdir(), 'hexforge-verify-'));
  try {
    const imported = await importModule(read.module, { id: 'module', ...(read.extension ? { extension: read.extension } : {}) });
    const folder = path.join(temp, 'module');
    await writeGameFolder(folder, imported.files);
    const moduleGame = await loadGame(folder);
    if (!moduleGame.game) {
      printDiagnostics(moduleGame.diagnostics, options.json, io);
      return false;
    }
    const grid = gameMapGeometry(moduleMaps(read.module.root, () => undefined)).grid;
    let ok = true;
    for (const dir of gameDirs) {
      const loaded = await loadGame(dir);
      if (!loaded.game) {
        printDiagnostics(loaded.diagnostics, options.json, io);
        ok = false;
        continue;
      }
      const found = verifyModuleAgainstGame(moduleGame.game, grid, loaded.game);
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
