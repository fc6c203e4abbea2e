/**
 * The scenarios of an import as data files: scenarios.json while it stays well under the data-file
 * limit, else one file per scenario in scenarios/ (the data model's way to spread scenarios over
 * files, ../../data/scenario-parts.ts), named in the scenarios' order. A module with hundreds of
 * large setups (a million placements) then still makes files that each load.
 */
import { MAX_DATA_FILE_BYTES } from '../../data/read-input-file';
import { SCENARIO_PARTS_DIR } from '../../data/scenario-parts';
import type { ScenarioFile, ScenariosFile } from '../../model/files';

/** Bytes of scenarios.json beyond which the scenarios go one per file: half the limit, room for edits. */
export const SCENARIOS_FILE_BUDGET = MAX_DATA_FILE_BYTES / 2;

const SETUP_MARK = '\u0000setup';

/**
 * One scenario as a scenarios file in scenarios/, each setup placement on one line: a setup of
 * thousands of placements reads as a list, at a third of the fully indented size.
 */
export function scenarioPartText(scenario: ScenarioFile): string {
  const body: ScenariosFile & { $schema: string } = {
    $schema: `../../../schemas/scenarios.schema.json`,
    scenarios: [scenario.setup ? ({ ...scenario, setup: SETUP_MARK } as unknown as ScenarioFile) : scenario],
  };
  const text = JSON.stringify(body, null, 2);
  if (!scenario.setup) return `${text}\n`;
  const indent = '        ';
  const setup = scenario.setup.length === 0 ? '[]' : `[\n${scenario.setup.map((p) => indent + JSON.stringify(p)).join(',\n')}\n      ]`;
  return `${text.replace(JSON.stringify(SETUP_MARK), () => setup)}\n`;
}

/** Bytes one scenario takes inside scenarios.json (indented one level deeper, then a comma). */
function bytesInList(scenario: ScenarioFile): number {
  const text = JSON.stringify(scenario, null, 2);
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return Buffer.byteLength(text) + 4 * lines + 2;
}

/**
 * File name (relative to the game folder) → text, for `count` scenarios made one at a time by
 * `scenarioAt` (a module's scenarios may be too large to hold as objects all at once: each is
 * made, measured and let go, then made again to be written).
 */
export function scenarioFiles(count: number, scenarioAt: (i: number) => ScenarioFile, budget = SCENARIOS_FILE_BUDGET): Map<string, string> {
  if (count === 0) return new Map();
  let bytes = 64;
  for (let i = 0; i < count && bytes <= budget; i++) bytes += bytesInList(scenarioAt(i));
  if (bytes <= budget) {
    const scenarios = Array.from({ length: count }, (_, i) => scenarioAt(i));
    return new Map([['scenarios.json', `${JSON.stringify({ $schema: '../../schemas/scenarios.schema.json', scenarios }, null, 2)}\n`]]);
  }
  const digits = String(count).length;
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const scenario = scenarioAt(i);
    files.set(`${SCENARIO_PARTS_DIR}/${String(i + 1).padStart(digits, '0')}-${scenario.id.slice(0, 60)}.json`, scenarioPartText(scenario));
  }
  return files;
}
