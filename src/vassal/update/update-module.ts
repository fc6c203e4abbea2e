/**
 * The original module with the data's changes applied (../update/data-changes.ts), and nothing
 * else: each changed value is set where the import found it (../import/sources.ts) in every piece
 * of its counter kind — palette and at-start slots, or the one prototype that holds it, and the
 * pieces of saved games — a renamed marker's name in each of its pieces, counters.json's mask edits
 * in the Mask traits of the kinds they list or of the prototype giving them (./mask-edits.ts), a
 * flipped `faceDown` in the Mask state of the at-start pieces or of a setup's saved game
 * (./face-down-edits.ts), and the title and version in the module's name and version
 * (./module-identity.ts). The buildFile is edited in its own
 * text (./xml-spans.ts), so every other byte stays; every other entry is passed through as is.
 * For an extension read with its base (./extension-target.ts), the extension's own entries are
 * written, and a value the base module holds is refused.
 * Pure apart from reading and writing nested .vsav archives in memory.
 */
import type { Diagnostic } from '../../diagnostics';
import type { CounterMaskFile, ScenarioFile } from '../../model/files';
import { maskPictureOf } from '../import/import-module';
import { carriedMask } from '../import/masks';
import { factsOfTraits, pieceFacts, prototypeIndex, type PieceFacts, type PropertyCarrier } from '../import/properties';
import type { SidecarIndex, SidecarUnit } from '../import/sidecar';
import { describeSource, type ValueSource } from '../import/sources';
import { matchKeyOf } from '../import/units';
import { writeZip } from '../module/zip';
import { encodePiece, type PieceDefinition } from '../piece';
import type { ReadLimits } from '../reader/limits';
import { type DefinitionRecord, type ReadModule } from '../reader/module';
import type { ModuleSaves } from '../reader/module-saves';
import { OverlaidMap } from '../reader/on-demand-map';
import { SAVED_GAME_ENTRY } from '../reader/saved-game';
import { traitId, type Trait } from '../traits/trait';
import { attribute, walkElements, type XmlElement } from '../xml-tree';
import type { DataChanges, KindChange } from './data-changes';
import { valueInBase, type ExtensionTarget } from './extension-target';
import { patchSavedGamePayload } from './patch-save';
import { nameOfTrait, nameWithValue, patchTraits, type PatchResult } from './patch-traits';
import { counterMaskEdits } from './mask-edits';
import { faceDownEdits, savedFaceDownEdits, savedGameScenarios, type FaceDownInput, type TurnOver } from './face-down-edits';
import { patchMaskTraits } from './mask-traits';
import { expressionsNaming } from './name-references';
import { renameReadingChanges, type KindRename } from './rename-readings';
import { slotNamesInMarkerPaths } from './slot-references';
import { pathOf } from './component-path';
import { applyEdits, attributeEdit, elementSpans, textEdit, type ElementSpan, type RawEdit } from './xml-spans';
import { editableXml } from './xml-bytes';
import { setupPlaces, type SetupPlaces } from './setup-places';
import type { AppliedChange, ChangedPlace } from './applied-change';
import { moduleIdentityEdits } from './module-identity';
import type { MarkerRename } from './marker-renames';
import { namedAsMarker, relabelled } from './unnamed-marker-renames';
import { namingPrototype, slotsByNameOrigin, type SlotsByNameOrigin } from './naming-prototype';

export type { AppliedChange, ChangedPlace } from './applied-change';

export interface UpdateOptions {
  limits: ReadLimits;
  epoch: number;
  extension?: ExtensionTarget;
}

export interface UpdateResult {
  /**
   * Entry name → bytes, the original's order; absent when something could not be applied. Only
   * the changed entries are held: the others are the original's, read from it when asked for.
   */
  entries?: ReadonlyMap<string, Uint8Array>;
  /** The names of the entries that differ from the original's. */
  changed?: ReadonlySet<string>;
  applied: AppliedChange[];
  diagnostics: Diagnostic[];
}

function traitLabel(index: number, trait: Trait): string {
  return `trait ${index + 1} (${traitId(trait.type)})`;
}

/** Per definition element: the traits as changed so far. */
interface PendingDefinition {
  def: DefinitionRecord;
  traits: Trait[];
  entryName?: string;
}

/** A change to the pieces of one kind in saved games: `source` for a value, whose name check applies. */
type SaveChange = { key: string; source?: ValueSource; patch: (traits: readonly Trait[]) => PatchResult; record: AppliedChange };

/** A saved game's scenarios, and what comparing their face-down pieces with it needs. */
type SaveFlips = { scenarios: readonly ScenarioFile[] } & Pick<FaceDownInput, 'sidecar' | 'picture' | 'places'>;

