/**
 * Whether a game folder was imported from an extension with its base module (it keeps the
 * extension under vassal/extension/), told without reading the folder's data: such a folder's
 * `vassal` output is the extension alone (./build-extension-output.ts).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type DigestScope, sha256 } from '../pipeline/inputs-digest';
import { SIDECAR_EXTENSION_DIR, SIDECAR_INDEX } from '../vassal/import/sidecar';

/** Whether the folder was imported from an extension whose entries it keeps. */
export function keepsExtension(dir: string): boolean {
  return existsSync(path.join(dir, SIDECAR_EXTENSION_DIR));
}

/**
 * The build's scope for such a folder: the extension written depends on what the import kept
 * (vassal/import.json), not only on the data files, so a new import builds it again.
 */
export async function extensionScope(dir: string, scope: DigestScope): Promise<DigestScope> {
  if (!keepsExtension(dir)) return scope;
  const index = await readFile(path.join(dir, SIDECAR_INDEX)).catch(() => undefined);
  return index ? { ...scope, codeStamp: `${scope.codeStamp} ${sha256(index)}` } : scope;
}
