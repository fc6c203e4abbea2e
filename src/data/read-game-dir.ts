/** The I/O edge of loading: reads a game folder's data files into GameSources. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics';
import type { GameSources } from './parse-game';
import { FILE_NAMES, isReadByGameDir } from './game-files';
import { packedTextFile } from './packed-text';
import { readInputText } from './read-input-file';
import { FILE_KINDS } from './schemas';
import { SCENARIO_PARTS_DIR, isScenarioPartName } from './scenario-parts';


export async function readGameDir(dir: string): Promise<{ sources?: GameSources; diagnostics: Diagnostic[] }> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      diagnostics: [
        {
          code: 'file/no-game-dir',
          severity: 'error',
          message:
            code === 'ENOTDIR'
              ? `${dir} is a file, not a game folder`
              : code === 'ENOENT'
                ? `there is no folder ${dir}`
                : `cannot read game folder ${dir} (${code ?? 'error'})`,
          hint: isModuleName(dir)
            ? `a VASSAL module is read into a game folder first: hexforge import ${dir} --out <folder>`
            : 'pass a folder holding game.json, map.json, terrain.json, units.csv and tracks.json',
          file: dir,
        },
      ],
    };
  }
  const diagnostics: Diagnostic[] = [];
  const sources: GameSources = { dir, files: {} };
  const known = new Map(FILE_KINDS.map((k) => [FILE_NAMES[k], k]));
  for (const name of names.sort()) {
    const kind = known.get(name);
    const file = path.join(dir, name);
    if (kind) {
      const read = await readInputText(file);
      if (read.text !== undefined) sources.files[kind] = { file, text: read.text };
      else {
        diagnostics.push(...read.diagnostics);
        // Present but unreadable: not also "missing".
        sources.unreadable = [...(sources.unreadable ?? []), kind];
      }
    } else if (isReadByGameDir(name)) {
      diagnostics.push({
        code: 'file/unknown',
        severity: 'warning',
        message: `${name} is not a Hexforge data file and is ignored`,
        hint: `data files are ${Object.values(FILE_NAMES).join(', ')}`,
        file,
      });
    }
  }
  if (names.includes(SCENARIO_PARTS_DIR)) await readScenarioParts(path.join(dir, SCENARIO_PARTS_DIR), sources, diagnostics);
  return { sources, diagnostics };
}

/** A VASSAL module or extension by its name, where a game folder was expected. */
const isModuleName = (file: string): boolean => /\.(vmod|vmdx)$/i.test(file);

/**
 * scenarios/*.json, in name order (./scenario-parts.ts); an unreadable one makes the scenarios
 * unreadable. Each text is kept deflated (./packed-text.ts): the parts are parsed one at a time,
 * so only one part's text is whole at once.
 */
async function readScenarioParts(folder: string, sources: GameSources, diagnostics: Diagnostic[]): Promise<void> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter(isScenarioPartName).sort();
  } catch {
    return; // a file named "scenarios": not a folder of scenarios, and not a data file either
  }
  const parts: { file: string; text: string }[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    const read = await readInputText(file);
    if (read.text !== undefined) parts.push(packedTextFile(file, read.text));
    else {
      diagnostics.push(...read.diagnostics);
      sources.unreadable = [...(sources.unreadable ?? []), 'scenarios'];
    }
  }
  if (parts.length > 0) sources.scenarioParts = parts;
}
