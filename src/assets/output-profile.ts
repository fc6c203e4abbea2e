/**
 * The I/O edge for the CMYK output profile (assets/icc/HexforgeCoatedFOGRA39.icc, zlib licence:
 * assets/icc/LICENSE) that PDFs carry as their PDF/X output intent. Read once per process.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readInstalled } from '../cli/installed-file';
import { packageRoot } from '../cli/package-root';

export const OUTPUT_PROFILE_FILE = path.join('assets', 'icc', 'HexforgeCoatedFOGRA39.icc');

let cached: Uint8Array | undefined;

/** Where the profile is on disk (the image library converts pictures to CMYK through it by path). */
export function outputProfilePath(): string {
  return path.join(packageRoot(), OUTPUT_PROFILE_FILE);
}

export function loadOutputProfile(): Uint8Array {
  if (!cached) {
    const file = outputProfilePath();
    cached = new Uint8Array(readInstalled(file, () => readFileSync(file)));
  }
  return cached;
}