/** What the changes do to the module, gathered before any byte is written. */
interface UpdatePlan {
  prototypes: ReturnType<typeof prototypeIndex>;
  /** Palette and at-start slots by their kind's match key. */
  slotsByKey: Map<string, DefinitionRecord[]>;
  pending: Map<XmlElement, PendingDefinition>;
  /** Palette and setup pieces by the prototype naming them, indexed on the first rename that needs it. */
  namedBy?: SlotsByNameOrigin;
  /** Saved-game entry → the changes to its pieces. */
  saveChanges: Map<string, SaveChange[]>;
  /** Saved-game entry → the scenarios it holds whose face-down pieces are compared with it when it is read (./face-down-edits.ts). */
  saveFlips: Map<string, SaveFlips>;
  /** Per counter and scenario ("unit scout in scenario setup"), the pieces turned over. */
  flipRecords: Map<string, AppliedChange>;
  /** Prototype values already changed once (kinds sharing a prototype share its change). */
  prototypeDone: Set<string>;
  /**
   * The marker renames, each refused if no piece in the module, saved games included, had its name
   * (with `unnamed`'s diagnostic for a marker whose pieces have no name).
   */
  markerRecords: Array<{ record: AppliedChange; unnamed?: Diagnostic }>;
  /** The counters' Mask edits, each refused if no piece in the module, saved games included, carried the Mask. */
  maskRecords: AppliedChange[];
  /** Slot labels Place Marker and Replace traits find their piece by (./slot-references.ts): kept. */
  labelsInPaths: ReadonlySet<string>;
  /** The reported places' texts, one copy each. */
  own: OwnString;
}

/** The applied changes and the diagnostics, as they accumulate. */
interface UpdateReport {
  applied: AppliedChange[];
  diagnostics: Diagnostic[];
  fail: (message: string, hint?: string) => void;
  /** The module read (the base module, for an extension). */
  file: string;
}

const hasError = (report: UpdateReport): boolean => report.diagnostics.some((d) => d.severity === 'error');

export async function updateModule(
  entries: ReadonlyMap<string, Uint8Array>,
  module: ReadModule,
  sidecar: SidecarIndex,
  changes: DataChanges,
  options: UpdateOptions,
): Promise<UpdateResult> {
  const diagnostics: Diagnostic[] = [];
  const applied: AppliedChange[] = [];
  const fail = (message: string, hint?: string) =>
    diagnostics.push({ code: 'update/cannot-apply', severity: 'error', message, ...(hint ? { hint } : {}), file: module.source });
  const report: UpdateReport = { applied, diagnostics, fail, file: module.source };

  if (sidecar.module.buildFileSha256 && module.buildFileSha256 !== sidecar.module.buildFileSha256) {
    fail(
      `${module.source} is not the module the game folder was imported from (its ${module.buildFileName} differs)`,
      'pass the module you imported, or import this one again',
    );
    return { applied, diagnostics };
  }
  const { extension } = options;
  // Where the setups' pieces stand, for the face-down flips (which of a counter's pieces a placement names).
  const places = changes.scenarioMasks ? await setupPlaces(module) : undefined;
  const plan = planChanges(module, sidecar, changes, report, { extension, places });
  if (extension && changes.title)
    report.diagnostics.push(valueInBase(`the title "${changes.title.before}"`, 'the module name', extension, report.file));
  if (extension && changes.version)
    report.diagnostics.push(valueInBase(`the version "${changes.version.before}"`, 'the module version', extension, report.file));
  if (hasError(report)) return { applied, diagnostics };
  diagnostics.push(...renameReadingChanges(module, plan.prototypes, kindRenames(sidecar, changes, extension?.source ?? report.file)));

  const out = new Map<string, Uint8Array>();
  if (plan.pending.size > 0 || changes.title !== undefined || changes.version !== undefined) {
    const document = extension
      ? { name: extension.buildFile, bytes: extension.entries.get(extension.buildFile)!, root: extension.root }
      : { name: module.buildFileName, bytes: entries.get(module.buildFileName)!, root: module.root };
    editBuildFile(document, entries, module, plan.pending, changes, out, report);
    if (hasError(report)) return { applied, diagnostics };
  }
  for (const [name, list] of plan.saveChanges) {
    const result = await patchSave(module.saves, name, list, plan, report, options.epoch);
    if ('problems' in result) for (const p of result.problems) fail(p.message, p.hint);
    else if ('bytes' in result && extension?.baseEntries.has(name))
      diagnostics.push(
        valueInBase(
          `pieces of ${[...new Set(list.map((c) => c.record.subject))].join(', ')}`,
          `the saved game ${name}`,
          extension,
          report.file,
        ),
      );
    else if ('bytes' in result) out.set(name, result.bytes);
  }
  for (const { record, unnamed } of plan.markerRecords)
    if (record.places.length === 0 && unnamed) diagnostics.push(unnamed);
    else if (record.places.length === 0) fail(`no piece in the module is named "${record.before}" (${record.subject}) any more`);
  for (const record of plan.maskRecords)
    if (record.places.length === 0 && !hasError(report)) fail(`no piece in the module carries the Mask to change (${record.subject})`);
  if (changes.scenarioMasks && plan.flipRecords.size === 0 && !hasError(report))
    noPieceTurned(report, changes.scenarioMasks.some((s) => s.vassal?.setup === 'at-start stacks') || plan.saveFlips.size > 0);
  if (hasError(report)) return { applied, diagnostics };
  return { entries: new OverlaidMap(extension?.entries ?? entries, out), changed: new Set(out.keys()), applied, diagnostics };
}

