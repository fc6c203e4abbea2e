/**
 * Initial placements → scenarios: at-start stacks (the "new game" setup) and every predefined
 * setup whose saved game is in the module. Each placed piece is matched to a palette unit
 * (Hexforge's UnitId, else the same piece name and image); positions become hex ids on the game
 * map (pixels through the grid, names through the numbering) and boxes on other maps.
 *
 * Counters: the module's palette holds counter kinds, a setup may place several copies of one
 * kind. Each copy must be its own unit in our data, so a kind placed n times (at most, over all
 * scenarios) becomes n units: the palette unit and copies "<id>-2" … "<id>-n".
 */
import type { Diagnostic } from '../../diagnostics';
import type { PlacementFile, ScenarioFile } from '../../model/files';
import { readModuleSave, type DefinitionRecord, type ReadModule } from '../reader/module';
import type { SavedGameContents } from '../reader/saved-game';
import { decodeTrait } from '../traits/index';
import { attribute, type XmlElement } from '../xml-tree';
import { IdSpace } from './ids';
import type { Locator, Location } from './map';
import { MAP_CLASSES } from './map';
import { factsOfTraits, pieceFacts, type PrototypeIndex } from './properties';
import { matchKeyOf, unitsByKey, type ImportedUnit } from './units';

const SETUP_STACK = 'VASSAL.build.module.map.SetupStack';
const PREDEFINED_SETUP = 'VASSAL.build.module.PredefinedSetup';

interface Placed {
  key: string;
  location: Exclude<Location, { problem: string }>;
  reduced: boolean;
}

export interface ScenarioDraft {
  id: string;
  name: string;
  description?: string;
  source: string;
  placed: Placed[];
  notes: string[];
  /** Why the placements are unknown (a setup without its saved game). */
  unknownSetup?: string;
}

export interface ScenariosResult {
  scenarios: ScenarioFile[];
  /** Copies to add to units.csv: [palette unit, copy id]. */
  copies: Array<{ of: ImportedUnit; id: string }>;
  /** Scenario id → how it was read, for the sidecar. */
  origins: Record<string, string>;
  /** Pieces the setups place, those whose position names a hex or box, and those listed as units. */
  placements: { total: number; located: number; listed: number };
  diagnostics: Diagnostic[];
}

function mapIdOf(ancestors: readonly XmlElement[], mapIds: Map<XmlElement, string>): string | undefined {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    if (MAP_CLASSES.has(ancestors[i].name)) return mapIds.get(ancestors[i]);
  }
  return undefined;
}

/** Layer state > 0 on the first Layer with images: the counter shows its back. */
function showsBack(traits: readonly { type: string; state: string }[]): boolean {
  for (const t of traits) {
    const d = decodeTrait(t);
    if (d.kind === 'layer' && (d.type.images ?? '') !== '') return Number(d.state) > 0 && d.type.alwaysActive !== 'true';
  }
  return false;
}

/** What reading one setup needs: the module, where pieces land, and where to note what did not. */
interface SetupReading {
  module: ReadModule;
  prototypes: PrototypeIndex;
  locator: Locator;
  mapIds: Map<XmlElement, string>;
  scenarioIds: IdSpace;
  /** Notes a placement that names no hex or box. */
  problem: (scenario: string, what: string, message: string) => void;
}

