/**
 * First stage of validation, pure: each file's text is parsed with positions and checked against
 * its schema. Later stages (cross-references, resolution) use the Locator to place diagnostics.
 */
import type { Diagnostic } from '../diagnostics';
import type {
  ChecksFile,
  CountersFile,
  GameFile,
  MapFile,
  ScenariosFile,
  TablesFile,
  TerrainFile,
  TracksFile,
  UnitRow,
} from '../model/files';
import { parseCsvSource, placesOf, type CsvPlaces } from './csv-source';
import { locate, parseJsonSource, type JsonSource } from './json-source';
import { FILE_KINDS, validateAgainstSchema, validateUnitRows, type FileKind } from './schemas';
import { locateCsvCell, unitRowsFromCsv } from './units-csv';
import { MAX_DATA_MAGNITUDE } from './number-bounds';
import { FILE_NAMES } from './game-files';
import { scenarioNameSharer } from './shared-strings';
import { SCENARIO_PARTS_DIR, mergeScenarioParts, partOfPointer, scenarioParts, type ScenarioPart } from './scenario-parts';

export function outOfRange(pointer: string) {
  return {
    code: 'schema/number-range',
    message: `number out of range (a game value lies within ±${MAX_DATA_MAGNITUDE.toLocaleString('en')})`,
    hint: 'check for extra digits or an exponent; JSON reads 1e400 as infinity',
    pointer,
    atKey: false,
  };
}

/** The text of each data file of one game folder, as read from disk (or built in memory by tests). */
export interface GameSources {
  dir: string;
  files: Partial<Record<FileKind, { file: string; text: string }>>;
  /** Kinds whose file is there but could not be read (already reported by the reader). */
  unreadable?: FileKind[];
  /** The scenarios files beyond scenarios.json (`scenarios/*.json`, in name order): ./scenario-parts.ts. */
  scenarioParts?: { file: string; text: string }[];
}

export { FILE_NAMES };

export const REQUIRED_KINDS: FileKind[] = ['game', 'map', 'terrain', 'units', 'tracks'];

/** The files' values; a JSON file's value is here only when it passed its schema (it is then in `valid`). */
export interface ParsedGame {
  dir: string;
  game?: GameFile;
  map?: MapFile;
  terrain?: TerrainFile;
  units?: UnitRow[];
  counters?: CountersFile;
  tables?: TablesFile;
  tracks?: TracksFile;
  scenarios?: ScenariosFile;
  checks?: ChecksFile;
  /** Files that parsed; kinds whose file failed to parse or to validate are absent from `valid`. */
  json: Partial<Record<FileKind, JsonSource>>;
  /** Every scenarios file that parsed, scenarios.json first, when the scenarios are spread over several. */
  scenarioParts?: ScenarioPart[];
  /** Where units.csv's records are (its cells are not kept: the rows are `units`). */
  csv?: CsvPlaces;
  valid: Set<FileKind>;
  /** Files that are in the folder, readable or not. */
  present: Set<FileKind>;
}

/** Places diagnostics in the right file at the right line for a (kind, JSON pointer) pair. */
export class Locator {
  constructor(private readonly parsed: ParsedGame, private readonly sources: GameSources) {}

  file(kind: FileKind): string {
    return this.sources.files[kind]?.file ?? this.sources.scenarioParts?.[0]?.file ?? `${this.sources.dir}/${FILE_NAMES[kind]}`;
  }

  /** Line of units.csv that defines the i-th unit row. */
  lineOfUnit(index: number): number {
    return this.parsed.csv?.lines[index] ?? 0;
  }

  at(kind: FileKind, pointer: string, atKey = false): Pick<Diagnostic, 'file' | 'line' | 'column' | 'pointer'> {
    if (kind === 'scenarios' && this.parsed.scenarioParts) {
      const inPart = partOfPointer(this.parsed.scenarioParts, pointer);
      return { file: inPart.source.file, pointer: inPart.pointer, ...locate(inPart.source, inPart.pointer, atKey) };
    }
    const file = this.file(kind);
    if (kind === 'units' && this.parsed.csv) return { file, pointer, ...locateCsvCell(this.parsed.csv, pointer) };
    const json = this.parsed.json[kind];
    if (!json) return { file, pointer };
    return { file, pointer, ...locate(json, pointer, atKey) };
  }
}

/**
 * What earlier validations found, by a file's exact text: a text known to pass its schema (with the
 * same schemas) passes again without being checked, and each text that passes is told. A schema that
 * passes reports nothing, so the diagnostics are the same either way.
 */
export interface SchemaVerdicts {
  knownToPass(kind: FileKind, text: string): boolean;
  passed(kind: FileKind, text: string): void;
}

