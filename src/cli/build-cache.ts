/**
 * What makes `hexforge build` incremental, kept in the game's out folder:
 * - `.hexforge-build.json`, per output, the digest of what it read and the files it wrote (size,
 *   modification time, SHA-256) with the diagnostics it reported. An output whose inputs are
 *   unchanged and whose files are on disk as written is reused, its diagnostics reported again.
 * - `.cache/images/`, counter-face images by the digest of their drawing, so a module rebuilt after
 *   one unit changed draws that unit's faces only.
 * A missing or unreadable manifest simply means a full build.
 */
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics';
import type { Game } from '../model/game';
import type { Generator, ImageCache } from '../pipeline/generator';
import { type DigestScope, inputsDigest, sha256 } from '../pipeline/inputs-digest';
import type { OutputCache } from '../pipeline/pipeline';
import type { Settings } from '../plan/paper';
import { writeFileAtomic, writeFileIfChanged } from './io';

export const MANIFEST_FILE = '.hexforge-build.json';
export const IMAGE_CACHE_DIR = path.join('.cache', 'images');
const FORMAT = 1;

interface FileRecord {
  size: number;
  mtimeMs: number;
  sha256: string;
}

interface OutputRecord {
  inputs: string;
  /** Paths relative to the out folder, with forward slashes. */
  files: Record<string, FileRecord>;
  diagnostics: Diagnostic[];
  /** The cached images it drew or read (names in .cache/images/): kept while an output uses them. */
  images: string[];
}

interface Manifest {
  format: number;
  outputs: Record<string, OutputRecord>;
}

/** The previous build's manifest, or an empty one when it is missing, corrupt or of another format. */
export async function readManifest(outDir: string): Promise<Manifest> {
  const empty: Manifest = { format: FORMAT, outputs: {} };
  try {
    const parsed = JSON.parse(await readFile(path.join(outDir, MANIFEST_FILE), 'utf8')) as Manifest;
    const valid =
      parsed?.format === FORMAT &&
      typeof parsed.outputs === 'object' &&
      parsed.outputs !== null &&
      Object.values(parsed.outputs).every(
        (o) =>
          typeof o?.inputs === 'string' &&
          typeof o.files === 'object' &&
          o.files !== null &&
          Array.isArray(o.diagnostics) &&
          Array.isArray(o.images),
      );
    return valid ? parsed : empty;
  } catch {
    return empty;
  }
}

/** Whether a file is on disk as recorded: same size and time, or (touched) the same bytes. */
async function intact(file: string, record: FileRecord): Promise<boolean> {
  const stats = await stat(file).catch(() => undefined);
  if (!stats?.isFile() || stats.size !== record.size) return false;
  if (stats.mtimeMs === record.mtimeMs) return true;
  return sha256(await readFile(file)) === record.sha256;
}

async function fileRecord(file: string): Promise<FileRecord> {
  const [stats, bytes] = await Promise.all([stat(file), readFile(file)]);
  return { size: stats.size, mtimeMs: stats.mtimeMs, sha256: sha256(bytes) };
}

/**
 * Images in `dir` by key (scoped to the running code). `used` collects the names the running output
 * reads or writes; `fresh` ignores what earlier builds stored (images of this build still count).
 */
function imageCache(dir: string, codeStamp: string, fresh: boolean): ImageCache & { used: Set<string> } {
  const used = new Set<string>();
  const stored = new Set<string>();
  // Two faces with one drawing (identical counters) are drawn at once: the second waits for the first's write.
  const writing = new Map<string, Promise<void>>();
  const file = (name: string) => path.join(dir, `${name}.png`);
  const nameOf = (key: string) => sha256(`${codeStamp}\n${key}`);
  return {
    used,
    async get(key) {
      const name = nameOf(key);
      if (fresh && !stored.has(name)) return undefined;
      const data = await readFile(file(name)).catch(() => undefined);
      if (data) used.add(name);
      return data;
    },
    async put(key, data) {
      const name = nameOf(key);
      used.add(name);
      if (!writing.has(name))
        writing.set(
          name,
          writeFileAtomic(file(name), data).then(() => void stored.add(name)),
        );
      await writing.get(name);
    },
  };
}

export interface BuildCache extends OutputCache {
  /** Writes the manifest and drops the cached images no output uses any more. */
  save(): Promise<void>;
}

export async function openBuildCache(
  outDir: string,
  game: Game,
  settings: Settings,
  scope: DigestScope,
  force: boolean,
): Promise<BuildCache> {
  const manifest = force ? { format: FORMAT, outputs: {} } : await readManifest(outDir);
  const images = imageCache(path.join(outDir, IMAGE_CACHE_DIR), scope.codeStamp, force);
  const toRelative = (file: string) => path.relative(outDir, file).split(path.sep).join('/');
  const digests = new Map<string, string>();
  const digestOf = (generator: Generator) => {
    if (!digests.has(generator.id)) digests.set(generator.id, inputsDigest(game, settings, generator.reads, scope));
    return digests.get(generator.id)!;
  };
  return {
    images,
    async reuse(generator) {
      const record = manifest.outputs[generator.id];
      if (!record || record.inputs !== digestOf(generator)) return undefined;
      const files = Object.keys(record.files).map((f) => path.join(outDir, ...f.split('/')));
      const checks = await Promise.all(files.map((file, i) => intact(file, Object.values(record.files)[i])));
      return checks.every(Boolean) ? { files, diagnostics: record.diagnostics } : undefined;
    },
    async record(generator, files, diagnostics) {
      const records = await Promise.all(files.map(fileRecord));
      manifest.outputs[generator.id] = {
        inputs: digestOf(generator),
        files: Object.fromEntries(files.map((file, i) => [toRelative(file), records[i]])),
        diagnostics,
        images: [...images.used].sort(),
      };
      images.used.clear();
    },
    forget(generator) {
      delete manifest.outputs[generator.id];
      images.used.clear();
    },
    async save() {
      await writeFileIfChanged(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest)}\n`);
      const live = new Set(Object.values(manifest.outputs).flatMap((output) => output.images));
      const dir = path.join(outDir, IMAGE_CACHE_DIR);
      const stale = (await readdir(dir).catch(() => [] as string[])).filter((name) => !live.has(name.replace(/\.png$/, '')));
      await Promise.all(stale.map((name) => rm(path.join(dir, name), { force: true })));
    },
  };
}
