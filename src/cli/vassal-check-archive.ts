/**
 * VASSAL loads a module only from its archive, while the other commands also take the unpacked
 * folder (or its buildFile). vassal-check packs such a folder into a temporary .vmod, so VASSAL
 * sees the module the folder holds instead of reporting that a folder cannot be read.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeZip, type ZipEntry } from '../vassal/module/zip';
import { OutputError } from './io';

/** The archive VASSAL loads for `modulePath`, and how to remove it when it was made for the check. */
export interface CheckedArchive {
  archive: string;
  dispose(): Promise<void>;
}

const BUILD_FILE = /^buildFile(\.xml)?$/;

/** `modulePath` itself for an archive (or a path that does not exist); else the folder packed. */
export async function archiveForCheck(modulePath: string): Promise<CheckedArchive> {
  const info = await stat(modulePath).catch(() => undefined);
  const folder = info?.isDirectory()
    ? modulePath
    : info?.isFile() && BUILD_FILE.test(path.basename(modulePath))
      ? path.dirname(modulePath)
      : undefined;
  if (folder === undefined) return { archive: modulePath, dispose: async () => {} };
  // A fixed timestamp: the archive is read once and thrown away, its dates mean nothing.
  const zip = await writeZip(await folderEntries(folder), 0);
  const temp = await mkdtemp(path.join(os.tmpdir(), 'hexforge-check-'));
  const archive = path.join(temp, `${path.basename(path.resolve(folder))}.vmod`);
  await writeFile(archive, zip).catch(async (error: unknown) => {
    await rm(temp, { recursive: true, force: true });
    throw new OutputError(archive, error, 'free space in the temporary folder, or point TMPDIR at one with room');
  });
  return { archive, dispose: () => rm(temp, { recursive: true, force: true }) };
}

/** Every file under `folder`, named by its path inside it with forward slashes. */
async function folderEntries(folder: string): Promise<ZipEntry[]> {
  const files = await readdir(folder, { recursive: true, withFileTypes: true });
  const entries: ZipEntry[] = [];
  for (const file of files) {
    if (!file.isFile()) continue;
    const full = path.join(file.parentPath, file.name);
    entries.push({ path: path.relative(folder, full).split(path.sep).join('/'), data: await readFile(full) });
  }
  return entries;
}