/** The counter kinds the changes rename: units' name column, and markers' names. */
function kindRenames(sidecar: SidecarIndex, changes: DataChanges, piecesFile: string): KindRename[] {
  const renames: KindRename[] = [];
  for (const change of changes.changes) {
    const matchKey = sidecar.units[change.kind]?.matchKey;
    if (change.column !== 'name' || matchKey === undefined) continue;
    renames.push({
      subject: `unit ${change.kind}`,
      matchKey,
      before: change.before,
      after: change.after,
      file: changes.unitsFile ?? piecesFile,
    });
  }
  // A nameless marker's rename changes its Text Label alone: a new import reads its side and type as before.
  for (const rename of changes.markers.filter((r) => !r.unnamed))
    renames.push({
      subject: `marker ${rename.id}`,
      matchKey: rename.matchKey,
      before: rename.before,
      after: rename.after,
      file: piecesFile,
    });
  return renames;
}

// ---- the plan: which definitions and saved games each changed value touches

function planChanges(
  module: ReadModule,
  sidecar: SidecarIndex,
  changes: DataChanges,
  report: UpdateReport,
  { extension, places }: { extension: ExtensionTarget | undefined; places: SetupPlaces | undefined },
): UpdatePlan {
  const prototypes = prototypeIndex(module.definitions);
  const plan: UpdatePlan = {
    prototypes,
    slotsByKey: slotsByMatchKey(module.definitions, prototypes),
    pending: new Map(),
    saveChanges: new Map(),
    saveFlips: new Map(),
    flipRecords: new Map(),
    prototypeDone: new Set(),
    markerRecords: [],
    maskRecords: [],
    labelsInPaths: slotNamesInMarkerPaths(module.definitions),
    own: ownStrings(),
  };
  for (const change of changes.changes) {
    const unit = sidecar.units[change.kind];
    const source = unit?.sources?.[change.column];
    if (!unit || !source || !unit.matchKey) continue;
    const record: AppliedChange = {
      subject: `unit ${change.kind} ${change.column}`,
      before: change.before,
      after: change.after,
      source: describeSource(source),
      places: [],
    };
    report.applied.push(record);
    warnOfWiderEffects(change, source, unit, changes, report.diagnostics);
    const targets = definitionsToChange(change, source, unit.matchKey, sidecar, changes, plan, report);
    if (!targets) continue;
    if (targets.length === 0) report.fail(`no piece of ${change.kind} carries ${describeSource(source)} any more`);
    const carried = { what: `${change.column} of ${change.kind}`, key: unit.matchKey, source, record };
    carryIntoPieces(targets, carried, module, plan, report, extension);
    if (change.column === 'name') warnOfNameInExpressions(module, change.before, change.after, report, extension);
  }
  for (const rename of changes.markers) {
    if (rename.unnamed) {
      relabelUnnamedMarker(rename, rename.unnamed, module, plan, report, extension);
      continue;
    }
    const source: ValueSource = { carrier: 'name' };
    const record: AppliedChange = {
      subject: `marker ${rename.id} name`,
      before: rename.before,
      after: rename.after,
      source: describeSource(source),
      places: [],
    };
    report.applied.push(record);
    plan.markerRecords.push({ record });
    // Its pieces may all lie in saved games: whether any holds the name is known once they are read.
    carryIntoPieces(
      plan.slotsByKey.get(rename.matchKey) ?? [],
      { what: `the name of marker ${rename.id}`, key: rename.matchKey, source, record },
      module,
      plan,
      report,
      extension,
    );
    warnOfNameInExpressions(module, rename.before, rename.after, report, extension);
  }
  const planning: MaskPlanning = { module, sidecar, plan, report, extension };
  if (changes.counterMasks) planMaskEdits(changes.counterMasks, planning);
  if (changes.scenarioMasks && places) planFaceDownEdits(changes.scenarioMasks, planning, places);
  return plan;
}

/** What the planners of mask edits work on: the module, the import's record of it, the plan so far and the report. */
interface MaskPlanning {
  module: ReadModule;
  sidecar: SidecarIndex;
  plan: UpdatePlan;
  report: UpdateReport;
  extension: ExtensionTarget | undefined;
}

/**
 * scenarios.json's face-down pieces (./face-down-edits.ts): each at-start piece turned over in its
 * definition; the pieces of a setup saved as a game when that save is patched (patchSave).
 */
function planFaceDownEdits(
  scenarios: readonly ScenarioFile[],
  { module, sidecar, plan, report, extension }: MaskPlanning,
  places: SetupPlaces,
): void {
  const picture = maskPictureOf(module);
  const { edits, problems } = faceDownEdits({
    sidecar,
    scenarios,
    definitions: module.definitions,
    prototypes: plan.prototypes,
    picture,
    places,
  });
  for (const problem of problems) report.fail(problem.message, problem.hint);
  for (const [file, list] of savedGameScenarios(scenarios)) {
    if (!module.savedGameNames.includes(file)) continue;
    plan.saveFlips.set(file, { scenarios: list, sidecar, picture, places });
    if (!plan.saveChanges.has(file)) plan.saveChanges.set(file, []);
  }
  const entry = extension?.buildFile ?? module.buildFileName;
  for (const edit of edits) {
    const def = edit.item;
    if (extension && !extension.added.has(def.element)) {
      report.diagnostics.push(valueInBase(`${edit.subject} face down`, `the Mask trait of ${pathOf(def)}`, extension, report.file));
      continue;
    }
    let p = plan.pending.get(def.element);
    if (!p) plan.pending.set(def.element, (p = { def, traits: [...def.piece.traits] }));
    const was = p.traits[edit.index];
    const now = { type: was.type, state: edit.state };
    p.traits = p.traits.map((t, i) => (i === edit.index ? now : t));
    flipRecord(plan, report, edit).places.push({ entry, where: pathOf(def), ...traitChange(plan.own, edit.index, was, now) });
  }
}

