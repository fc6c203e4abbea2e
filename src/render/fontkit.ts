/**
 * @pdf-lib/fontkit, required on first use. Its package ships CommonJS without a "type" field, so
 * an ESM import makes Node parse the whole 1.5 MB bundle once more only to detect its format (about
 * 0.3 s of CPU on every start); required, it is parsed once, and only by a command that lays out text.
 * The built CLI requires its own copy instead, which decodes fontkit's WOFF2 dictionary only when
 * read (scripts/deferred-package-data.ts).
 */
import { createRequire } from 'node:module';
import type Fontkit from '@pdf-lib/fontkit';

let loaded: typeof Fontkit | undefined;

export function loadFontkit(): typeof Fontkit {
  return (loaded ??= createRequire(import.meta.url)('@pdf-lib/fontkit') as typeof Fontkit);
}
