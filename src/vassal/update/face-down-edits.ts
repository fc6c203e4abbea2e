/**
 * The face-down pieces of a setup as scenarios.json says them now (a placement's `faceDown`, the
 * Mask hiding it in the scenario's `vassal.unitMasks` / `masks`) against the module's: each counter
 * kind's pieces in the at-start stacks, or in the saved game of a predefined setup, face down where
 * their own Mask's state names who masked them (../import/masks.ts `hidingMask`). A kind whose
 * face-down count changed is turned over where that tells which pieces: all of the kind face down,
 * or none; else place by place (a hex, a named stack: an at-start stack, a saved game's deck, where
 * the pieces stand as the import read them, ./setup-places.ts), as many of the kind's pieces there
 * as its face-down count there changed by: all of those lying the other way, or some of them where
 * they are interchangeable (./alike-pieces.ts), the first in the module's order. The Mask trait's
 * state alone changes, its first field (who masked the piece), the rest kept. Anything else is
 * refused, saying why and where. Pure.
 */
import type { MarkerPlacementFile, MaskFile, MaskTypeFile, PlacementFile, ScenarioFile } from '../../model/files';
import { MASKED_OPTIONS, UNMASKED } from '../module/masks';
import { hidingMask, carriedMask, inFolder } from '../import/masks';
import { factsOfTraits, pieceFacts, type PrototypeIndex } from '../import/properties';
import { savedDecks } from '../import/saved-decks';
import { stackOf } from '../import/scenarios';
import type { SidecarIndex } from '../import/sidecar';
import { stackFolders } from '../import/start-places';
import type { SetupPlaces } from './setup-places';
import { interchangeable } from './alike-pieces';
import { matchKeyOf } from '../import/units';
import type { DefinitionRecord } from '../reader/module';
import type { SavedGameContents, SavedPiece } from '../reader/saved-game';
import { decodeSequence, encodeSequence } from '../sequence-encoder';
import { MASK_ID, type Trait } from '../traits/index';

/** One piece turned over: the piece (an at-start definition, a saved piece) and its Mask trait's new state. */
export interface TurnOver<T> {
  item: T;
  /** The index of its Mask trait. */
  index: number;
  state: string;
  /** "unit scout in scenario setup". */
  subject: string;
  faceDown: boolean;
}

/** An at-start piece turned over in its definition. */
export type FaceDownEdit = TurnOver<DefinitionRecord>;

export interface FaceDownInput {
  sidecar: SidecarIndex;
  scenarios: readonly ScenarioFile[];
  definitions: readonly DefinitionRecord[];
  prototypes: PrototypeIndex;
  /** A module image name as the import names the picture in the folder. */
  picture: (image: string) => string;
  places: SetupPlaces;
}

type Problem = { message: string; hint?: string };

/** A piece of a setup: the piece, its traits, its place (placeKey), whether it lies face down. */
interface StackPiece<T> {
  item: T;
  traits: readonly Trait[];
  place: string;
  masked: boolean;
}

/** The data's pieces of one kind in a scenario: ids listed, those face down, and the Masks hiding them. */
interface ListedKind {
  subject: string;
  total: number;
  faceDown: number;
  /** Per place (placeKey), the face-down count and total, and the place in words. */
  perPlace: Map<string, { faceDown: number; total: number; label: string }>;
  masks: MaskFile[];
}

/** A place of a setup as its placements and its pieces both tell it: the stack named apart (with its editor folders) and the hex. */
interface Place {
  stack?: string;
  folders?: readonly string[];
  hex?: string;
}

const placeKey = ({ stack, folders, hex }: Place) => JSON.stringify([stack ?? null, folders ?? [], hex ?? null]);

const placeLabel = ({ stack, hex }: Place) =>
  stack !== undefined
    ? `stack ${stack}${hex !== undefined ? ` in hex ${hex}` : ''}`
    : hex !== undefined
      ? `hex ${hex}`
      : 'outside the hexes';

export function faceDownEdits(input: FaceDownInput): { edits: FaceDownEdit[]; problems: Problem[]; compared: boolean } {
  const atStart = input.scenarios.find((s) => s.vassal?.setup === 'at-start stacks');
  if (!atStart) return { edits: [], problems: [], compared: false };
  return { ...turnedPieces(atStart, stackPieces(input), 'at-start stacks', input), compared: true };
}

/** The saved-game scenarios of scenarios.json, by the module entry of their saved game. */
export function savedGameScenarios(scenarios: readonly ScenarioFile[]): Map<string, ScenarioFile[]> {
  const byFile = new Map<string, ScenarioFile[]>();
  for (const s of scenarios) {
    const file = s.vassal?.setup === 'saved game' ? s.vassal.file : undefined;
    if (file !== undefined) byFile.set(file, [...(byFile.get(file) ?? []), s]);
  }
  return byFile;
}

