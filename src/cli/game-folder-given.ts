/**
 * `import` or `roundtrip` given a game folder instead of a module: the reader finds no buildFile;
 * the folder holds game.json, so the user most likely wants the module built from it. Says so.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics';
import { FILE_NAMES } from '../data/game-files';
import { shownPath } from './io';

/** `diagnostics` with vassal/no-buildfile of a game folder `target` replaced by what it is and what to run. */
export function gameFolderNotModule(target: string, diagnostics: Diagnostic[], command: 'import' | 'roundtrip'): Diagnostic[] {
  if (!existsSync(path.join(target, FILE_NAMES.game))) return diagnostics;
  const build = `hexforge build ${shownPath(target)} --only vassal`;
  return diagnostics.map((d) =>
    d.code === 'vassal/no-buildfile'
      ? {
          ...d,
          code: 'import/game-folder',
          message: `a game folder (it holds ${FILE_NAMES.game}), not a VASSAL module`,
          hint:
            command === 'import'
              ? `a game folder needs no import; to make its module, run \`${build}\``
              : `roundtrip reads a module; build this game's with \`${build}\`, then roundtrip the .vmod it writes`,
        }
      : d,
  );
}
