/**
 * Scenarios over several files. A game's scenarios are those of scenarios.json followed by those
 * of each `scenarios/*.json` (file names in order), every file a scenarios file of its own (same
 * schema): a game with very many or very large setups keeps each file under the data-file limit.
 * The files are read as one list; a pointer into that list is placed in the file holding it.
 */
import type { ScenariosFile } from '../model/files';
import type { JsonSource } from './json-source';

/** The folder of the scenario files beyond scenarios.json. */
export const SCENARIO_PARTS_DIR = 'scenarios';

/** Whether a name inside SCENARIO_PARTS_DIR is a scenarios file. */
export const isScenarioPartName = (name: string): boolean => /^[^./][^/]*\.json$/i.test(name);

/** One scenarios file and where its scenarios start in the game's list. */
export interface ScenarioPart {
  source: JsonSource;
  first: number;
  count: number;
}

/** The scenarios of all files, in order; the notes are the first file's. */
export function mergeScenarioParts(values: readonly ScenariosFile[]): ScenariosFile {
  if (values.length === 1) return values[0];
  return { ...values[0], scenarios: values.flatMap((v) => v.scenarios) };
}

/** The parts, each with the index of its first scenario in the merged list. */
export function scenarioParts(sources: readonly JsonSource[]): ScenarioPart[] {
  const parts: ScenarioPart[] = [];
  let first = 0;
  for (const source of sources) {
    const list = (source.value as { scenarios?: unknown } | null)?.scenarios;
    const count = Array.isArray(list) ? list.length : 0;
    parts.push({ source, first, count });
    first += count;
  }
  return parts;
}

/**
 * The file holding `pointer` (into the merged list: `/scenarios/<i>/…`) and the pointer inside
 * that file. A pointer naming no scenario is placed in the first file.
 */
export function partOfPointer(parts: readonly ScenarioPart[], pointer: string): { source: JsonSource; pointer: string } {
  const match = /^\/scenarios\/(\d+)(.*)$/.exec(pointer);
  if (!match || parts.length === 1) return { source: parts[0].source, pointer };
  const index = Number(match[1]);
  const part = parts.find((p) => index >= p.first && index < p.first + p.count) ?? parts[0];
  return { source: part.source, pointer: `/scenarios/${index - part.first}${match[2]}` };
}
