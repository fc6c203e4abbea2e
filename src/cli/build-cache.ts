/**
 * What makes `hexforge build` incremental, kept in the game's out folder:
 * - `.hexforge-build.json`, per output, the digest of what it read and the files it wrote (size,
 *   modification time, SHA-256) with the diagnostics it reported. An output whose inputs are
 *   unchanged and whose files are on disk as written is reused, its diagnostics reported again.
 * - `.cache/images.pack`, counter-face images by the digest of their drawing, so a module rebuilt
 *   after one unit changed draws that unit's faces only (their laid-out drawings are kept there
 *   too); `.cache/sheets.pack`, counter-sheet pages and each face's lines in them the same way, so
 *   counters.pdf draws only the faces that changed, on the sheets they are on (drawing-pack.ts), and
 *   its fonts' subset programs by the glyphs they hold;
 *   `.cache/pieces.pack`, what the module's checks found of each piece definition, by its text, so
 *   a rebuilt module decodes only the pieces that changed.
 * A missing or unreadable manifest simply means a full build.
 *
 * The files of a build are written beside their place and put in place together when it saves: a
 * build that fails part way (a full disk) changes no output, and the last build's stay as they were.
 */
import { createHash } from 'node:crypto';
import { readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics';
import type { Game } from '../model/game';
import type { Artifact, Generator, ImageCache } from '../pipeline/generator';
import { type DigestScope, inputsDigest, sha256 } from '../pipeline/inputs-digest';
import type { OutputCache } from '../pipeline/pipeline';
import type { Settings } from '../plan/paper';
import { type DrawingPack, openDrawingPack } from './drawing-pack';
import { fileHolds, OutputError, tempPathFor, writeFileAtomic, writeFileIfChanged } from './io';
import type { BuildReport } from './unchanged-build';
import { isStoredReport, reportOf, storedReport, type StoredReport } from './build-report';
import { isFileSpan, spanBlocks, SPAN_BLOCK_BYTES, type ArchivePiece } from '../file-span';

export const MANIFEST_FILE = '.hexforge-build.json';
/** Present in an out folder while a build writes it (or after a build that was killed or failed). */
export const INCOMPLETE_MARKER = 'BUILD-INCOMPLETE.txt';
export const IMAGE_CACHE_FILE = path.join('.cache', 'images.pack');
export const SHEET_CACHE_FILE = path.join('.cache', 'sheets.pack');
export const PIECE_CACHE_FILE = path.join('.cache', 'pieces.pack');
/** Each store kept between builds. */
const STORES = [IMAGE_CACHE_FILE, SHEET_CACHE_FILE, PIECE_CACHE_FILE] as const;
/** Where earlier versions kept the drawings, one file each: removed by the next build. */
const FORMER_STORES = [path.join('.cache', 'images'), path.join('.cache', 'sheets')];
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
  /** The cached entries it made or read (names in the .cache/*.pack stores): kept while an output uses them. */
  images: string[];
}

interface Manifest {
  format: number;
  outputs: Record<string, OutputRecord>;
  /** What the last build that succeeded printed, by the digest of its sources (unchanged-build.ts; build-report.ts). */
  report?: StoredReport;
  /** The data files that passed their schema in the last build (schema-verdicts.ts). */
  schemaPasses?: string[];
}

/** A manifest as read, with the size and time its file had then. */
interface ReadManifest {
  file: string;
  size: number;
  mtimeMs: number;
  manifest: Manifest;
}

/**
 * The manifest unchangedBuild read, for the build that goes on when it finds something changed:
 * openBuildCache takes it, while its file is as it was, instead of parsing the file again (megabytes
 * of diagnostics on a big game). Taken once: the build that takes it changes it.
 */
let readAhead: ReadManifest | undefined;

/** The previous build's manifest, or an empty one when it is missing, corrupt or of another format. */
async function readManifest(outDir: string): Promise<Manifest> {
  return (await readManifestFile(outDir))?.manifest ?? { format: FORMAT, outputs: {} };
}

/** The manifest that unchangedBuild read, while its file is unchanged; else read now. */
async function takeManifest(outDir: string): Promise<Manifest> {
  const ahead = readAhead;
  readAhead = undefined;
  if (ahead?.file === path.join(outDir, MANIFEST_FILE)) {
    const now = await stat(ahead.file).catch(() => undefined);
    if (now?.size === ahead.size && now.mtimeMs === ahead.mtimeMs) return ahead.manifest;
  }
  return readManifest(outDir);
}

