/**
 * counters.json's masks (`vassal.masks`) against the module's: for each counter kind, the Mask the
 * data lists it under now and the Mask its piece carries (read as the import reads it,
 * ../import/masks.ts, pictures named as files of the folder). Where they differ, the Mask trait to
 * change, add or remove in the kind's pieces (./mask-traits.ts); a Mask a prototype gives is changed
 * in the prototype, once, where every counter using it changes alike (./prototype-masks.ts). A
 * picture the module lacks, copies of one counter listed apart, a prototype's Mask changed for some
 * of its counters only: refused, saying why. Pure.
 */
import type { CounterMaskFile, MaskTypeFile } from '../../model/files';
import type { PrototypeIndex } from '../import/properties';
import { carriedMask, inFolder } from '../import/masks';
import { SIDECAR_MODULE_DIR, type SidecarIndex } from '../import/sidecar';
import { MASK_DEFAULTS, MASK_TRAIT_FIELDS, maskTraitFields } from '../module/masks';
import { IMAGES_DIR, type DefinitionRecord } from '../reader/module';
import { maskType, type Trait } from '../traits/index';
import { pathOf } from './component-path';
import type { MaskTraitEdit } from './mask-traits';
import { maskHolder, prototypeMaskGroups, type PrototypeMaskWish } from './prototype-masks';

/** One counter kind's Mask to change in each of its pieces. */
export interface KindMaskEdit {
  /** "unit scout" or "marker fog". */
  subject: string;
  /** The match key of the kind's pieces. */
  matchKey: string;
  edit: MaskTraitEdit;
  /** The masks as the data states them (JSON), "none" for no Mask. */
  before: string;
  after: string;
}

/** A prototype's Mask to change in its definition: every counter using it changes alike. */
export interface PrototypeMaskEdit {
  prototype: string;
  definition: DefinitionRecord;
  /** The counters using it ("unit scout"), and their pieces' match keys. */
  subjects: string[];
  matchKeys: string[];
  edit: MaskTraitEdit;
  before: string;
  after: string;
}

export interface MaskEditsInput {
  sidecar: SidecarIndex;
  /** counters.json's `vassal.masks` now. */
  masks: readonly CounterMaskFile[];
  slotsByKey: ReadonlyMap<string, readonly DefinitionRecord[]>;
  prototypes: PrototypeIndex;
  /** The module's entry names (a picture must be one of its images). */
  files: ReadonlySet<string> | ReadonlyMap<string, unknown>;
  /** A module image name as the import names the picture in the folder (../import/import-module.ts `maskPictureOf`). */
  picture: (image: string) => string;
}

/** A counter kind: its ids in the data, the match key of its pieces, and the definition the import read its Mask from. */
interface MaskedKind {
  subject: string;
  ids: string[];
  list: 'units' | 'markers';
  matchKey?: string;
  reference?: DefinitionRecord;
  /** Why the kind's Mask cannot be told from the definitions. */
  unread?: string;
}

export function counterMaskEdits(input: MaskEditsInput): {
  edits: KindMaskEdit[];
  prototypeEdits: PrototypeMaskEdit[];
  problems: { message: string; hint?: string }[];
} {
  const edits: KindMaskEdit[] = [];
  const problems: { message: string; hint?: string }[] = [];
  const fromPrototypes: (PrototypeMaskWish & { mask: MaskTypeFile; wanted?: MaskTypeFile })[] = [];
  const kinds = maskedKinds(input);
  for (const kind of kinds) {
    const listed = [...new Set(kind.ids.map((id) => input.masks.findIndex((m) => m[kind.list]?.includes(id))))];
    if (listed.length > 1) {
      problems.push({
        message: `the copies of ${kind.subject} (${kind.ids.join(', ')}) are listed under different masks in counters.json; the module holds one piece definition for all of them`,
        hint: 'list every copy under the same mask, or none',
      });
      continue;
    }
    const entry = listed[0] >= 0 ? input.masks[listed[0]] : undefined;
    const wanted = entry ? maskOfEntry(entry) : undefined;
    const found = kind.reference ? ownMask(kind.reference, input) : undefined;
    if (found?.prototype !== undefined) {
      if (!sameMask(found.mask, wanted) && kind.matchKey !== undefined)
        fromPrototypes.push({
          subject: kind.subject,
          matchKey: kind.matchKey,
          prototype: found.prototype,
          trait: found.trait,
          mask: found.mask,
          ...(wanted ? { wanted } : {}),
          wantedKey: wanted ? JSON.stringify(fullMask(wanted)) : 'none',
        });
      continue;
    }
    if (sameMask(found?.mask, wanted)) continue;
    if (kind.unread !== undefined || kind.matchKey === undefined || !kind.reference) {
      problems.push({
        message: `the mask of ${kind.subject} changed in counters.json, but ${kind.unread ?? 'the import recorded no palette piece of it'}; update cannot tell which pieces carry it`,
        hint: "change the Mask in VASSAL's editor, or put it back as imported",
      });
      continue;
    }
    const edit = traitEdit(kind.subject, found, wanted, input, problems);
    if (edit)
      edits.push({
        subject: kind.subject,
        matchKey: kind.matchKey,
        edit,
        before: found ? JSON.stringify(found.mask) : 'none',
        after: wanted ? JSON.stringify(wanted) : 'none',
      });
  }
  return { edits, prototypeEdits: prototypeEdits(fromPrototypes, kinds, input, problems), problems };
}

