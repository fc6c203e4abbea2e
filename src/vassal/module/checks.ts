/**
 * What must hold before a module is written (reference §7, "checks the project needs"): every
 * piece definition decodes with as many state segments as traits and uses only traits VASSAL 3.6
 * knows; every image a component or piece names ships in the module (or is bundled with VASSAL);
 * gpids are unique, match their BasicPiece and stay below nextPieceSlotId; each map carries the
 * interaction components; each setup file exists and restores the new-game indicator; the XML
 * text has no CDATA and reads back to the same tree (so attribute newlines and TABs survived).
 */
import { hash } from 'node:crypto';
import type { Diagnostic } from '../../diagnostics';
import { basicPieceOf, checkPiece, decodeDefinition, isEngineBundledImage } from '../piece';
import { decodeSequence } from '../sequence-encoder';
import { basicPieceState, traitImages } from '../traits/index';
import { attribute, treeDifference, walkElements, type XmlElement } from '../xml-tree';
import { P } from './components';
import { SETUP_STACK_RESTORE } from './saved-game';
import { DECK_TYPE_PREFIX, deckState } from '../reader/saved-game';
import { parseXml } from './xml-reader';

export const REQUIRED_MAP_COMPONENTS = [
  'ForwardToKeyBuffer',
  'Scroller',
  'ForwardToChatter',
  'MenuDisplayer',
  'MapCenterer',
  'StackExpander',
  'PieceMover',
  'KeyBufferer',
  'BoardPicker',
  'StackMetrics',
].map((n) => `${P}module.map.${n}`);

/** Attributes that name an image under `images/` (empty = none). */
const IMAGE_ATTRIBUTES: Record<string, string[]> = {
  [`${P}module.map.boardPicker.Board`]: ['image'],
  [`${P}widget.Chart`]: ['fileName'],
  [`${P}module.map.Zoomer`]: ['inIconName', 'outIconName', 'pickIconName'],
};

export interface ModuleContents {
  buildFile: XmlElement;
  /** The serialised buildFile.xml. */
  xml: string;
  /** Paths under `images/` that ship in the module. */
  images: ReadonlySet<string>;
  /** Other archive entries (saves), by path. */
  entries: ReadonlySet<string>;
  /**
   * Saved-game command strings by .vsav path. Each is asked for once, when its setup is checked, so
   * a source that makes them on demand holds one save at a time.
   */
  saves: SaveSource;
  /** Saves a setup may name without the module holding them (the data keeps a missing save's name; reported when built). */
  absentSaves?: ReadonlySet<string>;
}

/** The saved games' command strings by .vsav path (a Map, or one that makes each when asked). */
export interface SaveSource {
  get(file: string): string | undefined;
}

function err(code: string, message: string, hint?: string): Diagnostic {
  return { code, severity: 'error', message, ...(hint ? { hint } : {}) };
}

/** Whether an image name needs nothing from the module, or names one of its images. */
function shipped(name: string, images: ReadonlySet<string>): boolean {
  return name === '' || isEngineBundledImage(name) || images.has(name);
}

function checkImage(name: string, where: string, images: ReadonlySet<string>, out: Diagnostic[]): void {
  if (shipped(name, images)) return;
  out.push(err('vassal/missing-image', `${where} names image "${name}", which is not in the module's images/`));
}

/**
 * Images a trait draws, by its type text: images live in the type, and most pieces share their
 * trait types (prototypes, reports, the same piece placed in several setups), so each distinct
 * type is decoded once per module.
 */
type ImagesByType = Map<string, readonly string[]>;

function pushErrors(from: readonly Diagnostic[], out: Diagnostic[]): void {
  for (const d of from) if (d.severity === 'error') out.push(d);
}

/** What a definition that checked without errors showed: enough to check it again against the module's images without decoding it. */
export interface CheckedPiece {
  /** The AddPiece id. */
  id: string;
  /** The innermost BasicPiece's state (its gpid), "" without one. */
  basicState: string;
  /** The images its traits draw, in chain order, each once. */
  images: string[];
}