/** The change reported for a counter's pieces turned over in a scenario, made on its first piece. */
function flipRecord(plan: Pick<UpdatePlan, 'flipRecords'>, report: Pick<UpdateReport, 'applied'>, edit: TurnOver<unknown>): AppliedChange {
  let record = plan.flipRecords.get(edit.subject);
  if (!record) {
    const [before, after] = edit.faceDown ? ['face up', 'face down'] : ['face down', 'face up'];
    record = { subject: `${edit.subject} faceDown`, before, after, source: "its Mask trait's state", places: [] };
    plan.flipRecords.set(edit.subject, record);
    report.applied.push(record);
  }
  return record;
}

/** The refusal of a change to scenarios.json's masks that turned no piece over. */
function noPieceTurned(report: UpdateReport, atStart: boolean): void {
  report.fail(
    `the masks of scenarios.json changed since the import, but ${atStart ? "every counter's pieces lie face down as many as before" : 'the module has no at-start stacks and no saved game of a setup'}: update turns over pieces where the counts tell which (all of a counter's, or of a named stack's, up or down), not pieces swapped within a count`,
    "turn the pieces over in VASSAL's editor (load the setup, change it, save it again), or put the masks back as imported",
  );
}

/** counters.json's mask edits (./mask-edits.ts), each in every piece of its kind: definitions and saved games. */
function planMaskEdits(masks: readonly CounterMaskFile[], { module, sidecar, plan, report, extension }: MaskPlanning): void {
  const { edits, prototypeEdits, problems } = counterMaskEdits({
    sidecar,
    masks,
    slotsByKey: plan.slotsByKey,
    prototypes: plan.prototypes,
    files: module.files,
    picture: maskPictureOf(module),
  });
  for (const problem of problems) report.fail(problem.message, problem.hint);
  // A kind's Mask in each of its definitions; a prototype's in the prototype's definition, once.
  const carried = [
    ...edits.map((e) => ({ ...e, matchKeys: [e.matchKey], targets: plan.slotsByKey.get(e.matchKey) ?? [], source: 'its Mask trait' })),
    ...prototypeEdits.map((e) => ({
      ...e,
      subject: e.subjects.join(', '),
      targets: [e.definition],
      source: `the Mask trait of prototype "${e.prototype}"`,
    })),
  ];
  for (const { subject, matchKeys, targets, edit, before, after, source } of carried) {
    const record: AppliedChange = { subject: `${subject} mask`, before, after, source, places: [] };
    report.applied.push(record);
    plan.maskRecords.push(record);
    const inBase = extension ? targets.find((def) => !extension.added.has(def.element)) : undefined;
    if (extension && inBase) {
      report.diagnostics.push(valueInBase(`the mask of ${subject}`, `the Mask trait of ${pathOf(inBase)}`, extension, report.file));
      continue;
    }
    const entry = extension?.buildFile ?? module.buildFileName;
    for (const def of targets) {
      let p = plan.pending.get(def.element);
      if (!p) plan.pending.set(def.element, (p = { def, traits: [...def.piece.traits] }));
      const patched =
        edit.kind === 'add' && carriedMask(p.traits, plan.prototypes)
          ? { problem: 'carries a Mask through a prototype; a piece shows one Mask' }
          : patchMaskTraits(p.traits, edit);
      if ('problem' in patched) report.fail(`${pathOf(def)}: ${patched.problem}`, patched.hint);
      if (!('traits' in patched)) continue; // absent: it carries another Mask, or none to remove
      p.traits = patched.traits;
      const { index, before: was, after: now } = patched.change;
      record.places.push({ entry, where: pathOf(def), ...traitChange(plan.own, index, was, now) });
    }
    // Saved pieces hold their prototypes' traits expanded (as VASSAL writes them): each its own copy.
    for (const name of module.savedGameNames) {
      const list = plan.saveChanges.get(name) ?? [];
      for (const key of matchKeys) list.push({ key, patch: (traits) => patchMaskTraits(traits, edit), record });
      plan.saveChanges.set(name, list);
    }
  }
}

/**
 * A warning for the expressions that find pieces by the name being changed (./name-references.ts):
 * they are kept. Each names the file the expressions are in: for an extension, its own file for
 * those it added, the base module's for the others.
 */
function warnOfNameInExpressions(
  module: ReadModule,
  before: string,
  after: string,
  report: UpdateReport,
  extension: ExtensionTarget | undefined,
): void {
  const byFile = new Map<string, string[]>();
  for (const { place, element } of expressionsNaming(module.root, module.definitions, before)) {
    const file = extension?.added.has(element) ? extension.source : report.file;
    byFile.set(file, [...(byFile.get(file) ?? []), place]);
  }
  for (const [file, places] of byFile)
    report.diagnostics.push({
      code: 'update/name-referenced',
      severity: 'warning',
      message: `"${before}" becomes "${after}", but ${places.length} expression(s) of the ${extension && file === report.file ? 'base ' : ''}module find pieces by the old name and are kept: ${places.slice(0, 3).join('; ')}${places.length > 3 ? '; …' : ''}; VASSAL no longer finds the renamed piece through them`,
      hint: "change those expressions in VASSAL's editor if they should follow the new name",
      file,
    });
}