/** The prototypes' Masks to change: each prototype whose counters all change alike, once. */
function prototypeEdits(
  wishes: readonly (PrototypeMaskWish & { mask: MaskTypeFile; wanted?: MaskTypeFile })[],
  kinds: readonly MaskedKind[],
  input: MaskEditsInput,
  problems: { message: string; hint?: string }[],
): PrototypeMaskEdit[] {
  const subjects = new Map(kinds.flatMap((k) => (k.matchKey !== undefined ? [[k.matchKey, k.subject] as const] : [])));
  const grouped = prototypeMaskGroups(wishes, input.slotsByKey, input.prototypes, (key) => subjects.get(key));
  problems.push(...grouped.problems);
  const edits: PrototypeMaskEdit[] = [];
  for (const { prototype, definition, trait, wishes: list } of grouped.groups) {
    const { mask, wanted } = wishes.find((w) => w.prototype === prototype)!;
    const edit = traitEdit(`prototype "${prototype}"`, { mask, type: trait.type }, wanted, input, problems);
    if (edit)
      edits.push({
        prototype,
        definition,
        subjects: list.map((w) => w.subject),
        matchKeys: list.map((w) => w.matchKey),
        edit,
        before: JSON.stringify(mask),
        after: wanted ? JSON.stringify(wanted) : 'none',
      });
  }
  return edits;
}

/** The palette units (with their copies) and the markers, each with the definition its Mask was read from. */
function maskedKinds({ sidecar, slotsByKey }: MaskEditsInput): MaskedKind[] {
  const kinds: MaskedKind[] = [];
  const copies = new Map<string, string[]>();
  for (const [id, unit] of Object.entries(sidecar.units))
    if (unit.copyOf !== undefined) copies.set(unit.copyOf, [...(copies.get(unit.copyOf) ?? []), id]);
  for (const [id, unit] of Object.entries(sidecar.units)) {
    if (unit.copyOf !== undefined) continue;
    const slots = unit.matchKey !== undefined ? (slotsByKey.get(unit.matchKey) ?? []) : [];
    kinds.push({
      subject: `unit ${id}`,
      ids: [id, ...(copies.get(id) ?? [])],
      list: 'units',
      ...(unit.matchKey !== undefined ? { matchKey: unit.matchKey } : {}),
      ...referenceOf(slots, unit.path),
    });
  }
  for (const [id, origin] of Object.entries(sidecar.markerOrigins ?? {})) {
    const slots = origin.matchKey !== undefined ? (slotsByKey.get(origin.matchKey) ?? []) : [];
    const kind: MaskedKind = {
      subject: `marker ${id}`,
      ids: [id],
      list: 'markers',
      ...(origin.matchKey !== undefined ? { matchKey: origin.matchKey } : {}),
      ...referenceOf(slots, origin.from === 'palette slot' ? origin.path : undefined),
    };
    if (origin.from === 'saved game') kind.unread = `its pieces lie in the saved game ${origin.file} only`;
    else if (origin.matchKey === undefined) kind.unread = 'the folder was imported before update carried markers (import the module again)';
    kinds.push(kind);
  }
  return kinds;
}