/**
 * Definitions checked by earlier builds, by their text: a definition is a pure function of its
 * text, so one that checked clean once does so again; only its images are looked up again, in
 * this module's images.
 */
export interface CheckedPieces {
  get(text: string): Promise<CheckedPiece | undefined>;
  put(text: string, piece: CheckedPiece): Promise<void>;
  /**
   * Saves checked by earlier builds, by their command text: the images their pieces draw. A save's
   * pieces are kept as a whole, not one by one: each placed piece's text is its own (its id and
   * position), and a million of them would make the store as large as the saves.
   */
  getSave?(commands: string): Promise<readonly string[] | undefined>;
  putSave?(commands: string, images: readonly string[]): Promise<void>;
  /**
   * The pieces of the save at `file` that an earlier build checked clean, by the digest of each
   * piece's command (pieceTextDigest): a save that changed (one unit's piece in a setup of
   * thousands) decodes only the pieces whose text changed. One record per save file, so the store
   * grows with the saves, not with every piece text any build saw.
   */
  getSavePieces?(file: string): Promise<ReadonlyMap<string, CheckedSavePiece> | undefined>;
  putSavePieces?(file: string, pieces: ReadonlyMap<string, CheckedSavePiece>): Promise<void>;
  /** Keeps the record of the save at `file` for later builds without reading it (its save was found whole). */
  keepSavePieces?(file: string): Promise<void>;
  /** Called once the module is checked: a store that keeps its definitions together writes them then. */
  finish?(): Promise<void>;
}

/** What a save's piece that checked clean showed: its AddPiece id and the images its traits draw. */
export type CheckedSavePiece = Pick<CheckedPiece, 'id' | 'images'>;

/** The digest a checked definition or save piece is kept by: of its whole text, so any edit to it is decoded again. */
export function pieceTextDigest(text: string): string {
  return hash('sha256', text, 'base64');
}

interface CheckScope {
  images: ReadonlySet<string>;
  imagesByType: ImagesByType;
  known?: CheckedPieces;
  out: Diagnostic[];
  /** How many save pieces this module's checks recorded by digest so far. */
  recordedSavePieces: { count: number };
}

async function checkDefinition(text: string, where: string, scope: CheckScope): Promise<CheckedPiece | null> {
  const known = await scope.known?.get(text);
  if (known) {
    for (const image of known.images) checkImage(image, where, scope.images, scope.out);
    return known;
  }
  const errors: Diagnostic[] = [];
  const piece = decodeAndCheck(text, where, scope.imagesByType, errors);
  scope.out.push(...errors);
  if (!piece) return null;
  for (const image of piece.images) checkImage(image, where, scope.images, scope.out);
  if (errors.length === 0) await scope.known?.put(text, piece);
  return piece;
}

/** Decodes a definition and checks its traits; undefined when it does not decode. */
function decodeAndCheck(text: string, where: string, imagesByType: ImagesByType, errors: Diagnostic[]): CheckedPiece | null {
  const pointer = { pointer: where };
  const decoded = decodeDefinition(text, pointer);
  pushErrors(decoded.diagnostics, errors);
  if (!decoded.piece) return null;
  const encodesTo = decoded.canonical ? text : undefined;
  pushErrors(checkPiece(decoded.piece, { target: '3.6', where: pointer, decodedFrom: text, encodesTo }), errors);
  // Same names in the same order as imagesOfPiece: chain order, each once.
  const seen = new Set<string>();
  for (const trait of decoded.piece.traits) {
    let names = imagesByType.get(trait.type);
    if (names === undefined) {
      names = traitImages(trait);
      imagesByType.set(trait.type, names);
    }
    for (const image of names) seen.add(image);
  }
  const basic = decoded.piece.traits.length > 0 ? basicPieceOf(decoded.piece).state : '';
  return { id: decoded.piece.id, basicState: basic, images: [...seen] };
}

