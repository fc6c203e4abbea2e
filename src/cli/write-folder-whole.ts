/**
 * Writes a folder's files all or nothing (init's game folder, diff's errata): every file goes into
 * a temporary folder first, which takes the folder's place only when complete. A failure partway
 * (a full disk) leaves no half folder behind, nor the temporary one, nor a folder above it it made.
 */
import { mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { removeStaleTemps } from './io';

/**
 * `files` (name → text) written as `folder`. A folder that does not exist appears whole, by one
 * rename of a sibling; into one that exists each complete file is renamed from a
 * temporary folder inside it, so nothing is renamed before every file is written.
 */
export async function writeFolderWhole(folder: string, files: Readonly<Record<string, string>>, exists: boolean): Promise<void> {
  const target = path.resolve(folder);
  const parent = path.dirname(target);
  const prefix = exists ? '.write.tmp-' : `${path.basename(target)}.tmp-`;
  const home = exists ? target : parent;
  // Interrupted writes of this folder by processes that are gone left these behind.
  await removeStaleTemps(home, 0, prefix);
  const temp = path.join(home, `${prefix}${process.pid}`);
  // The first folder this made on the way to `parent`, removed again if the writing fails.
  const made = exists ? undefined : await mkdir(parent, { recursive: true });
  try {
    await rm(temp, { recursive: true, force: true });
    await mkdir(temp);
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(temp, name), text);
    if (!exists) return await rename(temp, target);
    for (const name of await readdir(temp)) await rename(path.join(temp, name), path.join(target, name));
    await rmdir(temp);
  } catch (error) {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    if (made) await rm(made, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
}