/**
 * The pieces of a saved game to turn over for the scenarios it holds: by piece id, each turned at
 * most one way (two scenarios of one save asking otherwise are refused).
 */
export function savedFaceDownEdits(
  scenarios: readonly ScenarioFile[],
  save: SavedGameContents,
  file: string,
  input: Omit<FaceDownInput, 'scenarios' | 'definitions'>,
): { edits: Map<string, TurnOver<SavedPiece>>; problems: Problem[] } {
  const pieces = savedPieces(save, input);
  const edits = new Map<string, TurnOver<SavedPiece>>();
  const problems: Problem[] = [];
  for (const scenario of scenarios) {
    const found = turnedPieces(scenario, pieces, `the saved game ${file}`, input);
    problems.push(...found.problems);
    for (const edit of found.edits) {
      const other = edits.get(edit.item.id);
      if (other && other.state !== edit.state)
        problems.push({ message: `${file}: piece ${edit.item.id} is turned both ways, by ${other.subject} and by ${edit.subject}` });
      else if (!edit.item.clean)
        problems.push({
          message: `${edit.subject}: piece ${edit.item.id} of ${file} does not re-encode as written; it was not turned over`,
        });
      else edits.set(edit.item.id, edit);
    }
  }
  return { edits, problems };
}

/** A saved game's pieces on a map by their kind's match key, each at its hex: a named deck's cards in its stack too. */
function savedPieces(
  save: SavedGameContents,
  { prototypes, places }: Pick<FaceDownInput, 'prototypes' | 'places'>,
): Map<string, StackPiece<SavedPiece>[]> {
  const byKey = new Map<string, StackPiece<SavedPiece>[]>();
  const hexOf = places.savedHexes(save.commands);
  const add = (piece: SavedPiece, at: { mapId: string; x: number; y: number }, stack?: string) => {
    const key = matchKeyOf(factsOfTraits(piece.piece.traits, prototypes));
    const { traits } = piece.piece;
    const place = placeKey({ ...(stack !== undefined ? { stack } : {}), hex: hexOf(at.mapId, at.x, at.y) });
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = []));
    list.push({ item: piece, traits, place, masked: hidingMask(traits, prototypes) !== undefined });
  };
  const onMap = (mapId: string) => mapId !== 'null' && mapId !== '';
  const { decks, inDeck } = savedDecks(save);
  for (const piece of save.pieces) if (onMap(piece.mapId) && !inDeck.has(piece)) add(piece, piece);
  for (const { record, name, cards } of decks)
    if (onMap(record.mapId)) for (const card of cards) add(card, record, name !== '' ? name : undefined);
  return byKey;
}

/** The pieces of one setup to turn over, by kind, where the scenario's counts tell which. */
function turnedPieces<T>(
  scenario: ScenarioFile,
  pieces: ReadonlyMap<string, readonly StackPiece<T>[]>,
  holder: string,
  input: Pick<FaceDownInput, 'sidecar' | 'prototypes' | 'picture'>,
): { edits: TurnOver<T>[]; problems: Problem[] } {
  const edits: TurnOver<T>[] = [];
  const problems: Problem[] = [];
  for (const [matchKey, listed] of listedKinds(scenario, input.sidecar)) {
    const mine = pieces.get(matchKey) ?? [];
    const masked = mine.filter((p) => p.masked).length;
    const what = `${listed.subject} in scenario ${scenario.id}`;
    if (mine.length !== listed.total) {
      if (masked !== listed.faceDown)
        problems.push({
          message: `${what}: the module's ${holder} hold ${mine.length} of its pieces, the scenario places ${listed.total}; update cannot tell which to turn over`,
        });
      continue;
    }
    const wanted = turned(mine, listed, masked);
    if ('problem' in wanted) {
      problems.push({
        message: `${what}: ${wanted.problem}`,
        hint: "turn the pieces over in VASSAL's editor (or give them a stack of their own there) and import again, or put `faceDown` back as imported",
      });
      continue;
    }
    for (const { piece, faceDown } of wanted.turn) {
      const edit = turnOver(piece, faceDown, listed, what, input, problems);
      if (edit) edits.push(edit);
    }
    if (wanted.turn.length === 0) checkHidingMasks(mine, listed, what, input, problems);
  }
  return { edits, problems };
}