export async function checkModule(module: ModuleContents, known?: CheckedPieces): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const root = module.buildFile;
  const scope: CheckScope = { images: module.images, imagesByType: new Map(), known, out, recordedSavePieces: { count: 0 } };

  // XML text: no CDATA, and it parses back to the tree we built.
  if (module.xml.includes('<![CDATA[')) out.push(err('vassal/cdata', 'the buildFile contains a CDATA section, which VASSAL ignores'));
  try {
    const difference = treeDifference(parseXml(module.xml, 'buildFile.xml'), root, '');
    if (difference)
      out.push(
        err(
          'vassal/xml-round-trip',
          `the buildFile does not read back as built: ${difference}`,
          'attribute TABs and newlines must be character references',
        ),
      );
  } catch (e) {
    out.push(err('vassal/xml-malformed', `the buildFile is not well-formed XML: ${(e as Error).message}`));
  }

  const nextId = Number(attribute(root, 'nextPieceSlotId'));
  if (!Number.isInteger(nextId))
    out.push(err('vassal/next-piece-slot-id', `nextPieceSlotId "${attribute(root, 'nextPieceSlotId')}" is not an integer`));
  const gpids = new Set<string>();
  for (const node of walkElements(root)) {
    for (const name of IMAGE_ATTRIBUTES[node.name] ?? [])
      checkImage(attribute(node, name) ?? '', `${node.name.replace(P, '')}@${name}`, module.images, out);
    if (node.name === `${P}widget.PieceSlot`) {
      const gpid = attribute(node, 'gpid') ?? '';
      const where = `PieceSlot "${attribute(node, 'entryName')}" (gpid ${gpid})`;
      if (!/^[0-9]+$/.test(gpid)) out.push(err('vassal/bad-gpid', `${where}: gpid is not a whole number`));
      else {
        if (gpids.has(gpid)) out.push(err('vassal/duplicate-gpid', `${where}: gpid used twice`));
        if (Number(gpid) >= nextId) out.push(err('vassal/gpid-not-below-next', `${where}: gpid is not below nextPieceSlotId ${nextId}`));
      }
      gpids.add(gpid);
      const piece = await checkDefinition(node.text ?? '', where, scope);
      if (piece && basicPieceState.decode(piece.basicState).gpid !== gpid) {
        out.push(err('vassal/gpid-mismatch', `${where}: the BasicPiece state carries a different gpid`));
      }
    } else if (node.name === `${P}module.PrototypeDefinition`) {
      await checkDefinition(node.text ?? '', `Prototype "${attribute(node, 'name')}"`, scope);
    } else if (node.name === `${P}module.Map`) {
      const have = new Set(node.children.map((c) => c.name));
      for (const needed of REQUIRED_MAP_COMPONENTS) {
        if (!have.has(needed))
          out.push(
            err(
              'vassal/map-component',
              `map "${attribute(node, 'mapName')}" lacks ${needed.replace(P, '')}; pieces could not be moved, selected or menued`,
            ),
          );
      }
    } else if (
      node.name === `${P}module.PredefinedSetup` &&
      attribute(node, 'useFile') === 'true' &&
      attribute(node, 'file') !== undefined
    ) {
      // Without a file, VASSAL starts the setup as a new game (PredefinedSetup.launch).
      const file = attribute(node, 'file')!;
      const commands = module.saves.get(file);
      if (module.absentSaves?.has(file) && !module.entries.has(file)) continue;
      if (!module.entries.has(file) || commands === undefined)
        out.push(err('vassal/missing-setup', `setup "${attribute(node, 'name')}" names "${file}", which is not in the module`));
      else await checkSave(file, commands, scope);
    }
  }
  await known?.finish?.();
  return out;
}

