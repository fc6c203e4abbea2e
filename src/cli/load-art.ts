/**
 * Reads the pictures a game names — face art in units.csv and counters.json markers (`image`, `backImage`), the map picture
 * in map.json (`image.file`), its boards' (`boards[].image`) and its buttons' icons (`buttons[].icon`) — from the game folder: the edge where image files come in, once per load. Each image is checked for what printing needs (present, a
 * PNG, JPEG or GIF, within the size limit) and reported at its units.csv cell otherwise.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics';
import { imageHeader, MAX_ART_BYTES, MAX_IMAGE_PIXELS } from '../data/image-header';
import { loadSharp } from '../render/load-sharp';
import type { ArtImage, Game } from '../model/game';
import { buttonPictures } from '../vassal/module/buttons';
import { maskPictures, picturesOfMask } from '../vassal/module/masks';

/** Who names a picture: a unit's column, or the map. */
interface ArtUse {
  /** `unit "b1": image`, `map.json image`. */
  what: string;
  /** Reference placed at the data line (src/data/place-diagnostics.ts). */
  pointer: string;
}

function artError(use: ArtUse, code: string, message: string, hint: string): Diagnostic {
  return { code, severity: 'error', message: `${use.what} ${message}`, hint, pointer: use.pointer };
}

async function readArt(dir: string, file: string, use: ArtUse): Promise<ArtImage | Diagnostic> {
  const full = path.join(dir, file);
  const size = await stat(full).then(
    (s) => (s.isFile() ? s.size : -1),
    () => undefined,
  );
  if (size === undefined || size < 0)
    return artError(
      use,
      'art/image-missing',
      `"${file}" is not a file in ${dir}`,
      `put the image there, or correct the path (relative to the game folder)`,
    );
  if (size > MAX_ART_BYTES)
    return artError(
      use,
      'art/image-too-large',
      `"${file}" is ${(size / 2 ** 20).toFixed(1)} MiB (limit ${MAX_ART_BYTES / 2 ** 20} MiB)`,
      'scale the image down, or save it as JPEG',
    );
  const data = new Uint8Array(await readFile(full));
  const header = imageHeader(data);
  if (!header) return artError(use, 'art/image-unreadable', `"${file}" is not a PNG, JPEG or GIF image`, 'save the picture as PNG or JPEG');
  if (header.width * header.height > MAX_IMAGE_PIXELS)
    return artError(
      use,
      'art/image-too-large',
      `"${file}" is ${header.width.toLocaleString('en')} × ${header.height.toLocaleString('en')} px (limit ${MAX_IMAGE_PIXELS.toLocaleString('en')} px, 16383 × 16383)`,
      'scale the picture down; if it is not that large, its header is damaged: save it again',
    );
  const sha256 = createHash('sha256').update(data).digest('hex');
  if (header.format !== 'gif') return { path: file, sha256, ...header, data };
  // Faces and maps are drawn through SVG by librsvg, which shows no GIF: the picture is held as a
  // PNG of the same pixels (its first frame), named and hashed as the file is.
  const sharp = await loadSharp();
  const png = await sharp(data)
    .png()
    .toBuffer()
    .catch(() => undefined);
  if (!png)
    return artError(
      use,
      'art/image-unreadable',
      `"${file}" has a GIF header but no picture a decoder can read`,
      'save the picture again as PNG',
    );
  return { path: file, sha256, ...header, format: 'png', data: new Uint8Array(png) };
}

/** Something that may name face art: a unit (units.csv) or a marker (counters.json). */
interface FaceArtNamer {
  id: string;
  image?: string;
  backImage?: string;
}

/** Every picture the game names, with who names it (the first use of each file). */
function artUses(game: Game): Map<string, ArtUse> {
  const uses = new Map<string, ArtUse>();
  const image = game.map.image;
  if (image) uses.set(image.file, { what: 'map.json image', pointer: 'map.json/image/file' });
  (game.map.boards ?? []).forEach((board, i) => {
    if (board.image !== undefined && !uses.has(board.image))
      uses.set(board.image, { what: `map.json board "${board.name}" image`, pointer: `map.json/boards/${i}/image` });
  });
  const pictures = buttonPictures(game);
  (game.map.buttons ?? []).forEach((button, i) => {
    const owner =
      button.map !== undefined
        ? `map "${button.map}"`
        : button.component !== undefined
          ? `the ${button.component} component`
          : button.die !== undefined
            ? `die "${button.die}"`
            : `chart window "${button.window}"`;
    for (const field of ['icon', 'hiddenIcon'] as const) {
      const icon = button[field];
      if (icon !== undefined && pictures.includes(icon) && !uses.has(icon))
        uses.set(icon, { what: `map.json button of ${owner} ${field}`, pointer: `map.json/buttons/${i}/${field}` });
    }
  });
  const faceArt = (kind: string, namers: readonly FaceArtNamer[], at: (id: string) => string) => {
    for (const namer of namers)
      for (const column of ['image', 'backImage'] as const) {
        const file = namer[column];
        if (file !== undefined && !uses.has(file))
          uses.set(file, { what: `${kind} "${namer.id}" ${column}`, pointer: `${at(namer.id)}/${column}` });
      }
  };
  for (const s of game.scenarios)
    for (const [marker, mask] of Object.entries(s.vassal?.masks ?? {}))
      for (const file of picturesOfMask(mask))
        if (!uses.has(file))
          uses.set(file, {
            what: `scenario "${s.id}" mask of "${marker}"`,
            pointer: `scenarios.json/scenarios/${s.id}/vassal/masks/${marker}`,
          });
  faceArt('unit', game.units, (id) => `units.csv/${id}`);
  faceArt('marker', game.counters.markers ?? [], (id) => `counters.json/markers/${id}`);
  return uses;
}

/** Whether the game names any picture to read. */
export function namesArt(game: Game): boolean {
  const hasArt = (c: FaceArtNamer) => c.image !== undefined || c.backImage !== undefined;
  const boardArt =
    (game.map.boards ?? []).some((b) => b.image !== undefined) || buttonPictures(game).length > 0 || maskPictures(game).length > 0;
  return game.map.image !== undefined || boardArt || game.units.some(hasArt) || (game.counters.markers ?? []).some(hasArt);
}

/** The pictures the game names, by path; problems as diagnostics where they are named. */
export async function loadArt(dir: string, game: Game): Promise<{ art: Record<string, ArtImage>; diagnostics: Diagnostic[] }> {
  const art: Record<string, ArtImage> = {};
  const diagnostics: Diagnostic[] = [];
  for (const [file, use] of artUses(game)) {
    const read = await readArt(dir, file, use);
    if ('code' in read) diagnostics.push(read);
    else art[file] = read;
  }
  return { art, diagnostics };
}