/** A value to set in every piece of one kind: the definitions given, and the pieces of each saved game. */
interface CarriedValue {
  /** For a refusal: "value1 of moslem_cannon_1-0". */
  what: string;
  /** The match key of the kind's pieces. */
  key: string;
  source: ValueSource;
  record: AppliedChange;
}

function carryIntoPieces(
  targets: readonly DefinitionRecord[],
  { what, key, source, record }: CarriedValue,
  module: ReadModule,
  plan: UpdatePlan,
  report: UpdateReport,
  extension: ExtensionTarget | undefined,
): void {
  const inBase = extension ? targets.find((def) => !extension.added.has(def.element)) : undefined;
  if (extension && inBase) {
    report.diagnostics.push(valueInBase(what, `${describeSource(source)} of ${pathOf(inBase)}`, extension, report.file));
    return;
  }
  const buildFile = extension?.buildFile ?? module.buildFileName;
  const file = extension?.source ?? report.file;
  const naming = source.carrier === 'name' ? prototypeToRename(targets, module, plan) : undefined;
  if (naming && extension && !extension.added.has(naming.element)) {
    report.diagnostics.push(valueInBase(what, `the name in ${pathOf(naming)}`, extension, report.file));
    return;
  }
  if (naming) {
    const names = patchDefinition(naming, record, source, { entry: buildFile, file }, plan, report);
    if (names) for (const def of targets) relabel(def, { ...names, record }, { entry: buildFile, file }, plan, report);
  } else for (const def of targets) patchDefinition(def, record, source, { entry: buildFile, file }, plan, report);
  for (const name of module.savedGameNames) {
    const list = plan.saveChanges.get(name) ?? [];
    list.push({ key, source, patch: (traits) => patchTraits(traits, source, record.before, record.after), record });
    plan.saveChanges.set(name, list);
  }
}

/**
 * A marker whose pieces have no name renamed (./unnamed-marker-renames.ts): the Text Label naming
 * each of its pieces set to read the new name, in its palette and at-start slots and in the saved
 * games; the pieces found by the name VASSAL gives them, not by their match key alone.
 */
function relabelUnnamedMarker(
  rename: MarkerRename,
  unnamed: Diagnostic,
  module: ReadModule,
  plan: UpdatePlan,
  report: UpdateReport,
  extension: ExtensionTarget | undefined,
): void {
  const { prototypes } = plan;
  const record: AppliedChange = {
    subject: `marker ${rename.id} name`,
    before: rename.before,
    after: rename.after,
    source: 'the text of the Text Label naming its pieces',
    places: [],
  };
  report.applied.push(record);
  plan.markerRecords.push({ record, unnamed });
  const targets = (plan.slotsByKey.get(rename.matchKey) ?? []).filter((def) =>
    namedAsMarker(rename, def.decoded, prototypes, pieceFacts(def, prototypes)),
  );
  const inBase = extension ? targets.find((def) => !extension.added.has(def.element)) : undefined;
  if (extension && inBase) {
    report.diagnostics.push(valueInBase(`the name of marker ${rename.id}`, `the Text Label of ${pathOf(inBase)}`, extension, report.file));
    return;
  }
  const entry = extension?.buildFile ?? module.buildFileName;
  for (const def of targets) {
    let p = plan.pending.get(def.element);
    if (!p) plan.pending.set(def.element, (p = { def, traits: [...def.piece.traits] }));
    const patched = relabelled(rename, p.traits, prototypes);
    if ('problem' in patched) report.fail(`${pathOf(def)}: ${patched.problem}`, patched.hint);
    if (!('traits' in patched)) continue;
    p.traits = patched.traits;
    const { index, before, after } = patched.change;
    record.places.push({ entry, where: pathOf(def), ...traitChange(plan.own, index, before, after) });
  }
  for (const name of module.savedGameNames) {
    const list = plan.saveChanges.get(name) ?? [];
    list.push({ key: rename.matchKey, patch: (traits) => relabelled(rename, traits, prototypes), record });
    plan.saveChanges.set(name, list);
  }
}

/** The definitions each kind's pieces live in, found by the kind's match key. */
function slotsByMatchKey(
  definitions: readonly DefinitionRecord[],
  prototypes: ReturnType<typeof prototypeIndex>,
): Map<string, DefinitionRecord[]> {
  const slotsByKey = new Map<string, DefinitionRecord[]>();
  for (const def of definitions) {
    if (def.kind !== 'slot') continue;
    const key = matchKeyOf(pieceFacts(def, prototypes));
    const list = slotsByKey.get(key) ?? [];
    list.push(def);
    slotsByKey.set(key, list);
  }
  return slotsByKey;
}