/** A save an earlier build checked clean needs only its images looked up again; any other is checked piece by piece. */
async function checkSave(file: string, commands: string, scope: CheckScope): Promise<void> {
  const { known } = scope;
  const kept = await known?.getSave?.(commands);
  if (kept?.every((image) => shipped(image, scope.images))) {
    await known?.keepSavePieces?.(file);
    return;
  }
  const errorsBefore = scope.out.length;
  const before = await known?.getSavePieces?.(file);
  const recording = known?.putSavePieces !== undefined && scope.recordedSavePieces.count < RECORDED_SAVE_PIECES;
  const clean = recording ? new Map<string, CheckedSavePiece>() : undefined;
  const images = await checkSavePieces(file, commands, { ...scope, known: undefined }, { before, clean });
  if (clean) {
    scope.recordedSavePieces.count += clean.size;
    await known?.putSavePieces?.(file, clean);
  }
  if (scope.out.length === errorsBefore) await known?.putSave?.(commands, [...images]);
}

/**
 * Save pieces a module records by digest, at most (past it, a save is checked whole when it
 * changes): records of a few setups cost little, those of 189 saves of 10,000 pieces would be a
 * hundred megabytes of digests, hashed on every build.
 */
const RECORDED_SAVE_PIECES = 20_000;

/** The save's pieces an earlier build checked clean (`before`), and those this check finds clean (`clean`), by pieceTextDigest. */
interface SavePieceRecords {
  before?: ReadonlyMap<string, CheckedSavePiece>;
  clean?: Map<string, CheckedSavePiece>;
}

/** A piece of a save: found in `before` by its digest (its images looked up again), else decoded and checked. */
async function checkSavePiece(
  command: string,
  file: string,
  scope: CheckScope,
  records: SavePieceRecords,
): Promise<CheckedSavePiece | null> {
  const digest = records.before || records.clean ? pieceTextDigest(command) : undefined;
  const kept = digest === undefined ? undefined : records.before?.get(digest);
  if (kept) {
    const errorsBefore = scope.out.length;
    for (const image of kept.images) checkImage(image, file, scope.images, scope.out);
    if (scope.out.length === errorsBefore) records.clean?.set(digest!, kept);
    return kept;
  }
  const errorsBefore = scope.out.length;
  const piece = await checkDefinition(command, file, scope);
  if (piece && digest !== undefined && scope.out.length === errorsBefore)
    records.clean?.set(digest, { id: piece.id, images: piece.images });
  return piece;
}

/** Checks the save's frame and every piece in it; the images its pieces draw. */
async function checkSavePieces(file: string, commands: string, scope: CheckScope, records: SavePieceRecords = {}): Promise<Set<string>> {
  const { out } = scope;
  const images = new Set<string>();
  const list = commands.split('\u001b');
  if (list[0] !== 'begin_save' || list[list.length - 1] !== 'end_save')
    out.push(err('vassal/save-frame', `${file}: the command list must run from begin_save to end_save`));
  if (!list.includes(SETUP_STACK_RESTORE))
    out.push(err('vassal/save-setup-stack', `${file}: no SETUP_STACK restore command; loading it would run at-start stacks again`));
  const placed = new Set<string>();
  for (const command of list) {
    if (!command.startsWith('+/')) continue;
    const [, type, state] = decodeSequence(command.slice(2), '/');
    const deck = type?.startsWith(DECK_TYPE_PREFIX) === true;
    if (type === 'stack' || deck) {
      const ids = deck ? deckState(state ?? '').pieceIds : decodeSequence(state ?? '', ';').slice(3, -1);
      for (const id of ids)
        if (!placed.has(id))
          out.push(err('vassal/save-stack-order', `${file}: a ${deck ? 'deck' : 'stack'} lists piece ${id} before that piece is added`));
      continue;
    }
    const piece = await checkSavePiece(command, file, scope, records);
    if (!piece) continue;
    placed.add(piece.id);
    for (const image of piece.images) images.add(image);
  }
  return images;
}