/** The definition at `path` (a palette slot), else the first of the kind's (its first placed copy). */
function referenceOf(slots: readonly DefinitionRecord[], path: string | undefined): { reference?: DefinitionRecord } {
  const reference = (path !== undefined ? slots.find((def) => pathOf(def) === path) : undefined) ?? slots[0];
  return reference ? { reference } : {};
}

/** A piece's first Mask: as the import reads it, its trait, and the prototype holding that trait (none: the piece's own). */
interface FoundMask {
  mask: MaskTypeFile;
  type: string;
  trait: Trait;
  prototype?: string;
}

/** The first Mask of a piece (as the import reads it): its own trait, or the one of the prototype giving it. */
function ownMask(def: DefinitionRecord, { prototypes, picture }: MaskEditsInput): FoundMask | undefined {
  const held = maskHolder(def.piece.traits, prototypes);
  if (!held) return undefined;
  return {
    mask: inFolder(carriedMask([held.trait], prototypes)!, picture),
    type: held.trait.type,
    trait: held.trait,
    ...(held.prototype !== undefined ? { prototype: held.prototype } : {}),
  };
}

function maskOfEntry(entry: CounterMaskFile): MaskTypeFile {
  const { units: _units, markers: _markers, ...mask } = entry;
  return mask;
}

/** Fields in a fixed order, a field left out as a build writes it. */
function fullMask(mask: MaskTypeFile): Required<MaskTypeFile> {
  return { ...MASK_DEFAULTS, ...mask };
}

function sameMask(a: MaskTypeFile | undefined, b: MaskTypeFile | undefined): boolean {
  if (!a || !b) return a === b;
  return JSON.stringify(fullMask(a)) === JSON.stringify(fullMask(b));
}

/** The trait edit taking the piece's Mask to the wanted one; undefined (with a problem) where it cannot be written. */
function traitEdit(
  subject: string,
  found: { mask: MaskTypeFile; type: string } | undefined,
  wanted: MaskTypeFile | undefined,
  { files }: MaskEditsInput,
  problems: { message: string; hint?: string }[],
): MaskTraitEdit | undefined {
  if (!wanted) return found ? { kind: 'remove', before: found.type } : undefined;
  const missing = new Set<string>();
  const moduleImage = (file: string): string => {
    const name = file.startsWith(`${SIDECAR_MODULE_DIR}/${IMAGES_DIR}`)
      ? file.slice(`${SIDECAR_MODULE_DIR}/${IMAGES_DIR}`.length)
      : undefined;
    if (file !== '' && (name === undefined || !files.has(IMAGES_DIR + name))) missing.add(file);
    return name ?? '';
  };
  const fields = maskTraitFields(wanted, moduleImage);
  const changed = found
    ? (Object.keys(MASK_TRAIT_FIELDS) as (keyof MaskTypeFile)[]).filter(
        (f) => JSON.stringify(fullMask(found.mask)[f]) !== JSON.stringify(fullMask(wanted)[f]),
      )
    : (Object.keys(MASK_TRAIT_FIELDS) as (keyof MaskTypeFile)[]);
  const pictures = [...missing].filter(
    (file) => (changed.includes('image') && wanted.image === file) || (changed.includes('style') && wanted.style === `G${file}`),
  );
  if (pictures.length > 0) {
    problems.push({
      message: `the mask of ${subject} shows ${pictures.map((p) => `"${p}"`).join(', ')}, which is no image of the module (${SIDECAR_MODULE_DIR}/${IMAGES_DIR}…); update does not add images to the module`,
      hint: "add the picture in VASSAL's editor, or choose one of the module's images",
    });
    return undefined;
  }
  if (!found) return { kind: 'add', type: maskType.encode(fields) };
  const decoded = maskType.decode(found.type);
  if (maskType.encode(decoded) !== found.type) {
    problems.push({ message: `${subject}: its Mask trait does not re-encode as written; it was not changed` });
    return undefined;
  }
  const after = { ...decoded };
  for (const field of changed) for (const name of MASK_TRAIT_FIELDS[field]) after[name] = fields[name];
  return { kind: 'change', before: found.type, after: maskType.encode(after) };
}