/** Warnings for a change that reaches further than the rows that were edited. */
function warnOfWiderEffects(
  change: KindChange,
  source: ValueSource,
  unit: SidecarUnit,
  changes: DataChanges,
  diagnostics: Diagnostic[],
): void {
  const at = changes.unitsFile !== undefined ? { file: changes.unitsFile } : {};
  if (change.unchangedRows.length > 0)
    diagnostics.push({
      code: 'update/kind-change',
      severity: 'warning',
      message: `${change.column} "${change.before}" → "${change.after}" applies to every piece of counter ${change.kind}; units.csv still says "${change.before}" for ${change.unchangedRows.join(', ')}`,
      hint: 'give those rows the new value too (they are copies of one piece definition)',
      ...at,
    });
  if (
    source.carrier === 'name' &&
    source.group !== undefined &&
    !changes.changes.some((c) => c.kind === change.kind && c.column === 'name')
  ) {
    const name = unit.data?.name ?? '';
    const renamed = nameWithValue(name, source, change.before, change.after);
    diagnostics.push({
      code: 'update/name-carries-value',
      severity: 'warning',
      message: `the module states ${change.column} of ${change.kind} in its piece name, which changes with it; units.csv's name column still says "${name}"`,
      // verify --module matches the piece by its recorded slot; a new import reads the new name.
      hint:
        renamed !== undefined && renamed !== name
          ? `set name to "${renamed}" in units.csv for ${change.kind} (and its copies), so that a new import of the module reads the same`
          : 'change the name there too, so that a new import of the module reads the same',
      ...at,
    });
  }
}

/**
 * The definitions that hold the value: the kind's slots, or the prototype that holds it. Undefined
 * when the change is not to be made here: the prototype was changed for another kind already, or
 * kinds the data leaves unchanged share it.
 */
function definitionsToChange(
  change: KindChange,
  source: ValueSource,
  matchKey: string,
  sidecar: SidecarIndex,
  changes: DataChanges,
  plan: UpdatePlan,
  report: UpdateReport,
): DefinitionRecord[] | undefined {
  if (source.carrier === 'name' || source.prototype === undefined) return [...(plan.slotsByKey.get(matchKey) ?? [])];
  const sharedKey = `${JSON.stringify(source)}\u0000${change.before}\u0000${change.after}`;
  if (plan.prototypeDone.has(sharedKey)) return undefined;
  plan.prototypeDone.add(sharedKey);
  const left = kindsLeftSharingPrototype(change, source, sidecar, changes);
  if (left.length > 0) {
    report.fail(
      `${change.column} of ${change.kind} comes from ${describeSource(source)}, which ${left.slice(0, 5).join(', ')}${left.length > 5 ? ' …' : ''} use too; changing it would change them`,
      `change ${change.column} of all of them to "${change.after}", or change the piece in VASSAL's editor`,
    );
    return undefined;
  }
  const def = plan.prototypes.get(source.prototype);
  return def ? [def] : [];
}

/** Other kinds whose value comes from the same prototype property and that the data does not change alike. */
function kindsLeftSharingPrototype(
  change: KindChange,
  source: Extract<ValueSource, { property: string }>,
  sidecar: SidecarIndex,
  changes: DataChanges,
): string[] {
  const sharing = Object.entries(sidecar.units).filter(
    ([id, u]) =>
      (u.copyOf ?? id) !== change.kind &&
      Object.values(u.sources ?? {}).some(
        (s) => s.carrier === source.carrier && 'property' in s && s.property === source.property && s.prototype === source.prototype,
      ),
  );
  const kindsChanged = new Set(changes.changes.filter((c) => c.column === change.column && c.after === change.after).map((c) => c.kind));
  return [...new Set(sharing.map(([id, u]) => u.copyOf ?? id))].filter((k) => !kindsChanged.has(k));
}

/** The value changed in one definition's traits (and its palette label, which repeats the name). */
function patchDefinition(
  def: DefinitionRecord,
  record: AppliedChange,
  source: ValueSource,
  /** The buildFile's entry name, and the file holding it (the extension's, for an extension). */
  { entry: buildFile, file }: { entry: string; file: string },
  plan: UpdatePlan,
  report: UpdateReport,
): { oldName: string; newName: string } | undefined {
  const fromPrototype = source.carrier === 'name' ? nameFromPrototype(pieceFacts(def, plan.prototypes)) : undefined;
  if (fromPrototype !== undefined) {
    report.fail(`${pathOf(def)}: ${fromPrototype}`, NAME_IN_PROTOTYPE_HINT);
    return undefined;
  }
  let p = plan.pending.get(def.element);
  if (!p) plan.pending.set(def.element, (p = { def, traits: [...def.piece.traits] }));
  const patched = patchTraits(p.traits, source, record.before, record.after);
  if ('problem' in patched) {
    report.fail(`${pathOf(def)}: ${patched.problem}`, patched.hint);
    return undefined;
  }
  if ('absent' in patched) {
    report.fail(`${pathOf(def)}: has no ${describeSource(source)}`);
    return undefined;
  }
  if ('unchanged' in patched) return undefined;
  p.traits = patched.traits;
  const { index, before, after } = patched.change;
  record.places.push({ entry: buildFile, where: pathOf(def), ...traitChange(plan.own, index, before, after) });
  if (source.carrier !== 'name') return undefined;
  // The palette label repeats the piece name.
  const names = { oldName: nameOfTrait(before), newName: nameOfTrait(after) };
  relabel(def, { ...names, record }, { entry: buildFile, file }, plan, report);
  return names;
}

/** The prototype to rename the pieces in (./naming-prototype.ts), if their name is its alone. */
function prototypeToRename(targets: readonly DefinitionRecord[], module: ReadModule, plan: UpdatePlan): DefinitionRecord | undefined {
  plan.namedBy ??= slotsByNameOrigin(module.definitions, plan.prototypes);
  return namingPrototype(targets, plan.namedBy, plan.prototypes);
}