/** The at-start pieces (in SetupStacks and DrawPiles) by their kind's match key. */
function stackPieces({ definitions, prototypes, places }: FaceDownInput): Map<string, StackPiece<DefinitionRecord>[]> {
  const byKey = new Map<string, StackPiece<DefinitionRecord>[]>();
  for (const def of definitions) {
    const stack = def.kind === 'slot' ? stackOf(def.ancestors) : undefined;
    if (!stack || !/\.(SetupStack|DrawPile)$/.test(stack.name)) continue;
    const key = matchKeyOf(pieceFacts(def, prototypes));
    const list = byKey.get(key) ?? [];
    list.push({
      item: def,
      traits: def.piece.traits,
      place: placeKey({ ...places.atStart(stack, def.ancestors), folders: stackFolders(def.ancestors) }),
      masked: hidingMask(def.piece.traits, prototypes) !== undefined,
    });
    byKey.set(key, list);
  }
  return byKey;
}

/** The scenario's units and markers per kind (match key), counted as placed and face down. */
function listedKinds(scenario: ScenarioFile, sidecar: SidecarIndex): Map<string, ListedKind> {
  const kinds = new Map<string, ListedKind>();
  const count = (matchKey: string | undefined, subject: string, p: PlacementFile | MarkerPlacementFile, mask: MaskFile | undefined) => {
    if (matchKey === undefined) return;
    let kind = kinds.get(matchKey);
    if (!kind) kinds.set(matchKey, (kind = { subject, total: 0, faceDown: 0, perPlace: new Map(), masks: [] }));
    const place: Place = {
      ...(p.stack !== undefined ? { stack: p.stack } : {}),
      ...(p.folders !== undefined ? { folders: p.folders } : {}),
      ...(p.hex !== undefined ? { hex: p.hex } : {}),
    };
    const at = placeKey(place);
    const there = kind.perPlace.get(at) ?? { faceDown: 0, total: 0, label: placeLabel(place) };
    kind.perPlace.set(at, there);
    kind.total++;
    there.total++;
    if (!p.faceDown) return;
    kind.faceDown++;
    there.faceDown++;
    if (mask) kind.masks.push(mask);
  };
  for (const p of scenario.setup ?? [])
    for (const id of p.units ?? []) {
      const kind = sidecar.units[id]?.copyOf ?? id;
      count(sidecar.units[kind]?.matchKey, `unit ${kind}`, p, scenario.vassal?.unitMasks?.[id]);
    }
  for (const m of scenario.markers ?? [])
    count(sidecar.markerOrigins?.[m.marker]?.matchKey, `marker ${m.marker}`, m, scenario.vassal?.masks?.[m.marker]);
  return kinds;
}

/**
 * The pieces to turn over: every one of the kind to one side, where the counts say which; else,
 * place by place (hex, named stack), as many of the kind there as the place's face-down count
 * changed by (so pieces swapping sides between places turn too): all of those lying the other way,
 * or, where only some of them turn, the first in the module's order (an at-start stack's slots as
 * the buildFile lists them, the bottom of the stack first; a saved game's pieces as it adds them)
 * when those lying the other way are interchangeable (./alike-pieces.ts: turning any of them gives
 * the same game). A place where some are to turn and the module's pieces there do not tell which
 * (those lying the other way differ, or not as many there as the data places) is named in the
 * problem, unless the kind lies face down as many as before (no flip of it, then).
 */
function turned<P extends { place: string; masked: boolean; traits: readonly Trait[] }>(
  mine: readonly P[],
  listed: ListedKind,
  masked: number,
): { turn: { piece: P; faceDown: boolean }[] } | { problem: string } {
  const all = (list: readonly P[], faceDown: boolean) => list.filter((p) => p.masked !== faceDown).map((piece) => ({ piece, faceDown }));
  if (listed.faceDown === 0 || listed.faceDown === listed.total) return { turn: all(mine, listed.faceDown > 0) };
  const turn: { piece: P; faceDown: boolean }[] = [];
  const unclear: string[] = [];
  for (const [place, counts] of listed.perPlace) {
    const there = mine.filter((p) => p.place === place);
    const down = there.filter((p) => p.masked).length;
    if (down === counts.faceDown) continue;
    const faceDown = counts.faceDown > down;
    const others = there.filter((p) => p.masked !== faceDown);
    const count = Math.abs(counts.faceDown - down);
    const wanted = `${counts.label}: ${counts.faceDown} of its ${counts.total} pieces there are to lie face down`;
    if (there.length !== counts.total) unclear.push(`${wanted}, the module has ${there.length} there`);
    else if (count === others.length || interchangeable(others)) turn.push(...others.slice(0, count).map((piece) => ({ piece, faceDown })));
    else unclear.push(`${wanted}, ${down} lie so now, and its ${faceDown ? 'face-up' : 'face-down'} pieces there differ`);
  }
  // As many face down as before, in places that do not tell: read as no flip, the data as imported.
  if (unclear.length > 0 && listed.faceDown === masked) return { turn: [] };
  if (unclear.length > 0) return { problem: `${unclear.join('; ')}; which of its pieces to turn over cannot be told` };
  return { turn };
}

