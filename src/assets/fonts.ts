/**
 * The I/O edge for the bundled fonts: reads DejaVu Sans Condensed from the dejavu-fonts-ttf
 * package once per process. Drawing code receives the FontSet; it never reads files itself.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readInstalled } from '../cli/installed-file';
import { FONT_FILES, type FontSet, fontSetFromBytes } from '../render/fonts';

let cached: FontSet | undefined;

/** Folder of the DejaVu TTF files, found through the package resolver (works from any cwd). */
export function fontDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/** Loads the two faces once per process. */
export function loadFonts(): FontSet {
  if (!cached) {
    const dir = fontDirectory();
    const read = (file: string) => new Uint8Array(readInstalled(path.join(dir, file), () => readFileSync(path.join(dir, file))));
    cached = fontSetFromBytes({ regular: read(FONT_FILES.regular), bold: read(FONT_FILES.bold) });
  }
  return cached;
}
