/**
 * The steps of an import → build → import test on a synthetic module: import its entries, compare
 * two imports' data files, build the module of an imported folder, and `verify --module`'s check of
 * a game against a module and its import.
 */
import path from 'node:path';
import { PNG } from 'pngjs';
import { loadGame } from '../../src/cli/load-game';
import type { Game } from '../../src/model/game';
import { importModule, type ImportResult } from '../../src/vassal/import/import-module';
import { gameMapGeometry, moduleMaps } from '../../src/vassal/import/map';
import { verifyModuleAgainstGame, type ModuleDiscrepancy } from '../../src/vassal/import/verify-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { builtModuleEntries } from '../../scripts/built-module';

const limits = readLimits();

/** A picture of one grey and the given size (a board's picture). */
export function greyPicture(width: number, height: number, grey: number): Uint8Array {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([grey, grey, grey, 255], i * 4);
  return new Uint8Array(PNG.sync.write(png));
}

/** A palette piece of a side (a Side marker), and its PieceSlot. */
export const sideSlotText = (name: string, gpid: number, side: string) => `+/null/mark;Side\tpiece;;;;${name}/${side}\tnull;0;0;${gpid};0`;
export const sideSlot = (name: string, gpid: number, side: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">${sideSlotText(name, gpid, side)}</VASSAL.build.widget.PieceSlot>`;

/** The import of a module's entries under the game id `id`. */
export async function importEntries(entries: Map<string, Uint8Array>, id: string): Promise<ImportResult> {
  const module = (await readModule(entries, { source: `${id}.vmod`, limits })).module!;
  return importModule(module, { id });
}

/** A JSON file the import writes, parsed. */
export const jsonOf = (r: ImportResult, file: string) => JSON.parse(r.files.get(file) as string);

/** The data files an import writes, game.json's source included (vassal/, the module's own record, differs by construction). */
export function dataFiles(r: ImportResult): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [file, text] of r.files) if (!file.startsWith('vassal/') && file.endsWith('.json')) out[file] = JSON.parse(text as string);
  return out;
}

/**
 * `verify --module`'s check of a game against a module (its entries) and the module's import
 * (written as a folder at `folder`): the discrepancies it reports.
 */
export async function moduleVerifier(
  folder: string,
  imported: ImportResult,
  moduleEntries: Map<string, Uint8Array>,
): Promise<(game: Game) => ModuleDiscrepancy[]> {
  await writeGameFolder(folder, imported.files);
  const moduleGame = (await loadGame(folder)).game!;
  const root = (await readModule(moduleEntries, { source: path.basename(folder), limits })).module!.root;
  const grid = gameMapGeometry(moduleMaps(root, () => undefined)).grid;
  return (game) => verifyModuleAgainstGame(moduleGame, grid, game);
}

/** Where the first scenario sets each unit up: its hex, else its box's name and board pixel. */
export function placedWhere(r: ImportResult): Record<string, unknown> {
  const map = jsonOf(r, 'map.json');
  const boxName = new Map<string, string>((map.boxes ?? []).map((b: { id: string; name: string }) => [b.id, b.name]));
  const setup = jsonOf(r, 'scenarios.json').scenarios[0].setup as Array<{ units: string[]; hex?: string; box?: string; at?: unknown }>;
  return Object.fromEntries(setup.flatMap((p) => p.units.map((u) => [u, p.hex ?? [boxName.get(p.box!), p.at]])));
}

/** The import written as a game folder under `dir`, the module built from it, that module's import, and the folder's game. */
export async function rebuilt(
  dir: string,
  first: ImportResult,
  id: string,
): Promise<{ built: Map<string, Uint8Array>; second: ImportResult; game: Game }> {
  await writeGameFolder(path.join(dir, 'game'), first.files);
  const built = await builtModuleEntries(path.join(dir, 'game'));
  const second = await importEntries(built, id);
  return { built, second, game: (await loadGame(path.join(dir, 'game'))).game! };
}