async function readManifestFile(outDir: string): Promise<ReadManifest | undefined> {
  try {
    const file = path.join(outDir, MANIFEST_FILE);
    const before = await stat(file);
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Manifest;
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
      ) &&
      (parsed.report === undefined || isStoredReport(parsed.report));
    return valid ? { file, size: before.size, mtimeMs: before.mtimeMs, manifest: parsed } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a file is on disk as recorded: same size and time, or (touched) the same bytes. */
async function intact(file: string, record: FileRecord): Promise<boolean> {
  const stats = await stat(file).catch(() => undefined);
  if (!stats?.isFile() || stats.size !== record.size) return false;
  if (stats.mtimeMs === record.mtimeMs) return true;
  return sha256(await readFile(file)) === record.sha256;
}

/** The SHA-256 and length of bytes given whole or in pieces (strings as UTF-8, as they are written). */
/** Pieces made as they are read (Artifact.data): they can be read only once. */
function isStream(data: Artifact['data']): data is Iterable<ArchivePiece> {
  return typeof data !== 'string' && !(data instanceof Uint8Array) && !Array.isArray(data);
}

/**
 * Writes pieces made as they are read, hashing them on the way: they are never all in memory, so
 * the file is written whether or not it held them already.
 */
async function writeStream(file: string, pieces: Iterable<ArchivePiece>, stage: Stage): Promise<FileRecord> {
  const hash = createHash('sha256');
  let size = 0;
  let block: Uint8Array | undefined;
  function* hashed(): IterableIterator<ArchivePiece> {
    for (const piece of pieces) {
      if (isFileSpan(piece)) for (const bytes of spanBlocks(piece, (block ??= new Uint8Array(SPAN_BLOCK_BYTES)))) hash.update(bytes);
      else hash.update(piece);
      size += piece.byteLength;
      yield piece;
    }
  }
  const stats = await stat(await stage(file, hashed()));
  return { size, mtimeMs: stats.mtimeMs, sha256: hash.digest('hex') };
}

function digestOfData(data: string | Uint8Array | readonly Uint8Array[]): { sha256: string; size: number } {
  const hash = createHash('sha256');
  let size = 0;
  for (const piece of typeof data === 'string' ? [Buffer.from(data)] : Array.isArray(data) ? data : [data as Uint8Array]) {
    hash.update(piece);
    size += piece.byteLength;
  }
  return { sha256: hash.digest('hex'), size };
}

async function fileRecord(file: string): Promise<FileRecord> {
  const [stats, bytes] = await Promise.all([stat(file), readFile(file)]);
  return { size: stats.size, mtimeMs: stats.mtimeMs, sha256: sha256(bytes) };
}

/**
 * Drawings in `pack` by key (scoped to the running code). `used` collects the names the running
 * output reads or writes.
 */
function drawingCache(pack: DrawingPack, codeStamp: string, used: Set<string>): ImageCache {
  const nameOf = (key: string) => sha256(`${codeStamp}\n${key}`);
  const getNow = (key: string) => {
    const name = nameOf(key);
    const data = pack.getNow(name);
    if (data) used.add(name);
    return data;
  };
  return {
    async get(key) {
      return getNow(key);
    },
    getNow,
    async put(key, data) {
      const name = nameOf(key);
      used.add(name);
      pack.put(name, data);
    },
    async keep(key) {
      const name = nameOf(key);
      if (pack.has(name)) used.add(name);
    },
  };
}

/** Writes an output's file beside its place (until the build saves); returns where. */
type Stage = (file: string, data: string | Uint8Array | Iterable<ArchivePiece>) => Promise<string>;

/**
 * The files of a build not yet in place, by their place (written beside it under a temporary name),
 * and the removals of files outputs no longer make, done once they are in place.
 */
class StagedFiles {
  private readonly staged = new Map<string, string>();
  readonly drops: Array<() => Promise<void>> = [];
  /** Whether putting them in place began: the folder then no longer holds only the last build's outputs. */
  private began = false;

  readonly stage: Stage = async (file, data) => {
    const temp = this.staged.get(file) ?? tempPathFor(file);
    await writeFileAtomic(temp, data).catch((error: unknown) => {
      // Named as the output it is, not by its temporary name.
      throw error instanceof OutputError ? new OutputError(file, error.failure) : error;
    });
    this.staged.set(file, temp);
    return temp;
  };

  current(file: string): string {
    return this.staged.get(file) ?? file;
  }

  /** Renames each file into its place (in path order), then removes the files no output makes now. */
  async putInPlace(): Promise<void> {
    this.began = true;
    for (const [file, temp] of [...this.staged].sort(([a], [b]) => a.localeCompare(b))) {
      await rename(temp, file).catch((error: unknown) => {
        throw new OutputError(file, error);
      });
      this.staged.delete(file);
    }
    for (const drop of this.drops.splice(0)) await drop();
  }

  /** Removes the files not put in place; whether the folder is as the build found it. */
  async discard(): Promise<boolean> {
    for (const temp of this.staged.values()) await rm(temp, { force: true }).catch(() => undefined);
    this.staged.clear();
    this.drops.length = 0;
    return !this.began;
  }
}

export interface BuildCache extends OutputCache {
  /**
   * Writes one file of an output unless it holds these bytes already, hashing them as they are in
   * memory: a file the last build wrote with the same digest, and untouched since, is not read back.
   */
  writeFile(file: string, data: Artifact['data']): Promise<void>;
  /** Keeps what this build printed, for a rebuild with unchanged sources to print again. */
  setReport(report: BuildReport): void;
  /** Keeps the schema verdicts of this build's validation, for the next build to reuse. */
  setSchemaPasses(passes: string[]): void;
  /** Where an output's file is to be read now: beside its place while this build has not saved. */
  current(file: string): string;
  /** Puts this build's files in place, writes the manifest and drops the cached images no output uses any more. */
  save(): Promise<void>;
  /**
   * Removes the files this build wrote and has not put in place: a build that failed before saving
   * changes no output. Whether the folder is as the build found it (false once `save` began).
   */
  abandon(): Promise<boolean>;
}

/**
 * Deletes the files the output's previous build wrote and this one did not (a scenario removed, a
 * card no longer made): only files the manifest recorded as the output's own, never anything else.
 * A folder left empty by it goes too.
 */
async function removeDropped(outDir: string, previous: OutputRecord | undefined, written: Record<string, FileRecord>): Promise<void> {
  const dropped = Object.keys(previous?.files ?? {}).filter((file) => !(file in written));
  for (const file of dropped) {
    const absolute = path.join(outDir, ...file.split('/'));
    await rm(absolute, { force: true });
    const folder = path.dirname(absolute);
    if (folder !== outDir) await rmdir(folder).catch(() => undefined);
  }
}

/** Whether every file `record` lists is on disk as written. */
async function filesIntact(outDir: string, record: OutputRecord): Promise<boolean> {
  const checks = await Promise.all(
    Object.entries(record.files).map(([file, written]) => intact(path.join(outDir, ...file.split('/')), written)),
  );
  return checks.every(Boolean);
}

/**
 * The report of the last build when its sources key is `key` and every output of `outputs` is on
 * disk as it wrote it: a build of the same sources would change nothing.
 */
export async function unchangedBuild(outDir: string, key: string, outputs: readonly string[]): Promise<BuildReport | undefined> {
  const read = await readManifestFile(outDir);
  readAhead = read;
  const manifest = read?.manifest;
  if (!manifest || manifest.report?.key !== key) return undefined;
  const records = outputs.map((id) => manifest.outputs[id]);
  if (records.some((record) => record === undefined)) return undefined;
  const intactAll = await Promise.all(records.map((record) => filesIntact(outDir, record)));
  return intactAll.every(Boolean) ? reportOf(manifest.report, (output) => manifest.outputs[output]?.diagnostics) : undefined;
}

/** Whether unchangedBuild found the manifest of an earlier build in the out folder: this build is a rebuild. */
export function foundEarlierBuild(): boolean {
  return readAhead !== undefined;
}

/**
 * The schema verdicts of the last build of the out folder unchangedBuild read (none when it read
 * none). Digests of a file's text under the running code, so they hold whichever game they came from.
 */
export function previousSchemaPasses(): readonly string[] {
  return readAhead?.manifest.schemaPasses ?? [];
}

/**
 * Writes an output's bytes unless the file is, as recorded, those bytes already; returns its record.
 * A file of another length, or as the last build wrote it with other bytes, differs: written without
 * reading it back (a module or a PDF is megabytes). Otherwise its bytes decide.
 */
async function writeKnownFile(
  file: string,
  data: Uint8Array | string,
  previous: FileRecord | undefined,
  stage: Stage,
): Promise<FileRecord> {
  const { sha256: digest, size } = digestOfData(data);
  const before = await stat(file).catch(() => undefined);
  const asRecorded = before?.isFile() && before.size === previous?.size && before.mtimeMs === previous.mtimeMs;
  let stats = before;
  if (!(asRecorded && previous?.sha256 === digest)) {
    const differs = before?.isFile() && (before.size !== size || asRecorded);
    if (differs || !(await fileHolds(file, data))) stats = await stat(await stage(file, data));
  }
  return { size, mtimeMs: stats!.mtimeMs, sha256: digest };
}

/** Saves each store with the drawings an output still uses, and removes the stores of earlier versions. */
async function saveStores(outDir: string, packs: readonly DrawingPack[], manifest: Manifest): Promise<void> {
  const live = new Set(Object.values(manifest.outputs).flatMap((output) => output.images));
  for (const pack of packs) {
    const names = await pack.names();
    await pack.save(new Set([...live].filter((name) => names.has(name))));
  }
  for (const dir of FORMER_STORES) await rm(path.join(outDir, dir), { recursive: true, force: true });
}

export async function openBuildCache(
  outDir: string,
  game: Game,
  settings: Settings,
  scope: DigestScope,
  force: boolean,
): Promise<BuildCache> {
  const manifest: Manifest = force ? { format: FORMAT, outputs: {} } : await takeManifest(outDir);
  // Kept only by a build that succeeds (setReport).
  delete manifest.report;
  const used = new Set<string>();
  const packs = STORES.map((file) => openDrawingPack(path.join(outDir, file), force));
  const [images, sheets, pieces] = packs.map((pack) => drawingCache(pack, scope.codeStamp, used));
  const toRelative = (file: string) => path.relative(outDir, file).split(path.sep).join('/');
  const previousFiles = new Map(Object.values(manifest.outputs).flatMap((output) => Object.entries(output.files)));
  const writtenFiles = new Map<string, FileRecord>();
  const digests = new Map<string, string>();
  const staged = new StagedFiles();
  /** The outputs of this build, in build order: the order their problems are reported in. */
  const built: string[] = [];
  const digestOf = (generator: Generator) => {
    // The kept files it reads decide its output as the code does.
    const kept = generator.keptFiles ? { ...scope, codeStamp: `${scope.codeStamp} ${sha256(JSON.stringify(generator.keptFiles))}` } : scope;
    if (!digests.has(generator.id)) digests.set(generator.id, inputsDigest(game, settings, generator.reads, kept));
    return digests.get(generator.id)!;
  };
  return {
    images,
    sheets,
    pieces,
    async reuse(generator) {
      built.push(generator.id);
      const record = manifest.outputs[generator.id];
      if (!record || record.inputs !== digestOf(generator)) return undefined;
      const files = Object.keys(record.files).map((f) => path.join(outDir, ...f.split('/')));
      return (await filesIntact(outDir, record)) ? { files, diagnostics: record.diagnostics } : undefined;
    },
    async writeFile(file, data) {
      const relative = toRelative(file);
      const previous = previousFiles.get(relative);
      writtenFiles.set(
        relative,
        await (isStream(data) ? writeStream(file, data, staged.stage) : writeKnownFile(file, data, previous, staged.stage)),
      );
    },
    async record(generator, files, diagnostics) {
      const records = await Promise.all(files.map((file) => writtenFiles.get(toRelative(file)) ?? fileRecord(staged.current(file))));
      for (const file of files) writtenFiles.delete(toRelative(file));
      const written = Object.fromEntries(files.map((file, i) => [toRelative(file), records[i]]));
      staged.drops.push(removeDropped.bind(undefined, outDir, manifest.outputs[generator.id], written));
      manifest.outputs[generator.id] = {
        inputs: digestOf(generator),
        files: written,
        diagnostics,
        images: [...used].sort(),
      };
      used.clear();
    },
    setReport(report) {
      const unplaced = built.flatMap((id) => manifest.outputs[id]?.diagnostics ?? []);
      manifest.report = storedReport(report, built, unplaced);
    },
    setSchemaPasses(passes) {
      manifest.schemaPasses = passes;
    },
    forget(generator) {
      // Its files stay ours (a later build that drops them deletes them), never reused as they are.
      const record = manifest.outputs[generator.id];
      if (record) manifest.outputs[generator.id] = { ...record, inputs: '', images: [] };
      used.clear();
    },
    current: (file) => staged.current(file),
    async save() {
      await staged.putInPlace();
      await writeFileIfChanged(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest)}\n`);
      await saveStores(outDir, packs, manifest);
    },
    async abandon() {
      for (const pack of packs) pack.discard();
      return staged.discard();
    },
  };
}