/** A palette or setup slot's label, which repeats the piece's name, renamed with it (kept where a Place Marker or Replace trait finds the piece by it). */
function relabel(
  def: DefinitionRecord,
  { oldName, newName, record }: { oldName: string; newName: string; record: AppliedChange },
  { entry: buildFile, file }: { entry: string; file: string },
  plan: UpdatePlan,
  report: UpdateReport,
): void {
  if (def.kind !== 'slot') return;
  const entryName = plan.pending.get(def.element)?.entryName ?? attribute(def.element, 'entryName');
  if (entryName === undefined || entryName !== oldName) return;
  if (plan.labelsInPaths.has(entryName)) {
    report.diagnostics.push({
      code: 'update/label-kept',
      severity: 'info',
      message: `${pathOf(def)}: its palette label "${entryName}" is kept: a Place Marker or Replace trait finds this piece by it, and would put down a blank piece if it changed`,
      file,
    });
    return;
  }
  let p = plan.pending.get(def.element);
  if (!p) plan.pending.set(def.element, (p = { def, traits: [...def.piece.traits] }));
  p.entryName = newName;
  record.places.push({ entry: buildFile, where: pathOf(def), what: 'attribute entryName', before: entryName, after: newName });
}

/**
 * Why a piece's name cannot be changed in the piece: it comes from a prototype's Basic Name trait,
 * or a prototype's trait answering the property BasicName, which names every piece using that
 * prototype alike (changing it would rename them all).
 */
function nameFromPrototype(facts: PieceFacts): string | undefined {
  if (facts.nameOrigin === undefined || facts.nameOrigin === '') return undefined;
  const trait = facts.nameCarrier ? `property BasicName of a ${CARRIER_TRAIT[facts.nameCarrier]} trait` : 'Basic Name trait';
  return `its name "${facts.name}" comes from the ${trait} of prototype "${facts.nameOrigin}", which names every piece using it`;
}

const CARRIER_TRAIT: Record<PropertyCarrier, string> = {
  mark: 'Marker',
  PROP: 'Dynamic Property',
  label: 'Text Label',
  sheet: 'Property Sheet',
};

const NAME_IN_PROTOTYPE_HINT =
  "rename it in VASSAL's editor (give the piece a Basic Name trait of its own above its prototypes, or change the prototype's if every piece using it is to be renamed), then import again";

type OwnString = (text: string) => string;

/**
 * Copies, one per text. A trait's text is a slice of its saved game's whole command string, and a
 * slice keeps that string alive: reported places would hold every patched save's text at once. The
 * places of a change repeat a few texts (the trait before and after, the piece ids of each save)
 * hundreds of thousands of times: one copy of each keeps the report, held to the end, small.
 */
function ownStrings(): OwnString {
  const copies = new Map<string, string>();
  return (text) => {
    let copy = copies.get(text);
    if (copy === undefined) {
      copy = Buffer.from(text, 'utf8').toString('utf8');
      copies.set(copy, copy);
    }
    return copy;
  };
}

/** A changed trait as a place's what/before/after: its state, or its type when that changed. */
function traitChange(own: OwnString, index: number, before: Trait, after: Trait): Pick<ChangedPlace, 'what' | 'before' | 'after'> {
  return {
    what: own(traitLabel(index, after.type === '' ? before : after)),
    before: own(before.type === after.type ? before.state : before.type),
    after: own(before.type === after.type ? after.state : after.type),
  };
}

// ---- the buildFile, edited in its own text

/** A buildFile to edit: the module's, or an extension's with its own tree. */
interface BuildFileDocument {
  name: string;
  bytes: Uint8Array;
  root: XmlElement;
}

/** Sets the edited buildFile (and moduledata, for a new title or version) in `out`, unless something failed. */
function editBuildFile(
  document: BuildFileDocument,
  entries: ReadonlyMap<string, Uint8Array>,
  module: ReadModule,
  pending: ReadonlyMap<XmlElement, PendingDefinition>,
  identity: Pick<DataChanges, 'title' | 'version'>,
  out: Map<string, Uint8Array>,
  report: UpdateReport,
): void {
  const { name: buildFile, bytes } = document;
  const editable = editableXml(bytes);
  if (!editable) {
    report.fail(
      `${buildFile} is neither UTF-8 nor ISO-8859-1 text; it cannot be edited without changing other bytes`,
      `save the module again in VASSAL's editor (which writes UTF-8), import it again and repeat the change`,
    );
    return;
  }
  const xml = editable.text;
  const spanOf = spanFinder(xml, document.root, pending);
  const edits = definitionEdits(xml, pending, spanOf, buildFile, report);
  const named = moduleIdentityEdits(xml, spanOf(module.root), buildFile, entries, module, identity);
  edits.push(...named.edits);
  report.applied.push(...named.applied);
  for (const problem of named.problems) report.fail(problem.message, problem.hint);
  if (hasError(report)) return;
  if (named.metadata) out.set(named.metadata.entry, named.metadata.bytes);
  out.set(buildFile, editable.encode(applyEdits(xml, edits)));
}

/** The text span of the root and of each changed definition element, located in one pass. */
function spanFinder(xml: string, root: XmlElement, pending: ReadonlyMap<XmlElement, PendingDefinition>): (el: XmlElement) => ElementSpan {
  const indexOf = new Map<XmlElement, number>();
  let i = 0;
  for (const el of walkElements(root)) {
    if (pending.has(el) || el === root) indexOf.set(el, i);
    i++;
  }
  const spans = elementSpans(xml, new Set(indexOf.values()));
  return (el) => spans.get(indexOf.get(el)!)!;
}