export async function importScenarios(
  module: ReadModule,
  units: readonly ImportedUnit[],
  prototypes: PrototypeIndex,
  locator: Locator,
  mapIds: Map<XmlElement, string>,
  turns: { first: number; last: number },
  unitIds: IdSpace,
): Promise<ScenariosResult> {
  // Positions that name no hex or box: one summary line per scenario, with the first few (a module
  // may have millions of such pieces: only their count is kept beyond those).
  const problems = new Map<string, { count: number; first: string[] }>();
  const problem = (scenario: string, what: string, message: string) => {
    const entry = problems.get(scenario) ?? { count: 0, first: [] };
    entry.count++;
    if (entry.first.length < 3) entry.first.push(`${what}: ${message}`);
    problems.set(scenario, entry);
  };
  const reading: SetupReading = { module, prototypes, locator, mapIds, scenarioIds: new IdSpace(), problem };
  const predefined = predefinedSetups(module.root);
  const drafts: ScenarioDraft[] = [];
  const atStart = atStartDraft(reading, predefined);
  if (atStart) drafts.push(atStart);
  for (const setup of predefined) if (attribute(setup, 'useFile') !== 'false') drafts.push(await savedGameDraft(reading, setup));

  const byKey = unitsByKey(units);
  const { copies, copyIds } = unitCopies(drafts, units, byKey, unitIds);
  const scenarios = drafts.map((draft) => scenarioFile(draft, byKey, copyIds, turns));
  const diagnostics: Diagnostic[] = [];
  for (const [scenario, { count, first }] of problems)
    diagnostics.push({
      code: 'vassal/setup-position',
      severity: 'warning',
      message: `${scenario}: ${count} placement(s) left out of the setup, their position names no hex or box: ${first.join('; ')}${count > 3 ? '; …' : ''}`,
    });
  const origins = Object.fromEntries(drafts.map((d) => [d.id, d.source]));
  const located = drafts.reduce((n, d) => n + d.placed.length, 0);
  const unplaced = [...problems.values()].reduce((n, p) => n + p.count, 0);
  const listed = drafts.reduce((n, d) => n + d.placed.filter((p) => byKey.has(p.key)).length, 0);
  return { scenarios, copies, origins, placements: { total: located + unplaced, located, listed }, diagnostics };
}

/** The predefined setups of the module, menus opened, outside maps. */
function predefinedSetups(root: XmlElement): XmlElement[] {
  const predefined: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    for (const c of el.children) {
      if (c.name === PREDEFINED_SETUP) {
        if (attribute(c, 'isMenu') === 'true') walk(c);
        else predefined.push(c);
      } else if (!MAP_CLASSES.has(c.name)) walk(c);
    }
  };
  walk(root);
  return predefined;
}

/** The at-start stacks as one scenario, named after the setup that starts a new game (if any). */
function atStartDraft(reading: SetupReading, predefined: readonly XmlElement[]): ScenarioDraft | undefined {
  const { module, prototypes, locator, mapIds, problem } = reading;
  const stackDefs = new Map<XmlElement, DefinitionRecord[]>();
  for (const def of module.definitions) {
    const stack = def.ancestors[def.ancestors.length - 1];
    if (stack?.name !== SETUP_STACK) continue;
    const list = stackDefs.get(stack) ?? [];
    list.push(def);
    stackDefs.set(stack, list);
  }
  if (stackDefs.size === 0) return undefined;
  const newGame = predefined.find((p) => attribute(p, 'useFile') === 'false');
  const name = newGame ? (attribute(newGame, 'name') ?? 'At-start stacks') : 'At-start stacks';
  const draft: ScenarioDraft = { id: reading.scenarioIds.take(name, 'at-start'), name, source: 'at-start stacks', placed: [], notes: [] };
  const descr = newGame ? attribute(newGame, 'description') : undefined;
  if (descr) draft.description = descr;
  for (const [stack, defs] of stackDefs) {
    const ancestors = defs[0].ancestors;
    const mapId = mapIdOf(ancestors, mapIds) ?? '';
    const where = locator.atSetupStack(mapId, stack);
    const label = `at-start stack "${attribute(stack, 'name') ?? ''}"`;
    if ('problem' in where) {
      problem(draft.name, label, where.problem);
      continue;
    }
    for (const def of defs) {
      draft.placed.push({ key: matchKeyOf(pieceFacts(def, prototypes)), location: where, reduced: showsBack(def.piece.traits) });
    }
  }
  return draft;
}

