/**
 * Masks (Obscurable, `obs;`) as the data keeps them: a counter's Mask, and a placed piece that
 * starts face down (its Mask's state naming who masked it, Obscurable.mySetState: "null" when
 * shown). Fields are read as VASSAL reads them (Obscurable.mySetType: an absent field takes
 * VASSAL's default) and kept only where they differ from what a build writes for a field left out.
 */
import type { CounterMaskFile, MaskFile, MaskTypeFile } from '../../model/files';
import { MASK_DEFAULTS } from '../module/masks';
import type { DefinitionRecord } from '../reader/module';
import { MASK_ID, USE_PROTOTYPE_ID, decodeMaskAccess, decodeUsePrototypeType, maskType, type MaskType } from '../traits/index';
import { attribute } from '../xml-tree';
import type { PrototypeIndex } from './properties';

/**
 * The Mask hiding a placed piece, if the first Mask it carries hides it: its traits outermost
 * first, each prototype's in its place with the state its definition gives (as VASSAL expands a
 * piece placed from its definition, PieceCloner.clonePiece), a prototype met again skipped.
 */
export function hidingMask(
  traits: readonly { type: string; state: string }[],
  prototypes: PrototypeIndex,
  seen: Set<string> = new Set(),
): MaskFile | undefined {
  const found = firstMask(traits, prototypes, seen);
  if (!found) return undefined;
  const by = found.state.split(';')[0];
  return by === '' || by === 'null' ? undefined : { ...maskOfType(maskType.decode(found.type)), by };
}

/**
 * The first Mask trait of a piece's expanded traits (see hidingMask). With `reach`, a prototype
 * whose expansion holds no Mask is passed over unexpanded: expanding it would find none, and the
 * prototypes it would mark as met hold none either, so the answer is the same.
 */
function firstMask(
  traits: readonly { type: string; state: string }[],
  prototypes: PrototypeIndex,
  seen: Set<string>,
  reach?: MaskReach,
): { type: string; state: string } | undefined {
  for (const t of traits) {
    if (t.type.startsWith(MASK_ID)) return t;
    if (!t.type.startsWith(USE_PROTOTYPE_ID)) continue;
    const name = reach ? reach.nameIn(t.type) : prototypeNameIn(t.type);
    const prototype = prototypes.get(name);
    if (!prototype || seen.has(name) || (reach && !reach.holdsMask(name))) continue;
    seen.add(name);
    const found = firstMask(prototype.piece.traits, prototypes, seen, reach);
    if (found) return found;
  }
  return undefined;
}

function prototypeNameIn(type: string): string {
  return decodeUsePrototypeType(type).prototypeName ?? '';
}

/**
 * Which prototypes hold a Mask somewhere in their expansion (their own traits, or those of the
 * prototypes they use, transitively), each found once for the many pieces using them; most
 * modules' prototypes hold none. For one prototype index, left unchanged while it is used.
 */
class MaskReach {
  private readonly holding = new Map<string, boolean>();
  /** The prototype each use-prototype trait type names: the pieces of a module use a few. */
  private readonly names = new Map<string, string>();

  constructor(private readonly prototypes: PrototypeIndex) {}

  nameIn(type: string): string {
    let name = this.names.get(type);
    if (name === undefined) {
      name = prototypeNameIn(type);
      this.names.set(type, name);
    }
    return name;
  }

  holdsMask(name: string): boolean {
    let holds = this.holding.get(name);
    if (holds === undefined) {
      holds = this.search(name);
      this.holding.set(name, holds);
    }
    return holds;
  }

  /** Whether a Mask is met expanding `start`, each prototype looked at once. */
  private search(start: string): boolean {
    const met = new Set([start]);
    const pending = [start];
    while (pending.length > 0) {
      const def = this.prototypes.get(pending.pop()!);
      if (!def) continue;
      for (const t of def.piece.traits) {
        if (t.type.startsWith(MASK_ID)) return true;
        if (!t.type.startsWith(USE_PROTOTYPE_ID)) continue;
        const name = this.nameIn(t.type);
        if (!met.has(name)) {
          met.add(name);
          pending.push(name);
        }
      }
    }
    return false;
  }
}

/**
 * The first Mask a piece carries, whatever its state: its traits outermost first, each
 * prototype's in its place (as VASSAL expands them), a prototype met again skipped.
 */
export function carriedMask(
  traits: readonly { type: string; state: string }[],
  prototypes: PrototypeIndex,
  seen: Set<string> = new Set(),
  reach?: MaskReach,
): MaskTypeFile | undefined {
  const found = firstMask(traits, prototypes, seen, reach);
  return found ? maskOfType(maskType.decode(found.type)) : undefined;
}

/**
 * counters.json's masks: those the palette units carry (each copy a setup adds carrying its
 * unit's), and the markers': a palette slot's (`gpid` and entry name) where the marker was read
 * from one and it carries a Mask, else its first placed copy's (`carried`, the marker of a deck's
 * cards: a deck lays its cards face down by their Masks); pictures as files of the folder
 * (`picture`, as the scenarios' masks). One entry per distinct Mask, listing its counters.
 */
