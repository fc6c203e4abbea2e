/**
 * The .vmod archive: buildFile.xml, moduledata, images/…, one .vsav per scenario. Everything is
 * checked first (checks.ts); on any error no bytes are produced.
 *
 *   writeVmod(game, art, { epoch, plan }) → { vmod?, module, diagnostics }
 */
import type { Diagnostic } from '../../diagnostics';
import { hasErrors } from '../../diagnostics';
import type { Game } from '../../model/game';
import type { CounterPlan } from '../../plan';
import { type ModuleArt, allImages, generatedModuleVersion, imagesHash } from './art';
import { type BuiltModule, type ModuleSetup, buildModule } from './build-file';
import { type CheckedPieces, type SaveSource, checkModule } from './checks';
import type { KeptUnitPieces } from './palette';
import { moduleDataXml } from './metadata';
import { BUILDFILE_ENTRY, IMAGES_DIR, MODULEDATA_ENTRY } from './names';
import { savedGameCommands, savedGameZip } from './saved-game';
import { serializeXml } from './xml-writer';
import { type DeferredZipEntry, crc32, isStoredUncompressed, storedEntry, zipStream } from './zip';
import { pieceBytes, type ArchivePiece } from '../../file-span';

export { BUILDFILE_ENTRY, IMAGES_DIR, MODULEDATA_ENTRY };

export interface VmodResult {
  /** The archive, absent when a check failed (joined from `parts` when first read). */
  vmod?: Uint8Array;
  /**
   * The archive as the pieces that follow each other in it, made as they are read (zipStream): read
   * once, by whoever writes the file. Absent when a check failed.
   */
  parts?: Iterable<ArchivePiece>;
  module: BuiltModule;
  /** The serialised buildFile.xml. */
  xml: string;
  diagnostics: Diagnostic[];
}

export interface VmodOptions {
  /** SOURCE_DATE_EPOCH seconds: entry timestamps and metadata dates. */
  epoch: number;
  /** The component plan's counters (the build's, or `planCounters(game)`). */
  plan: CounterPlan;
  /** Piece definitions earlier builds checked, so unchanged pieces are not decoded again. */
  checkedPieces?: CheckedPieces;
  /** Unit pieces earlier builds made, so unchanged units' pieces are not made again. */
  keptUnitPieces?: KeptUnitPieces;
  /** Bytes of packed saves held from their check to the archive (HELD_SAVE_BYTES when absent); the others are made again. */
  heldSaveBytes?: number;
}

export async function writeVmod(game: Game, art: ModuleArt, options: VmodOptions): Promise<VmodResult> {
  const images = allImages(art);
  const crcs = images.map((i) => crc32(i.data));
  // The data's own version (a module's, kept by its import); else one that changes with the images.
  const version = game.info.version ?? generatedModuleVersion(imagesHash(images, crcs));
  const module = buildModule(game, art, { version, epoch: options.epoch, plan: options.plan, keptUnitPieces: options.keptUnitPieces });
  const xml = serializeXml(module.buildFile);
  const saves = packedSaves(module, options.epoch, options.heldSaveBytes ?? HELD_SAVE_BYTES);
  const imagePaths = new Set(images.map((i) => i.path));
  const diagnostics = [
    ...module.diagnostics,
    ...(await checkModule(
      {
        buildFile: module.buildFile,
        xml,
        images: imagePaths,
        entries: new Set(module.setups.map((s) => s.path)),
        saves,
        absentSaves: new Set(module.absentSaves),
      },
      options.checkedPieces,
    )),
  ];
  if (hasErrors(diagnostics)) return { module, xml, diagnostics };

  const entries: DeferredZipEntry[] = [
    { path: BUILDFILE_ENTRY, data: xml },
    { path: MODULEDATA_ENTRY, data: moduleDataXml(module.identity) },
    ...images.map((i, n) => ({
      path: IMAGES_DIR + i.path,
      // A picture is stored as it is, with the CRC the version was made from; any other file is packed as usual.
      data: isStoredUncompressed(i.path) ? () => storedEntry(i.data, crcs[n]) : i.data,
    })),
    ...module.pages.map((p) => ({ path: p.path, data: p.text })),
    ...module.setups.map((setup) => ({ path: setup.path, data: () => saves.take(setup.path) })),
  ];
  return archiveResult(zipStream(entries, options.epoch), { module, xml, diagnostics });
}

/**
 * Packed saves held from their check until the archive takes them, at most: past it, a save is made
 * and packed again when the archive reaches it (189 packed saves of 10,000 pieces are 45 MB, all
 * alive at the end of the checks, while making one again costs less than checking it did).
 */
const HELD_SAVE_BYTES = 16 * 1024 * 1024;

/**
 * The setups' saved games for the checks, each made when they ask for it and packed into its .vsav
 * at once: the command text (megabytes for a save of thousands of pieces) is let go as soon as it is
 * checked, and only the packed save waits for the archive, which takes it in turn, while the packed
 * saves waiting fit `heldLimit`. Any other save is made when the archive reaches it.
 */
function packedSaves(module: BuiltModule, epoch: number, heldLimit: number): SaveSource & { take(file: string): Uint8Array } {
  const setups = new Map(module.setups.map((setup) => [setup.path, setup]));
  const packed = new Map<string, Uint8Array>();
  let heldBytes = 0;
  const pack = (setup: ModuleSetup, commands: string) => savedGameZip(commands, module.identity, setup.description || setup.name, epoch);
  return {
    get(file) {
      const setup = setups.get(file);
      if (!setup) return undefined;
      const commands = savedGameCommands(setup.save);
      if (heldBytes < heldLimit) {
        const bytes = pack(setup, commands);
        packed.set(file, bytes);
        heldBytes += bytes.byteLength;
      }
      return commands;
    },
    take(file) {
      const bytes = packed.get(file) ?? pack(setups.get(file)!, savedGameCommands(setups.get(file)!.save));
      packed.delete(file);
      return bytes;
    },
  };
}

/**
 * The result with the archive's pieces, made as they are read: the build writes them to the file as
 * they come, once. `vmod` joins them instead, for a caller that wants the bytes (read one or the other).
 */
function archiveResult(parts: Iterable<ArchivePiece>, rest: Omit<VmodResult, 'vmod' | 'parts'>): VmodResult {
  let joined: Uint8Array | undefined;
  let stream: Iterable<ArchivePiece> | undefined = parts;
  return {
    ...rest,
    get parts() {
      return joined ? [joined] : stream;
    },
    set parts(value) {
      stream = value;
      joined = undefined;
    },
    get vmod() {
      if (!joined && stream) joined = Buffer.concat([...stream].map(pieceBytes));
      return joined;
    },
    set vmod(value) {
      joined = value;
    },
  };
}