/** A predefined setup with a saved game: the pieces it places on maps. */
async function savedGameDraft(reading: SetupReading, setup: XmlElement): Promise<ScenarioDraft> {
  const { module, prototypes, locator, problem } = reading;
  const name = attribute(setup, 'name') ?? 'Setup';
  const file = attribute(setup, 'file');
  const draft: ScenarioDraft = {
    id: reading.scenarioIds.take(name, 'setup'),
    name,
    source: file ? `saved game ${file}` : 'predefined setup without a file',
    placed: [],
    notes: [],
  };
  const descr = attribute(setup, 'description');
  if (descr) draft.description = descr;
  // Read now and dropped after its placements are taken.
  const save: SavedGameContents | undefined = file ? await readModuleSave(module, file) : undefined;
  // Placements of every setup are held until the copies are counted: one string per key and one
  // object per location, shared by the pieces of this save.
  const keys = new Map<string, string>();
  const locations = new Map<string, Placed['location']>();
  if (!file) {
    draft.notes.push('The predefined setup names no saved game; its placements are unknown.');
    draft.unknownSetup = "the module's predefined setup names no saved game";
  } else if (!save) {
    draft.notes.push(`The saved game "${file}" is not in the module; its placements are unknown.`);
    draft.unknownSetup = `the saved game "${file}" is not in the module`;
  } else {
    for (const piece of save.pieces) {
      if (piece.mapId === 'null' || piece.mapId === '') continue;
      const where = locator.atMapPoint(piece.mapId, { x: piece.x, y: piece.y });
      const facts = factsOfTraits(piece.piece.traits, prototypes);
      if ('problem' in where) {
        problem(draft.name, `piece "${facts.name}"`, where.problem);
        continue;
      }
      const key = matchKeyOf(facts);
      if (!keys.has(key)) keys.set(key, key);
      const place = JSON.stringify(where);
      if (!locations.has(place)) locations.set(place, where);
      draft.placed.push({ key: keys.get(key)!, location: locations.get(place)!, reduced: showsBack(piece.piece.traits) });
    }
  }
  return draft;
}

/**
 * Counters: each palette unit gets as many copies as the setup that places it most often needs
 * (the palette unit and "<id>-2" … "<id>-n"); notes the placed pieces no palette unit matches.
 */
function unitCopies(
  drafts: readonly ScenarioDraft[],
  units: readonly ImportedUnit[],
  byKey: ReadonlyMap<string, ImportedUnit>,
  unitIds: IdSpace,
): { copies: ScenariosResult['copies']; copyIds: Map<ImportedUnit, string[]> } {
  const maxCopies = new Map<ImportedUnit, number>();
  for (const draft of drafts) {
    const count = new Map<ImportedUnit, number>();
    let unmatched = 0;
    for (const p of draft.placed) {
      const unit = byKey.get(p.key);
      if (!unit) unmatched++;
      else count.set(unit, (count.get(unit) ?? 0) + 1);
    }
    for (const [u, n] of count) maxCopies.set(u, Math.max(maxCopies.get(u) ?? 0, n));
    if (unmatched > 0) draft.notes.push(`${unmatched} placed piece(s) are markers or pieces without a palette unit and are not listed.`);
  }
  const copies: ScenariosResult['copies'] = [];
  const copyIds = new Map<ImportedUnit, string[]>();
  for (const unit of units) {
    const ids = [unit.id];
    for (let n = 2; n <= (maxCopies.get(unit) ?? 1); n++) {
      const id = unitIds.take(`${unit.id}-${n}`);
      ids.push(id);
      copies.push({ of: unit, id });
    }
    copyIds.set(unit, ids);
  }
  return { copies, copyIds };
}

/** One scenario: its placements grouped by location and side shown, each copy of a unit placed once. */
function scenarioFile(
  draft: ScenarioDraft,
  byKey: ReadonlyMap<string, ImportedUnit>,
  copyIds: ReadonlyMap<ImportedUnit, string[]>,
  turns: { first: number; last: number },
): ScenarioFile {
  const used = new Map<ImportedUnit, number>();
  const groups = new Map<string, PlacementFile>();
  for (const p of draft.placed) {
    const unit = byKey.get(p.key);
    if (!unit) continue;
    const n = used.get(unit) ?? 0;
    used.set(unit, n + 1);
    const id = copyIds.get(unit)![n];
    const key = `${'hex' in p.location ? `h:${p.location.hex}` : `b:${p.location.box}|${p.location.where ?? ''}`}|${p.reduced}`;
    let group = groups.get(key);
    if (!group) {
      group = { units: [], ...p.location, ...(p.reduced ? { reduced: true } : {}) };
      groups.set(key, group);
    }
    group.units!.push(id);
  }
  const scenario: ScenarioFile = {
    id: draft.id,
    name: draft.name,
    ...(draft.description ? { description: draft.description } : {}),
    firstTurn: turns.first,
    lastTurn: turns.last,
    ...(groups.size > 0 ? { setup: [...groups.values()] } : {}),
    source: {
      derived: `VASSAL ${draft.source}; first and last turn are the module's turn track, which does not state the scenario length`,
    },
  };
  if (draft.unknownSetup !== undefined) scenario.unstated = { '/setup': { unknown: true, reason: draft.unknownSetup } };
  if (draft.notes.length > 0) scenario.notes = draft.notes.join(' ');
  return scenario;
}
