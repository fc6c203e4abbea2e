/**
 * `hexforge init <folder> [--from demo|blank]`: writes a new game folder. Every JSON file's
 * `$schema` points at the installed package's schemas/ by a relative path from the folder itself,
 * so editors complete and check it wherever the folder lives.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { blankGameFiles } from './init-blank';
import { ExitError, EXIT } from './exit-codes';
import type { Output } from './io';
import { writeFileAtomic } from './io';
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
  const existing = await stat(folder).catch(() => undefined);
  if (existing && !existing.isDirectory()) {
    io.err(`${folder}: error init/not-a-folder: it exists and is not a folder\n    hint: choose a new folder name`);
    return false;
  }
  if (existing && (await readdir(folder)).length > 0 && !options.force) {
    io.err(`${folder}: the folder exists and is not empty; choose a new folder or add --force to write into it`);
    return false;
  }
  const id = gameIdFrom(folder);
  const files = from === 'demo' ? await demoFiles(id) : textFiles(blankGameFiles(id));
  // Checked before the first write: a folder stopping halfway would leave a game that fails validate.
  const blocked = await pathsInTheWay(folder, Object.keys(files));
  if (blocked.length > 0) {
    io.err(
      `${blocked.join(', ')}: error init/path-in-the-way: not a regular file, so the game file cannot be written there; nothing written\n    hint: remove or rename it, or choose a new folder`,
    );
    return false;
  }
  for (const [name, text] of Object.entries(files)) {
    await writeFileAtomic(path.join(folder, name), name.endsWith('.json') ? withSchemaReference(text, folder) : text);
  }
  io.out(`wrote ${Object.keys(files).length} files to ${folder} (game id "${id}", from ${from})`);
  io.out(`next: hexforge validate ${folder} && hexforge build ${folder}`);
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
