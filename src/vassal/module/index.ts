/**
 * VASSAL module writer: public API.
 *
 *   writeVmod(game, art, { epoch, plan })    → { vmod?, module, xml, diagnostics }   checked .vmod bytes
 *   buildModule(game, art, options)          → the buildFile XmlElement tree, setups, slots
 *   serializeXml(tree) / parseXml(text)      XmlElement ⇄ XML text (VASSAL layout; no CDATA)
 *   writeZip(entries, epoch)                 reproducible ZIP (sorted, fixed time, images stored)
 *   savedGameCommands / savedGameArchive     .vsav command string and archive
 *   checkModule(contents)                    the pre-write checks, reusable on any module
 *   vassalGenerator                          the `vassal` build generator
 */
export { type FaceImages, type ModuleArt, type ModuleImage, allImages, imagesHash } from './art';
export { type BuiltModule, type ModuleSetup, buildModule, moduleHoldingLayout } from './build-file';
export { type ModuleContents, REQUIRED_MAP_COMPONENTS, checkModule } from './checks';
export { parseXml } from './xml-reader';
export { type ArtSources, type ChartPng, type CounterArt, type CounterFacePngs, type FacePngs, collectArt } from './collect-art';
export { P as VASSAL_PACKAGE, el } from './components';
export { vassalGenerator, vassalGeneratorUsing } from './generator';
export { type ModuleIdentity, moduleDataXml, saveDataXml } from './metadata';
export * from './names';
export {
  COMMAND_SEPARATOR,
  SETUP_STACK_RESTORE,
  type SavedGame,
  type SavedStack,
  placePiece,
  savedGameArchive,
  savedGameCommands,
} from './saved-game';
export { BUILDFILE_ENTRY, IMAGES_DIR, MODULEDATA_ENTRY, type VmodResult, writeVmod } from './vmod';
export { XML_DECLARATION, escapeAttribute, escapeText, serializeXml } from './xml-writer';
export { type ZipEntry, dosDateTime, writeZip } from './zip';
