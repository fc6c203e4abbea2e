/**
 * The `vassal` output of a game folder imported from an extension with its base module: the
 * extension alone (src/vassal/module/extension-generator.ts), read here from the folder's kept
 * files and data.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hasErrors, type Diagnostic } from '../diagnostics';
import type { Generator } from '../pipeline/generator';
import { sha256 } from '../pipeline/inputs-digest';
import { SIDECAR_INDEX } from '../vassal/import/sidecar';
import { unreadableExtensionGenerator, vassalExtensionGenerator } from '../vassal/module/extension-generator';
import { readKeptExtension } from '../vassal/reader/kept-extension';
import { checkDeferredSaves, type ReadModule } from '../vassal/reader/module';
import { readLimits } from '../vassal/reader/limits';
import { OnDemandMap } from '../vassal/reader/on-demand-map';
import { readSidecarIndex } from '../vassal/roundtrip/from-sidecar';
import { folderData } from './update';

/** A game folder's files by their path inside it (forward slashes), each read when asked for. */
class FolderFiles extends OnDemandMap<Uint8Array> {
  /** The files read so far. */
  readonly read = new Set<string>();

  constructor(private readonly dir: string) {
    super();
  }

  private full(key: string): string {
    return path.join(this.dir, ...key.split('/'));
  }

  get size(): number {
    return [...this.keys()].length;
  }

  has(key: string): boolean {
    return existsSync(this.full(key));
  }

  get(key: string): Uint8Array | undefined {
    if (!this.has(key)) return undefined;
    this.read.add(key);
    return new Uint8Array(readFileSync(this.full(key)));
  }

  *keys(): MapIterator<string> {
    for (const entry of readdirSync(this.dir, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) yield path.relative(this.dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
  }
}

/** The `vassal` output of a folder imported from an extension; when it cannot be built, one that fails saying why. */
export async function extensionGenerator(dir: string): Promise<Generator> {
  const read = await readExtensionInput(dir);
  return read.generator ?? unreadableExtensionGenerator(read.diagnostics);
}

async function readExtensionInput(dir: string): Promise<{ generator?: Generator; diagnostics: Diagnostic[] }> {
  const files = new FolderFiles(dir);
  const { index: sidecar, diagnostics } = readSidecarIndex(new Map([[SIDECAR_INDEX, files.get(SIDECAR_INDEX)!]]), dir);
  if (!sidecar) return { diagnostics };
  const limits = readLimits();
  const data = await folderData(dir, sidecar);
  if (!data.data) return { diagnostics: data.diagnostics };
  // The saves are read as the update patches them, each decoded once; the others are checked after it.
  const read = await readKeptExtension(files, sidecar, { folder: dir, limits, deferSaveCheck: true });
  if (!read.kept) return { diagnostics: read.diagnostics };
  const generator = vassalExtensionGenerator({ kept: read.kept, sidecar, data: data.data, limits });
  const checked = checkingSaves(generator, { module: read.kept.module, diagnostics: read.diagnostics });
  return { generator: { ...checked, keptFiles: keptDigests(dir, [...files.read, ...read.kept.laterReads]) }, diagnostics: [] };
}

/**
 * The files the output reads (those read to make it, those it reads as it runs), each by the
 * SHA-256 of its bytes: the output is built again when one changes.
 */
function keptDigests(dir: string, files: readonly string[]): Record<string, string> {
  const sorted = [...new Set(files)].sort();
  const digest = (file: string) => {
    try {
      return sha256(readFileSync(path.join(dir, ...file.split('/'))));
    } catch {
      // Gone since it was read: the output says so when it reads it; the next build reads it again.
      return 'unreadable';
    }
  };
  return Object.fromEntries(sorted.map((file) => [file, digest(file)]));
}

/**
 * The output, the kept module's saves checked once it has run (before anything is written): a save
 * that does not read, or refuses the module, fails the output with the module's problems (every
 * save's, warnings too), as update refuses the extension for them; saves with warnings only let the
 * output through, and their warnings are left out, as update leaves them out (the import said them).
 */
function checkingSaves(generator: Generator, read: { module: ReadModule; diagnostics: Diagnostic[] }): Generator {
  let refusal: Diagnostic[] | undefined;
  return {
    ...generator,
    async run(ctx) {
      const result = await generator.run(ctx);
      if (!refusal) {
        const checked: { module?: ReadModule; diagnostics: Diagnostic[] } = { ...read, diagnostics: [...read.diagnostics] };
        await checkDeferredSaves(checked);
        refusal = checked.module && !hasErrors(checked.diagnostics) ? [] : checked.diagnostics;
      }
      return refusal.length > 0 ? { artifacts: [], diagnostics: refusal } : result;
    },
  };
}
