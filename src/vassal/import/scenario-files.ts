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

/** The whole of scenarios.json, as the import writes it when it is small. */
export function scenariosText(scenarios: readonly ScenarioFile[]): string {
  return `${JSON.stringify({ $schema: '../../schemas/scenarios.schema.json', scenarios }, null, 2)}\n`;
}

/** Bytes scenarios.json would take, one scenario at a time (no text of the whole is made). */
function scenariosBytes(scenarios: readonly ScenarioFile[]): number {
  let bytes = 64;
  for (const s of scenarios) {
    const text = JSON.stringify(s, null, 2);
    let lines = 1;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
    // Inside the list, every line is indented by four more spaces; a comma and a newline follow.
    bytes += Buffer.byteLength(text) + 4 * lines + 2;
  }
  return bytes;
}

/** File name (relative to the game folder) → text. */
export function scenarioFiles(scenarios: readonly ScenarioFile[], budget = SCENARIOS_FILE_BUDGET): Map<string, string> {
  if (scenarios.length === 0) return new Map();
  if (scenariosBytes(scenarios) <= budget) return new Map([['scenarios.json', scenariosText(scenarios)]]);
  const digits = String(scenarios.length).length;
  return new Map(
    scenarios.map((s, i) => [
      `${SCENARIO_PARTS_DIR}/${String(i + 1).padStart(digits, '0')}-${s.id.slice(0, 60)}.json`,
      scenarioPartText(s),
    ]),
  );
}
