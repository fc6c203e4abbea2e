/**
 * `hexforge init <folder> [--from demo|blank]`: writes a new game folder. Every JSON file's
 * `$schema` points at the installed package's schemas/ by a relative path from the folder itself,
 * so editors complete and check it wherever the folder lives.
 */
import { lstat, readdir, readFile, readlink, stat } from 'node:fs/promises';
import path from 'node:path';
import { blankGameFiles } from './init-blank';
import { ExitError, EXIT } from './exit-codes';
import { OutputError, shownPath, type Output } from './io';
import { writeFolderWhole } from './write-folder-whole';
import { packageRoot } from './package-root';
import { withSchemaReference } from './schema-reference';

export interface InitOptions {
  from?: string;
  force?: boolean;
}

export const INIT_SOURCES = ['demo', 'blank'] as const;

/** A game id from a folder name: lower case, other characters turned into "-". */
export function gameIdFrom(folder: string): string {
  const id = path
    .basename(path.resolve(folder))
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '');
  return id || 'game';
}

export async function initCommand(folder: string, options: InitOptions, io: Output): Promise<boolean> {
  const from = options.from ?? 'demo';
  if (!(INIT_SOURCES as readonly string[]).includes(from))
    throw new ExitError(EXIT.usage, `--from takes ${INIT_SOURCES.join(' or ')}, not "${from}"`);
  let underFile = false;
  const existing = await stat(folder).catch((error: NodeJS.ErrnoException) => {
    underFile = error.code === 'ENOTDIR';
    return undefined;
  });
  if (underFile) {
    io.err(
      `${shownPath(folder)}: error init/not-a-folder: a part of the path is a file, not a folder; nothing written\n    hint: choose a folder name under an existing folder`,
    );
    return false;
  }
  if (!existing && (await lstat(folder).catch(() => undefined))?.isSymbolicLink()) {
    const to = await readlink(folder).catch(() => '?');
    io.err(
      `${shownPath(folder)}: error init/dangling-link: it is a link to ${shownPath(to)}, which does not exist; nothing written\n    hint: create the folder it points to, remove the link, or choose a new folder name`,
    );
    return false;
  }
  if (existing && !existing.isDirectory()) {
    io.err(`${shownPath(folder)}: error init/not-a-folder: it exists and is not a folder\n    hint: choose a new folder name`);
    return false;
  }
  if (existing && (await readdir(folder)).length > 0 && !options.force) {
    io.err(`${shownPath(folder)}: the folder exists and is not empty; choose a new folder or add --force to write into it`);
    return false;
  }
  const id = gameIdFrom(folder);
  const files = from === 'demo' ? await demoFiles(id) : textFiles(blankGameFiles(id));
  // Checked before the first write: a folder stopping halfway would leave a game that fails validate.
  const blocked = await pathsInTheWay(folder, Object.keys(files));
  if (blocked.length > 0) {
    io.err(
      `${blocked.map(shownPath).join(', ')}: error init/path-in-the-way: not a regular file, so the game file cannot be written there; nothing written\n    hint: remove or rename it, or choose a new folder`,
    );
    return false;
  }
  const texts = Object.fromEntries(
    Object.entries(files).map(([name, text]) => [name, name.endsWith('.json') ? withSchemaReference(text, folder) : text]),
  );
  try {
    await writeFolderWhole(folder, texts, existing !== undefined);
  } catch (error) {
    // init has no --out: the folder argument is what to change.
    throw new OutputError(folder, error, 'choose a folder you can write to');
  }
  io.out(`wrote ${Object.keys(files).length} files to ${shownPath(folder)} (game id "${id}", from ${from})`);
  io.out(`next: hexforge validate ${shownPath(folder)} && hexforge build ${shownPath(folder)}`);
  return true;
}

/** The files of `names` in `folder` that exist as something other than a regular file (a folder, a dangling link). */
async function pathsInTheWay(folder: string, names: readonly string[]): Promise<string[]> {
  const blocked: string[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    const kind = await stat(file).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : error));
    if (kind !== undefined && (kind instanceof Error || !kind.isFile())) blocked.push(file);
  }
  return blocked;
}

function textFiles(files: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(files).map(([name, value]) => [name, typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`]),
  );
}

/** The demo game's files as they are, its id replaced by the new folder's. */
async function demoFiles(id: string): Promise<Record<string, string>> {
  const dir = path.join(packageRoot(), 'data', 'demo');
  const files: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort()) {
    if (!/\.(json|csv)$/.test(name)) continue;
    let text = await readFile(path.join(dir, name), 'utf8');
    if (name === 'game.json') text = text.replace(/("id"\s*:\s*)"demo"/, `$1${JSON.stringify(id)}`);
    files[name] = text;
  }
  return files;
}