/** Each changed definition's text re-encoded in place, and its entryName where the label changed. */
function definitionEdits(
  xml: string,
  pending: ReadonlyMap<XmlElement, PendingDefinition>,
  spanOf: (el: XmlElement) => ElementSpan,
  buildFile: string,
  report: UpdateReport,
): RawEdit[] {
  const edits: RawEdit[] = [];
  for (const p of pending.values()) {
    const span = spanOf(p.def.element);
    const text = p.def.element.text ?? '';
    const trimmed = text.trim();
    if (encodePiece(p.def.piece) !== trimmed) {
      report.fail(`${pathOf(p.def)}: its definition does not re-encode as written; it was not changed`);
      continue;
    }
    const lead = text.length - text.trimStart().length;
    const after = text.slice(0, lead) + encodePiece({ id: p.def.piece.id, traits: p.traits }) + text.slice(lead + trimmed.length);
    const edit = textEdit(xml.slice(span.tagEnd, span.textEnd), span.tagEnd, text, after);
    if (!edit) report.fail(`${pathOf(p.def)}: its text could not be located in ${buildFile}`);
    else edits.push(edit);
    if (p.entryName !== undefined) {
      const a = attributeEdit(xml, span, 'entryName', p.entryName);
      if (a) edits.push(a);
    }
  }
  return edits;
}

/**
 * A saved game with the changed kinds' pieces patched, from its one reading by the module's saves
 * (which checks it too): each piece is taken as that reading decoded it. A save that reads with an
 * error, or past the expanded-trait limit, is left as it is: the module's save check refuses it.
 */
async function patchSave(
  saves: ModuleSaves,
  name: string,
  list: readonly SaveChange[],
  plan: Pick<UpdatePlan, 'prototypes' | 'own' | 'saveFlips' | 'flipRecords'>,
  report: Pick<UpdateReport, 'applied'>,
  epoch: number,
): Promise<{ bytes: Uint8Array } | { unchanged: true } | { problems: { message: string; hint?: string }[] }> {
  const { prototypes, own } = plan;
  const save = await saves.read(name, { keepArchive: true });
  if (!save?.archive || save.diagnostics.some((d) => d.severity === 'error')) return { unchanged: true };
  const { entries: inner, text } = save.archive;
  const { pieces } = save;
  const flipping = plan.saveFlips.get(name);
  const flips = flipping ? savedFaceDownEdits(flipping.scenarios, save, name, { ...flipping, prototypes }) : undefined;
  if (flips && flips.problems.length > 0) return { problems: flips.problems };
  let problem: string | undefined;
  let hint: string | undefined;
  // The commands come in the order the reading listed them: piece `next` is the next one decoded.
  let index = -1;
  let next = 0;
  const change = (command: string): string => {
    index++;
    if (problem) return command;
    while (next < pieces.length && pieces[next].command < index) next++;
    const saved = pieces[next];
    if (saved?.command !== index || !saved.clean) return command;
    const flip = flips?.edits.get(saved.piece.id);
    const facts = list.length > 0 ? factsOfTraits(saved.piece.traits, prototypes) : undefined;
    const key = facts ? matchKeyOf(facts) : undefined;
    if ((!flip && !list.some((c) => c.key === key)) || encodePiece(saved.piece) !== command) return command;
    let piece: PieceDefinition = saved.piece;
    for (const c of list) {
      if (c.key !== key) continue;
      const fromPrototype = c.source?.carrier === 'name' ? nameFromPrototype(facts!) : undefined;
      if (fromPrototype !== undefined) {
        problem = `${name}: piece ${saved.piece.id}: ${fromPrototype}`;
        return command;
      }
      const patched = c.patch(piece.traits);
      if ('problem' in patched) {
        problem = `${name}: piece ${piece.id}: ${patched.problem}`;
        hint = patched.hint;
        return command;
      }
      if ('absent' in patched || 'unchanged' in patched) continue; // carried by a prototype, or already set
      piece = { id: piece.id, traits: patched.traits };
      const { index: trait, before, after } = patched.change;
      c.record.places.push({ entry: name, where: own(`piece ${piece.id}`), ...traitChange(own, trait, before, after) });
    }
    if (flip) {
      const was = piece.traits[flip.index];
      const now = { type: was.type, state: flip.state };
      piece = { id: piece.id, traits: piece.traits.map((t, i) => (i === flip.index ? now : t)) };
      const place = { entry: name, where: own(`piece ${piece.id}`), ...traitChange(own, flip.index, was, now) };
      flipRecord(plan, report, flip).places.push(place);
    }
    return piece === saved.piece ? command : encodePiece(piece);
  };
  const result = patchSavedGamePayload(inner.get(SAVED_GAME_ENTRY)!, change, name, { text, encoding: save.encoding });
  if (problem) return { problems: [{ message: problem, ...(hint ? { hint } : {}) }] };
  if ('problem' in result) return { problems: [{ message: result.problem }] };
  if ('unchanged' in result) return result;
  return {
    bytes: await writeZip(
      [...inner].map(([path, data]) => ({ path, data: path === SAVED_GAME_ENTRY ? result.payload : data })),
      epoch,
    ),
  };
}