export function parseGameSources(
  sources: GameSources,
  verdicts?: SchemaVerdicts,
): { parsed: ParsedGame; locator: Locator; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const present = new Set<FileKind>([...(Object.keys(sources.files) as FileKind[]), ...(sources.unreadable ?? [])]);
  if ((sources.scenarioParts?.length ?? 0) > 0) present.add('scenarios');
  const parsed: ParsedGame = { dir: sources.dir, json: {}, valid: new Set(), present };
  const locator = new Locator(parsed, sources);

  for (const kind of REQUIRED_KINDS) {
    if (!sources.files[kind] && !sources.unreadable?.includes(kind)) {
      diagnostics.push({
        code: 'file/missing',
        severity: 'error',
        message: `missing ${FILE_NAMES[kind]}`,
        hint: `every game folder needs ${REQUIRED_KINDS.map((k) => FILE_NAMES[k]).join(', ')}`,
        file: `${sources.dir}/${FILE_NAMES[kind]}`,
      });
    }
  }

  for (const kind of FILE_KINDS) {
    if (kind === 'scenarios' && (sources.scenarioParts?.length ?? 0) > 0) {
      parseScenarioParts(sources, parsed, diagnostics, verdicts);
      continue;
    }
    const entry = sources.files[kind];
    if (!entry) continue;
    if (kind === 'units') {
      const { source, diagnostics: found } = parseCsvSource(entry.file, entry.text);
      diagnostics.push(...found);
      if (!source) continue;
      parsed.csv = placesOf(source);
      const rows = unitRowsFromCsv(source);
      let ok = found.length === 0;
      for (const problem of validateUnitRows(rows, source.header)) {
        ok = false;
        // Point at the cell: `/<row>/<column>` (deeper parts of the pointer are inside one cell).
        diagnostics.push({ code: problem.code, severity: 'error', message: problem.message, hint: problem.hint, ...locator.at('units', problem.pointer.split('/').slice(0, 3).join('/')) });
      }
      parsed.units = rows;
      if (ok) parsed.valid.add('units');
      continue;
    }
    const checked = parseJsonFile(kind, entry, diagnostics, placeInSource, FILE_NAMES[kind], verdicts);
    if (checked.source) parsed.json[kind] = checked.source;
    if (!checked.valid) continue;
    (parsed as unknown as Record<string, unknown>)[kind] = checked.source!.value;
    parsed.valid.add(kind);
  }
  return { parsed, locator, diagnostics };
}

/** A schema problem placed in the file it was found in (its value is not yet the game's). */
function placeInSource(source: JsonSource, pointer: string, atKey: boolean): ReturnType<Locator['at']> {
  return { file: source.file, pointer, ...locate(source, pointer, atKey) };
}

/** One JSON data file parsed and checked against its schema; `valid` when it passed. */
function parseJsonFile(
  kind: FileKind,
  entry: { file: string; text: string },
  diagnostics: Diagnostic[],
  place: (source: JsonSource, pointer: string, atKey: boolean) => ReturnType<Locator['at']>,
  name = FILE_NAMES[kind],
  verdicts?: SchemaVerdicts,
): { source?: JsonSource; valid: boolean } {
  const { source, diagnostics: found } = parseJsonSource(entry.file, entry.text, () => entry.text);
  diagnostics.push(...found);
  if (!source) return { valid: false };
  const schemaProblems = verdicts?.knownToPass(kind, entry.text) ? [] : validateAgainstSchema(kind, source.value);
  if (schemaProblems.length === 0) verdicts?.passed(kind, entry.text);
  // An out-of-range number is reported once, as such: its schema's complaint ("expected number, found
  // number null" for 1e400, which JSON reads as infinity; a minimum) only repeats it less clearly.
  const insane = new Set(source.insaneNumbers);
  const problems = [...schemaProblems.filter((problem) => !insane.has(problem.pointer)), ...source.insaneNumbers.map(outOfRange)];
  for (const problem of problems) {
    diagnostics.push({ code: problem.code, severity: 'error', message: problem.message, hint: problem.hint, ...place(source, problem.pointer, problem.atKey) });
  }
  // A top level that is not an object (null, a number, a list) is a schema error reported above.
  const isObject = source.value !== null && typeof source.value === 'object' && !Array.isArray(source.value);
  if (isObject && typeof (source.value as { $schema?: unknown }).$schema !== 'string') {
    diagnostics.push({
      code: 'json/no-schema',
      severity: 'warning',
      message: `${name} does not name its "$schema"`,
      hint: `add "$schema": "../../schemas/${kind}.schema.json" so editors validate and complete it`,
      ...place(source, '', false),
    });
  }
  // Only a file that passed its schema is handed on: later stages trust the shapes of what they get.
  return { source, valid: problems.length === 0 && found.length === 0 };
}

/**
 * scenarios.json and scenarios/*.json: each file parsed and checked on its own (diagnostics name
 * the file), their scenarios handed on as one list when every file passed.
 */
function parseScenarioParts(sources: GameSources, parsed: ParsedGame, diagnostics: Diagnostic[], verdicts?: SchemaVerdicts): void {
  // Each file as it was read (not a copy: a packed part's text is inflated only when it is parsed).
  const main = sources.files.scenarios ? [{ entry: sources.files.scenarios, name: FILE_NAMES.scenarios }] : [];
  const parts = (sources.scenarioParts ?? []).map((entry) => ({ entry, name: `${SCENARIO_PARTS_DIR}/${entry.file.split(/[\\/]/).pop()}` }));
  const parsedSources: JsonSource[] = [];
  let valid = true;
  const share = scenarioNameSharer();
  for (const { entry, name } of [...main, ...parts]) {
    const checked = parseJsonFile('scenarios', entry, diagnostics, placeInSource, name, verdicts);
    if (checked.source) parsedSources.push(checked.source);
    if (checked.valid) share((checked.source!.value as ScenariosFile).scenarios);
    valid &&= checked.valid;
  }
  if (parsedSources.length === 0) return;
  parsed.json.scenarios = parsedSources[0];
  parsed.scenarioParts = scenarioParts(parsedSources);
  if (!valid) return;
  parsed.scenarios = mergeScenarioParts(parsedSources.map((s) => s.value as ScenariosFile));
  parsed.valid.add('scenarios');
}