export function counterMasks(
  units: ReadonlyArray<{ id: string; definition: DefinitionRecord }>,
  copies: ReadonlyArray<{ of: { id: string }; id: string }>,
  markerSlots: ReadonlyArray<{ id: string; gpid: string; entryName: string }>,
  carried: Readonly<Record<string, MaskTypeFile>>,
  definitions: readonly DefinitionRecord[],
  prototypes: PrototypeIndex,
  picture: (image: string) => string,
): CounterMaskFile[] | undefined {
  const unitMasks = new Map<string, MaskTypeFile>();
  // Copies of a counter share their definition's traits (reader/module.ts): its Mask, or that it
  // has none (null), is read once for all of them, not once per unit with its prototypes decoded.
  const maskOfTraits = new Map<DefinitionRecord['piece']['traits'], MaskTypeFile | null>();
  const reach = new MaskReach(prototypes);
  for (let i = 0; i < units.length; i++) {
    const { traits } = units[i].definition.piece;
    let mask = maskOfTraits.get(traits);
    if (mask === undefined) {
      const carried = carriedMask(traits, prototypes, new Set(), reach);
      mask = carried ? inFolder(carried, picture) : null;
      maskOfTraits.set(traits, mask);
    }
    if (mask !== null) unitMasks.set(units[i].id, mask);
  }
  for (const c of copies) {
    const mask = unitMasks.get(c.of.id);
    if (mask) unitMasks.set(c.id, mask);
  }
  const markerMasks = new Map<string, MaskTypeFile>(Object.entries(carried));
  if (markerSlots.length > 0) {
    const fromPalette = new Set<string>();
    const slotKey = (gpid: string, entryName: string) => `${gpid}\u0000${entryName}`;
    const wanted = new Map(markerSlots.map((m) => [slotKey(m.gpid, m.entryName), m.id]));
    for (const def of definitions) {
      if (def.kind !== 'slot') continue;
      const id = wanted.get(slotKey(attribute(def.element, 'gpid') ?? '', attribute(def.element, 'entryName') ?? ''));
      if (id === undefined || fromPalette.has(id)) continue;
      fromPalette.add(id);
      const mask = carriedMask(def.piece.traits, prototypes, new Set(), reach);
      if (mask) markerMasks.set(id, inFolder(mask, picture));
    }
  }
  if (unitMasks.size === 0 && markerMasks.size === 0) return undefined;
  return distinctMasks(unitMasks, markerMasks);
}

/** One entry per distinct Mask with the units and markers carrying it, ids in order, entries in their first counter's order (units first). */
function distinctMasks(unitMasks: ReadonlyMap<string, MaskTypeFile>, markerMasks: ReadonlyMap<string, MaskTypeFile>): CounterMaskFile[] {
  const entries = new Map<string, { mask: MaskTypeFile; units: string[]; markers: string[] }>();
  const add = (masks: ReadonlyMap<string, MaskTypeFile>, kind: 'units' | 'markers') => {
    for (const [id, mask] of Object.entries(byId(masks))) {
      const key = JSON.stringify(Object.entries(mask).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      let entry = entries.get(key);
      if (!entry) entries.set(key, (entry = { mask, units: [], markers: [] }));
      entry[kind].push(id);
    }
  };
  add(unitMasks, 'units');
  add(markerMasks, 'markers');
  return [...entries.values()].map(({ mask, units, markers }) => ({
    ...(units.length > 0 ? { units } : {}),
    ...(markers.length > 0 ? { markers } : {}),
    ...mask,
  }));
}

/** Masks by piece id, in id order (the same data whatever order they were read in). */
export function byId<T>(masks: ReadonlyMap<string, T>): Record<string, T> {
  return Object.fromEntries([...masks].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A mask with its pictures as files of the folder: a style showing another picture the folder lacks shows the mask inset. */
export function inFolder<T extends MaskTypeFile>(mask: T, picture: (image: string) => string): T {
  const other = mask.style.startsWith('G') ? picture(mask.style.slice(1)) : undefined;
  const style = other === undefined ? mask.style : other !== '' ? `G${other}` : 'I';
  return { ...mask, image: picture(mask.image), style };
}

/** A Mask's type as the data keeps it; its pictures are the module's image names. */
function maskOfType(type: MaskType): MaskTypeFile {
  const styled = type.displayStyle !== undefined;
  const read = {
    key: type.key ?? '',
    menu: type.maskMenuText ?? MASK_DEFAULTS.menu,
    name: type.maskName ?? '?',
    access: decodeMaskAccess(type.access),
    peek: type.peekText ?? 'Peek',
    description: type.description ?? '',
    // New pieces peek on rollover, those of a Mask written before the style field did not.
    autoPeek: type.autoPeekRollover === undefined ? !styled : type.autoPeekRollover === 'true',
    dealKey: type.dealKey ?? '',
    dealExpression: type.dealExpression ?? '',
  };
  const differing = Object.entries(read).filter(
    ([field, value]) => JSON.stringify(value) !== JSON.stringify(MASK_DEFAULTS[field as keyof typeof read]),
  );
  return { image: type.maskImage ?? '', style: type.displayStyle || 'I', ...Object.fromEntries(differing) };
}
