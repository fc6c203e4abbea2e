/**
 * Writes an import's files into a game folder, all or nothing: everything goes into a temporary
 * sibling folder first, which is renamed into place only when complete. Every path is checked to
 * stay inside the folder (entry names were checked when the archive was read; this is the second
 * line of defence).
 */
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics';

export async function writeGameFolder(
  out: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  options: { replace?: boolean } = {},
): Promise<Diagnostic[]> {
  const target = path.resolve(out);
  let exists: boolean;
  try {
    await stat(target);
    exists = true;
  } catch {
    exists = false;
  }
  if (exists && !options.replace) {
    return [
      {
        code: 'import/out-exists',
        severity: 'error',
        message: `${out} already exists; nothing was written`,
        hint: 'choose a new folder, or pass --force to replace it',
        file: out,
      },
    ];
  }
  const temp = `${target}.tmp-${process.pid}`;
  await rm(temp, { recursive: true, force: true });
  try {
    for (const [relative, data] of files) {
      const file = path.resolve(temp, relative);
      if (!file.startsWith(temp + path.sep)) {
        await rm(temp, { recursive: true, force: true });
        return [
          {
            code: 'vassal/zip-unsafe-name',
            severity: 'error',
            message: `${relative} would be written outside ${out}; nothing was written`,
            file: out,
          },
        ];
      }
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    }
    if (exists) await rm(target, { recursive: true, force: true });
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  return [];
}