/** The piece's own Mask set to hide it (by whom the scenario's Mask says) or to show it. */
function turnOver<T>(
  piece: StackPiece<T>,
  faceDown: boolean,
  listed: ListedKind,
  what: string,
  { prototypes, picture }: Pick<FaceDownInput, 'prototypes' | 'picture'>,
  problems: Problem[],
): TurnOver<T> | undefined {
  const { traits } = piece;
  const index = traits.findIndex((t) => t.type.startsWith(MASK_ID));
  const own = index >= 0 ? inFolder(carriedMask([traits[index]], prototypes)!, picture) : undefined;
  const first = carriedMask(traits, prototypes);
  if (!own || !first || JSON.stringify(inFolder(first, picture)) !== JSON.stringify(own)) {
    problems.push({
      message: `${what}: ${first ? 'its Mask comes from a prototype, whose state its piece does not hold' : 'its piece carries no Mask'}; update cannot turn it ${faceDown ? 'face down' : 'face up'}`,
      hint: faceDown
        ? "list the counter under a mask in counters.json (`vassal.masks`) first, or turn it over in VASSAL's editor"
        : "turn it over in VASSAL's editor",
    });
    return undefined;
  }
  let by = 'null';
  if (faceDown) {
    const hiding = oneMask(listed.masks);
    if (!hiding || !sameType(hiding, own)) {
      problems.push({
        message: `${what}: ${hiding ? "the scenario's Mask hiding it (`vassal.unitMasks` / `masks`) differs from the Mask its piece carries" : 'the scenario gives it no one Mask hiding it (`vassal.unitMasks` / `masks`)'}; update turns a piece over under its own Mask`,
        hint: "give it the Mask its counter carries (counters.json's `vassal.masks`) with `by` saying who masks it",
      });
      return undefined;
    }
    by = hiding.by;
  }
  const state = maskedBy(traits[index].state, by);
  if (state === undefined) {
    problems.push({ message: `${what}: its Mask's state "${traits[index].state}" does not re-encode as written; it was not turned over` });
    return undefined;
  }
  return { item: piece.item, index, state, subject: what, faceDown };
}

/**
 * A Mask's state with who masked the piece set, as VASSAL writes it (Obscurable.myGetState): an
 * unmasked piece "null;", without options; a masked one with its options, those VASSAL records
 * with a hidden piece where it had none (a piece face up until now), the other fields kept.
 */
function maskedBy(state: string, by: string): string | undefined {
  if (by === 'null') return UNMASKED;
  const fields = state === '' ? [] : decodeSequence(state, ';');
  if (state !== '' && encodeSequence(fields, ';') !== state) return undefined;
  const options = fields[1] ?? '';
  return encodeSequence([by, options === '' ? MASKED_OPTIONS : options, ...fields.slice(2)], ';') ?? undefined;
}

/** The Mask the data gives the kind's face-down pieces, where they all have the same. */
function oneMask(masks: readonly MaskFile[]): MaskFile | undefined {
  const distinct = new Set(masks.map((m) => JSON.stringify(m)));
  return distinct.size === 1 ? masks[0] : undefined;
}

function sameType(a: MaskTypeFile, b: MaskTypeFile): boolean {
  const { by: _by, ...type } = a as MaskFile;
  return JSON.stringify(Object.entries(type).sort()) === JSON.stringify(Object.entries(b).sort());
}

/** A kind left as it lay: the Mask hiding its face-down pieces must be the one the module's hide them with. */
function checkHidingMasks<T>(
  mine: readonly StackPiece<T>[],
  listed: ListedKind,
  what: string,
  { prototypes, picture }: Pick<FaceDownInput, 'prototypes' | 'picture'>,
  problems: Problem[],
): void {
  const down = mine.find((p) => p.masked);
  if (!down || listed.masks.length === 0) return;
  const hiding = hidingMask(down.traits, prototypes)!;
  const now = inFolder(hiding, picture);
  if (listed.masks.every((m) => JSON.stringify(Object.entries(m).sort()) === JSON.stringify(Object.entries(now).sort()))) return;
  problems.push({
    message: `${what}: the Mask hiding its face-down pieces changed in scenarios.json (\`vassal.unitMasks\` / \`masks\`); update turns pieces over, but changes a Mask only in counters.json (\`vassal.masks\`)`,
    hint: "change the counter's mask in counters.json, or put the scenario's mask back as imported",
  });
}
