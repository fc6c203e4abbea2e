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
import { type ModuleArt, allImages, imagesHash } from './art';
import { type BuiltModule, buildModule } from './build-file';
import { type CheckedPieces, checkModule } from './checks';
import { moduleDataXml } from './metadata';
import { BUILDFILE_ENTRY, IMAGES_DIR, MODULEDATA_ENTRY } from './names';
import { savedGameArchive, savedGameCommands } from './saved-game';
import { serializeXml } from './xml-writer';
import { type ZipEntry, zipParts } from './zip';

export { BUILDFILE_ENTRY, IMAGES_DIR, MODULEDATA_ENTRY };

export interface VmodResult {
  /** The archive, absent when a check failed (joined from `parts` when first read). */
  vmod?: Uint8Array;
  /** The archive as the pieces that follow each other in it (zipParts), absent when a check failed. */
  parts?: Uint8Array[];
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
}

export async function writeVmod(game: Game, art: ModuleArt, options: VmodOptions): Promise<VmodResult> {
  const images = allImages(art);
  const version = `1.0-${imagesHash(images)}`;
  const module = buildModule(game, art, { version, epoch: options.epoch, plan: options.plan });
  const xml = serializeXml(module.buildFile);
  const saves = new Map(module.setups.map((s) => [s.path, savedGameCommands(s.save)]));
  const imagePaths = new Set(images.map((i) => i.path));
  const diagnostics = [
    ...module.diagnostics,
    ...(await checkModule(
      {
        buildFile: module.buildFile,
        xml,
        images: imagePaths,
        entries: new Set(saves.keys()),
        saves,
        absentSaves: new Set(module.absentSaves),
      },
      options.checkedPieces,
    )),
  ];
  if (hasErrors(diagnostics)) return { module, xml, diagnostics };

  const entries: ZipEntry[] = [
    { path: BUILDFILE_ENTRY, data: xml },
    { path: MODULEDATA_ENTRY, data: moduleDataXml(module.identity) },
    ...images.map((i) => ({ path: IMAGES_DIR + i.path, data: i.data })),
    ...module.pages.map((p) => ({ path: p.path, data: p.text })),
  ];
  for (const setup of module.setups) {
    entries.push({
      path: setup.path,
      data: await savedGameArchive(saves.get(setup.path)!, module.identity, setup.description || setup.name, options.epoch),
    });
  }
  return archiveResult(zipParts(entries, options.epoch), { module, xml, diagnostics });
}

/** The result with the archive's pieces, joined into `vmod` only if someone reads it. */
function archiveResult(parts: Uint8Array[], rest: Omit<VmodResult, 'vmod' | 'parts'>): VmodResult {
  let joined: Uint8Array | undefined;
  return {
    ...rest,
    parts,
    get vmod() {
      return (joined ??= Buffer.concat(parts));
    },
    set vmod(value) {
      joined = value;
    },
  };
}
