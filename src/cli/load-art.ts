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
import { type ArtUse, type FaceArtNamer, artUses } from '../data/art-uses';
import { buttonPictures } from '../vassal/module/buttons';
import { maskPictures } from '../vassal/module/masks';

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
