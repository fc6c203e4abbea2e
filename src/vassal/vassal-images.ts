/**
 * Which pictures a module names that VASSAL would fail to find. VASSAL looks a picture up as
 * `images/<name>` (DataArchive.getInputStream, 3.7.26): in the module, then in its extensions, then
 * the same name in NFD form, then among the resources of its own jar (`/images/<name>`), then the
 * name with ".gif" added in the module and in the jar. So a module that names moved.gif or
 * Splash.png without holding them shows VASSAL's own pictures: those are not missing. Pure.
 */
import { IMAGES_DIR, referencedImages, type ReadModule } from './reader/module';

/** The pictures under images/ in VASSAL 3.7.26's own jar (vassal-app/src/main/resources/images). */
export const VASSAL_JAR_IMAGES: ReadonlySet<string> = new Set([
  'Edit16.gif',
  'Help16.gif',
  'Save16.gif',
  'SaveAs16.gif',
  'Splash.gif',
  'Splash.png',
  'StepForward16.gif',
  'Undo16.gif',
  'VASSAL-256x256.png',
  'black.jpg',
  'camera.gif',
  'chart.gif',
  'chess_clock.png',
  'connect.gif',
  'counter.gif',
  'die.gif',
  'disconnect.gif',
  'getMessages.gif',
  'globe_selected.gif',
  'globe_unselected.gif',
  'inventory.gif',
  'keyCommand.gif',
  'lockedRoom.gif',
  'map.gif',
  'mm-extension-active.png',
  'mm-extension-inactive.png',
  'mm-file.png',
  'mm-gamefolder-closed.png',
  'mm-gamefolder-open.png',
  'mm-module.png',
  'moved.gif',
  'notes.gif',
  'overview.gif',
  'playerAway.gif',
  'playerLooking.gif',
  'postMessage.gif',
  'recenter.gif',
  'status.gif',
  'thread.gif',
  'unmoved.gif',
  'zoom.png',
  'zoomIn.gif',
  'zoomIn.png',
  'zoomOut.gif',
  'zoomOut.png',
]);

/** Whether VASSAL finds the picture `name`, the module holding the pictures `held` (names under images/). */
export function vassalFindsImage(name: string, held: ReadonlySet<string>): boolean {
  if (held.has(name) || held.has(name.normalize('NFD')) || VASSAL_JAR_IMAGES.has(name)) return true;
  return held.has(`${name}.gif`) || VASSAL_JAR_IMAGES.has(`${name}.gif`);
}

/** The pictures the module names that neither it nor VASSAL holds, in referencedImages' order. */
export function imagesVassalLacks(module: Pick<ReadModule, 'root' | 'definitions' | 'files'>): string[] {
  const held = new Set<string>();
  for (const entry of module.files.keys()) if (entry.startsWith(IMAGES_DIR)) held.add(entry.slice(IMAGES_DIR.length));
  return referencedImages(module).filter((name) => !vassalFindsImage(name, held));
}
