/**
 * The files of a module (from a .vmod, an unzipped folder, or a lone buildFile) → a ReadModule:
 * the buildFile as an XmlElement tree, its metadata, every piece definition decoded into traits,
 * every saved game read. Nothing is interpreted into game terms here (that is ../import); nothing
 * is lost either: unknown components stay in the tree and unknown traits stay verbatim.
 */
import { createHash } from 'node:crypto';
import type { Diagnostic } from '../../diagnostics';
import { GAME_PIECE_IMAGE, GAME_PIECE_LAYOUT, layoutImages } from '../game-piece-images';
import { decodePiece, isEngineBundledImage, type PieceDefinition } from '../piece';
import {
  BASIC_PIECE_ID,
  OLD_LAYER_ID,
  decodeBasicPieceState,
  decodeBasicPieceType,
  decodeTrait,
  layerImages,
  maskImages,
  oldLayerLevels,
  type BasicPieceState,
  type DecodedTrait,
  type Trait,
} from '../traits/index';
import { attribute, type XmlElement } from '../xml-tree';
import { documentTooLarge, tooManyTraits, type ReadLimits } from './limits';
import { ModuleSaves, type EntriesElsewhere } from './module-saves';
import { readSavedGame, type SavedGameContents } from './saved-game';
import { PrototypeGrowth } from './prototype-growth';
import { entryLocation, parseXml, positionOf } from './xml';
import { decodeXmlBytes, invalidUtf8At } from './xml-encoding';
import { ArchiveEntries } from './zip-file';

export const BUILDFILE = 'buildFile.xml';
export const BUILDFILE_LEGACY = 'buildFile';
export const MODULEDATA = 'moduledata';
export const EXTENSIONDATA = 'extensiondata';
export const IMAGES_DIR = 'images/';

export type ModuleRootKind = 'GameModule' | 'BasicModule' | 'ModuleExtension';

const ROOTS: Record<string, ModuleRootKind> = {
  'VASSAL.build.GameModule': 'GameModule',
  'VASSAL.launch.BasicModule': 'BasicModule',
  'VASSAL.build.module.ModuleExtension': 'ModuleExtension',
};

export const PIECE_SLOT = 'VASSAL.build.widget.PieceSlot';
export const CARD_SLOT = 'VASSAL.build.widget.CardSlot';
export const PROTOTYPE_DEFINITION = 'VASSAL.build.module.PrototypeDefinition';

/** Elements whose text is a piece definition (reference §2.4). */
export const DEFINITION_ELEMENTS = new Set([PIECE_SLOT, CARD_SLOT, PROTOTYPE_DEFINITION]);

export interface DefinitionRecord {
  element: XmlElement;
  /** Ancestors from the root down to the element's parent. */
  ancestors: XmlElement[];
  kind: 'slot' | 'prototype';
  piece: PieceDefinition;
  /** The traits with named fields where known (`kind: 'unknown'` keeps custom traits verbatim). */
  decoded: DecodedTrait[];
}

export interface ReadModule {
  /** What was read, for diagnostics and reports. */
  source: string;
  /** `source` is an unzipped module folder (its entries are files in it), not an archive or a bare buildFile. */
  folder?: boolean;
  /** The buildFile's entry name (`buildFile.xml`, or the legacy `buildFile`). */
  buildFileName: string;
  /** SHA-256 (hex) of the buildFile's bytes: identifies the module an import came from. */
  buildFileSha256?: string;
  /**
   * The buildFile's bytes as read, when `root` is their tree (no extension grafted in): the
   * import keeps them as they are instead of writing the tree out again.
   */
  buildFileBytes?: Uint8Array;
  root: XmlElement;
  rootKind: ModuleRootKind;
  /** moduledata (or extensiondata) as a tree, when present and well-formed. */
  metadata?: XmlElement;
  /**
   * Every entry of the module, by name, except the buildFile itself. Read from an archive on disk,
   * each entry is read when asked for (./zip-file.ts): keep what is needed, not the whole map.
   */
  files: ReadonlyMap<string, Uint8Array>;
  definitions: DefinitionRecord[];
  /**
   * Entry names of the saved games inside the module (predefined setups and any other .vsav/.sav),
   * in entry order. Read one with `readModuleSave` when needed and let it go (a module may hold
   * hundreds of large saves).
   */
  savedGameNames: string[];
  /**
   * The saves, read one at a time. Each was read to report its problems, unless the module was read
   * with `deferSaveCheck`: then `saves.check()` reports them, after the reader has used them.
   */
  saves: ModuleSaves;
  /** The limits the module was read with (saves are read with them again). */
  limits: ReadLimits;
  diagnostics: Diagnostic[];
}

export interface ReadModuleOptions {
  source: string;
  /** `source` is an unzipped module folder: diagnostics name its files by their paths. */
  folder?: boolean;
  limits: ReadLimits;
  /**
   * Changes the parsed buildFile tree before anything is read from it (an extension's components
   * grafted in). `fileOf` names the file an element came from, when not the module's buildFile.
   */
  graft?: (root: XmlElement) => { diagnostics: Diagnostic[]; fileOf?: (el: XmlElement) => string | undefined };
  /**
   * Leaves the saves unread: the caller reads those it uses with `readModuleSave` (each checked as
   * it is read), then calls `saves.check()` for the problems of all, before it writes anything.
   */
  deferSaveCheck?: boolean;
  /** The entries another file holds (an extension's own): their saves' problems name it. */
  elsewhere?: EntriesElsewhere;
}

/**
 * The definitions of a tree, in document order, with their ancestors. Copies of one counter in
 * several palettes and decks repeat its text: each distinct text that decodes without a problem
 * is decoded once and its piece and traits are shared by the records holding it (read-only, as
 * everywhere). A text with problems is decoded again for every element, so that each diagnostic
 * names its own element. Siblings share one ancestors array.
 */
export function collectDefinitions(
  root: XmlElement,
  where: { file: string; fileOf?: (el: XmlElement) => string | undefined },
): { definitions: DefinitionRecord[]; diagnostics: Diagnostic[] } {
  const definitions: DefinitionRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  // By definition text, the first record of a text that decoded without a problem: its piece and traits are shared.
  const clean = new Map<string, DefinitionRecord>();
  const decodeShared = sharedTraitDecoder();
  const record = (el: XmlElement, ancestors: XmlElement[]) => {
    const text = (el.text ?? '').trim();
    const shared = clean.get(text);
    let piece = shared?.piece;
    let decoded = shared?.decoded;
    if (piece === undefined) {
      const quick = decodePiece(text);
      if (quick.piece && quick.diagnostics.length === 0) {
        piece = quick.piece;
        decoded = piece.traits.map(decodeShared);
      }
    }
    if (piece === undefined) {
      // The precise path: the diagnostics name this element.
      const label = attribute(el, 'entryName') ?? attribute(el, 'name') ?? '';
      const precise = decodePiece(text, {
        file: where.fileOf?.(el) ?? where.file,
        ...positionOf(el),
        pointer: `${el.name.split('.').pop()}[${label}]`,
      });
      for (const d of precise.diagnostics)
        diagnostics.push(
          d.code === 'vassal/not-add-piece'
            ? ownEncoderPiece(d, label, text)
            : { ...d, message: `${label ? `"${label}": ` : ''}${d.message}` },
        );
      if (precise.piece === null) return;
      piece = precise.piece;
      decoded = piece.traits.map(decodeShared);
    } else if (shared === undefined) {
      // Decoded cleanly just now: the first record of its text.
      const definition = definitionRecord(el, ancestors, piece, decoded!);
      definitions.push(definition);
      clean.set(text, definition);
      return;
    }
    definitions.push(definitionRecord(el, ancestors, piece, decoded!));
  };
  // The ancestors of the children of the element on top: root … element.
  const stack: XmlElement[] = [];
  const visitChildren = (el: XmlElement) => {
    stack.push(el);
    let ancestors: XmlElement[] | undefined;
    const children = el.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (DEFINITION_ELEMENTS.has(child.name)) record(child, (ancestors ??= stack.slice()));
      if (child.children.length > 0) visitChildren(child);
    }
    stack.pop();
  };
  if (DEFINITION_ELEMENTS.has(root.name)) record(root, []);
  visitChildren(root);
  return { definitions, diagnostics };
}

/**
 * A definition that is no AddPiece command ("SC+/null/…"): VASSAL decodes a slot's text through the
 * module's command encoders and its own reads "+/" only, so only an encoder of the module's own
 * classes builds the piece; without one VASSAL skips the slot ("GamePiece - couldn't build piece")
 * and loads the rest. A warning, then: the slot is left unread, the module read.
 */
function ownEncoderPiece(d: Diagnostic, label: string, text: string): Diagnostic {
  return {
    ...d,
    severity: 'warning',
    message: `${label ? `"${label}": ` : ''}the piece definition starts "${text.slice(0, 20)}", not "+/": VASSAL's own command encoder builds no piece of it (a command encoder of the module's own Java classes may; without one VASSAL reports "GamePiece - couldn't build piece" and loads the rest), and Hexforge reads nothing of it; roundtrip and update keep it byte for byte, a module built from the data (build --only vassal) drops it`,
    hint: 'keep the module up to date with hexforge update <module> <game folder>, which keeps the piece and the classes that build it; write "+/null/<type>/<state>" if the piece is meant for VASSAL itself',
  };
}

function definitionRecord(element: XmlElement, ancestors: XmlElement[], piece: PieceDefinition, decoded: DecodedTrait[]): DefinitionRecord {
  return { element, ancestors, kind: element.name === PROTOTYPE_DEFINITION ? 'prototype' : 'slot', piece, decoded };
}

/**
 * `decodeTrait` for the traits of one tree, each distinct trait decoded once: the pieces of a
 * palette repeat their traits (every counter's UsePrototype of "Unit") and their BasicPiece states
 * (the same position, no properties) far more than they differ. Traits with the same type and
 * state share their decoding, BasicPieces with the same state share its fields (read-only, as
 * everywhere): that many fewer objects and strings are made, and kept alive with the module.
 */
function sharedTraitDecoder(): (trait: Trait) => DecodedTrait {
  const basicStates = new Map<string, BasicPieceState>();
  // By type, its decoding with the state it was made with (a trait of one type mostly has one state).
  const byType = new Map<string, { state: string; decoded: DecodedTrait }>();
  return (trait) => {
    // A BasicPiece's type holds the piece's own name and picture: only its state recurs.
    if (trait.type.startsWith(BASIC_PIECE_ID)) {
      let state = basicStates.get(trait.state);
      if (state === undefined) {
        state = decodeBasicPieceState(trait.state);
        basicStates.set(trait.state, state);
      }
      return { kind: 'basicPiece', type: decodeBasicPieceType(trait.type), state };
    }
    const known = byType.get(trait.type);
    if (known !== undefined && known.state === trait.state) return known.decoded;
    const decoded = decodeTrait(trait);
    byType.set(trait.type, { state: trait.state, decoded });
    return decoded;
  };
}

/** A buildFile VASSAL cannot read: a byte that is not UTF-8 where no declaration names another encoding. */
export function notUtf8Diagnostic(where: string, at: { line: number; column: number; byte: number }): Diagnostic {
  return {
    code: 'vassal/xml-encoding',
    severity: 'error',
    message: `${where}: byte 0x${at.byte.toString(16).padStart(2, '0')} is not UTF-8, and the XML declaration names no other encoding; VASSAL cannot read the file`,
    hint: 'save the file as UTF-8, or name its encoding in the declaration (<?xml version="1.0" encoding="ISO-8859-1"?>)',
    file: where,
    line: at.line,
    column: at.column,
  };
}

/** The buildFile parsed, unless it is not the UTF-8 it reads as (VASSAL cannot read it then). */
function parseBuildFile(
  bytes: Uint8Array,
  options: { file: string; entry: string; folder?: boolean; limits: ReadLimits },
): ReturnType<typeof parseXml> {
  const notUtf8 = invalidUtf8At(bytes);
  if (notUtf8) return { diagnostics: [notUtf8Diagnostic(entryLocation(options.file, options.entry, options.folder), notUtf8)] };
  return parseXml(decodeText(bytes), options);
}

/** An XML entry's text, in the encoding its byte-order mark or declaration names (xml-encoding.ts), the mark dropped. */
export function decodeText(bytes: Uint8Array): string {
  const text = decodeXmlBytes(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The root element of the buildFile among `entries`, parsed alone (no pieces decoded, no saves
 * read); undefined when there is none or it does not parse. For a command that only needs to know
 * what the file is before handing it elsewhere.
 */
export function buildFileRoot(
  entries: ReadonlyMap<string, Uint8Array>,
  options: { source: string; folder?: boolean; limits: ReadLimits },
): { root: XmlElement; kind?: ModuleRootKind; where: string } | undefined {
  const entry = entries.has(BUILDFILE) ? BUILDFILE : entries.has(BUILDFILE_LEGACY) ? BUILDFILE_LEGACY : undefined;
  const bytes = entry === undefined ? undefined : entries.get(entry);
  if (entry === undefined || bytes === undefined || bytes.byteLength > options.limits.maxDocumentBytes) return undefined;
  const { root } = parseBuildFile(bytes, { file: options.source, entry, folder: options.folder, limits: options.limits });
  return root ? { root, kind: ROOTS[root.name], where: entryLocation(options.source, entry, options.folder) } : undefined;
}

function isSavedGameName(name: string): boolean {
  return /\.(vsav|sav)$/i.test(name);
}

/** Junk that archivers add and VASSAL never reads. */
export function isJunkEntry(name: string): boolean {
  return name.startsWith('__MACOSX/') || name.split('/').some((part) => part === '.DS_Store' || part === 'Thumbs.db');
}

/** A buildFile whose root is no module (an Ant build.xml saved as buildFile.xml), at that root. */
function unknownRoot(root: XmlElement, file: string): Diagnostic {
  return {
    code: 'vassal/unknown-root',
    severity: 'error',
    message: `the buildFile's root is <${root.name}>, not a module (${Object.keys(ROOTS)
      .join(', ')
      .replace(/, (?=[^,]*$)/, ' or ')})`,
    hint: 'pass a VASSAL module (.vmod) or extension (.vmdx); this buildFile is not one',
    file,
    ...positionOf(root),
  };
}

export async function readModule(
  entries: ReadonlyMap<string, Uint8Array>,
  options: ReadModuleOptions,
): Promise<{ module?: ReadModule; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const file = options.source;
  const folder = options.folder ?? false;
  const buildFileName = entries.has(BUILDFILE) ? BUILDFILE : entries.has(BUILDFILE_LEGACY) ? BUILDFILE_LEGACY : undefined;
  if (!buildFileName) {
    return {
      diagnostics: [
        {
          code: 'vassal/no-buildfile',
          severity: 'error',
          message: `${file}: not a VASSAL module (no buildFile.xml or buildFile entry)`,
          hint: 'pass a .vmod, an unzipped module folder, or a buildFile',
          file,
        },
      ],
    };
  }
  const documents = xmlDocuments(entries, buildFileName, options);
  if (!(documents instanceof Map)) return { diagnostics: [documents] };
  const buildFileBytes = documents.get(buildFileName)!;
  const parsed = parseBuildFile(buildFileBytes, { file, entry: buildFileName, folder, limits: options.limits });
  diagnostics.push(...parsed.diagnostics);
  if (!parsed.root) return { diagnostics };
  const rootKind = ROOTS[parsed.root.name];
  if (!rootKind) return { diagnostics: [...diagnostics, unknownRoot(parsed.root, entryLocation(file, buildFileName, folder))] };

  let metadata: XmlElement | undefined;
  const metadataName = entries.has(MODULEDATA) ? MODULEDATA : entries.has(EXTENSIONDATA) ? EXTENSIONDATA : undefined;
  if (metadataName) {
    const meta = parseXml(decodeText(documents.get(metadataName)!), { file, entry: metadataName, folder, limits: options.limits });
    // Metadata only feeds the Module Manager; a broken one is worth a warning, not a refusal —
    // unless it was refused as hostile.
    for (const d of meta.diagnostics) diagnostics.push(d.code === 'vassal/xml-syntax' ? { ...d, severity: 'warning' } : d);
    metadata = meta.root;
  }

  const kept = (name: string) => name !== buildFileName && !isJunkEntry(name);
  const files = entries instanceof ArchiveEntries ? entries.filter(kept) : new Map([...entries].filter(([name]) => kept(name)));

  const grafted = options.graft?.(parsed.root);
  if (grafted) {
    diagnostics.push(...grafted.diagnostics);
    if (grafted.diagnostics.some((d) => d.severity === 'error')) return { diagnostics };
  }
  const collected = collectDefinitions(parsed.root, { file: entryLocation(file, buildFileName, folder), fileOf: grafted?.fileOf });
  diagnostics.push(...collected.diagnostics);
  const growth = prototypeGrowth(collected.definitions, options.limits);
  const explosion = definitionExplosion(collected.definitions, growth, entryLocation(file, buildFileName, folder), options.limits);
  if (explosion) return { diagnostics: [...diagnostics, explosion] };

  const saves = await moduleSaves(files, entries, growth, options);
  diagnostics.push(...saves.diagnostics);
  if (!saves.saves) return { diagnostics };

  const module: ReadModule = {
    source: file,
    ...(folder ? { folder } : {}),
    buildFileName,
    buildFileSha256: createHash('sha256').update(buildFileBytes).digest('hex'),
    ...(grafted ? {} : { buildFileBytes }),
    root: parsed.root,
    rootKind,
    ...(metadata ? { metadata } : {}),
    files,
    definitions: collected.definitions,
    savedGameNames: [...saves.saves.names],
    saves: saves.saves,
    limits: options.limits,
    diagnostics,
  };
  return { module, diagnostics };
}

/**
 * The module's XML documents (buildFile, moduledata, extensiondata) by name, each got once: an
 * archive's entry is read from disk and inflated again on every get. The refusal of the first one
 * past the document size limit instead.
 */
function xmlDocuments(
  entries: ReadonlyMap<string, Uint8Array>,
  buildFileName: string,
  options: ReadModuleOptions,
): Map<string, Uint8Array> | Diagnostic {
  const documents = new Map<string, Uint8Array>();
  for (const name of [buildFileName, MODULEDATA, EXTENSIONDATA]) {
    const data = entries.get(name);
    if (data === undefined) continue;
    if (data.byteLength > options.limits.maxDocumentBytes)
      return documentTooLarge(entryLocation(options.source, name, options.folder ?? false), data.byteLength, options.limits);
    documents.set(name, data);
  }
  return documents;
}

/**
 * Checks the saves of a module read with `deferSaveCheck` that its reader did not read: the problems
 * of every save join `read.diagnostics` (in entry order, after the buildFile's, as when they are
 * checked with the module), and a module refused for them is let go. Nothing when already checked.
 */
export async function checkDeferredSaves(read: { module?: Pick<ReadModule, 'saves'>; diagnostics: Diagnostic[] }): Promise<void> {
  const saves = read.module?.saves;
  if (!(saves instanceof ModuleSaves)) return;
  const checked = await saves.check();
  read.diagnostics.push(...checked.diagnostics);
  if (checked.refused) read.module = undefined;
}

/** The refusal of the first definition whose expansion passes the limit. */
function definitionExplosion(
  definitions: readonly DefinitionRecord[],
  growth: PrototypeGrowth,
  file: string,
  limits: ReadLimits,
): Diagnostic | undefined {
  const explosion = definitions.find((def) => !growth.add(def.decoded));
  if (!explosion) return undefined;
  const label = attribute(explosion.element, 'name') ?? attribute(explosion.element, 'entryName') ?? '';
  return tooManyTraits(limits, `"${label}" in the buildFile`, {
    file,
    ...positionOf(explosion.element),
    pointer: `${explosion.element.name.split('.').pop()}[${label}]`,
  });
}

/**
 * The module's saves, each read now for its problems and let go, unless the caller reads them as
 * it uses them (`deferSaveCheck`). `saves` is undefined when a save's pieces, with the buildFile's,
 * pass the expanded-trait limit.
 */
async function moduleSaves(
  files: ReadonlyMap<string, Uint8Array>,
  entries: ReadonlyMap<string, Uint8Array>,
  growth: PrototypeGrowth,
  options: ReadModuleOptions,
): Promise<{ saves?: ModuleSaves; diagnostics: Diagnostic[] }> {
  const saves = new ModuleSaves(
    [...files.keys()].filter(isSavedGameName),
    files,
    { source: options.source, folder: options.folder ?? false, ...(options.elsewhere ? { elsewhere: options.elsewhere } : {}) },
    options.limits,
    heldBytes(entries),
    growth,
  );
  if (options.deferSaveCheck) return { saves, diagnostics: [] };
  const checked = await saves.check();
  return { ...(checked.refused ? {} : { saves }), diagnostics: checked.diagnostics };
}

/** The uncompressed bytes of a module's entries (not read again when they are on disk). */
function heldBytes(entries: ReadonlyMap<string, Uint8Array>): number {
  if (entries instanceof ArchiveEntries) return entries.totalBytes;
  let held = 0;
  for (const data of entries.values()) held += data.byteLength;
  return held;
}

/** Counts expanded traits against `maxExpandedTraits`; the first prototype of a name is the one used. */
function prototypeGrowth(definitions: readonly DefinitionRecord[], limits: ReadLimits): PrototypeGrowth {
  const prototypes = new Map<string, readonly DecodedTrait[]>();
  for (const def of definitions) {
    const name = def.kind === 'prototype' ? (attribute(def.element, 'name') ?? '') : undefined;
    if (name !== undefined && !prototypes.has(name)) prototypes.set(name, def.decoded);
  }
  return new PrototypeGrowth(prototypes, limits.maxExpandedTraits);
}

/**
 * One saved game of a module, read now and checked as the module's reading checks it (undefined
 * when it is not in the module, or its pieces pass the expanded-trait limit).
 */
export async function readModuleSave(
  module: Pick<ReadModule, 'source' | 'folder' | 'files' | 'limits'> & Partial<Pick<ReadModule, 'saves'>>,
  name: string,
): Promise<SavedGameContents | undefined> {
  if (module.saves instanceof ModuleSaves) return module.saves.read(name);
  const data = module.files.get(name);
  if (!data || !isSavedGameName(name)) return undefined;
  return readSavedGame(data, { file: entryLocation(module.source, name, module.folder), limits: module.limits });
}

/** Attributes naming an image, by component class. */
const IMAGE_ATTRIBUTES: Record<string, string[]> = {
  'VASSAL.build.module.map.boardPicker.Board': ['image'],
  'VASSAL.build.widget.Chart': ['fileName'],
  'VASSAL.build.module.documentation.AboutScreen': ['fileName'],
};

/**
 * Whether an attribute's name ends in "icon", in any case (/icon$/i: a button's `icon`, a map's
 * `markUnmovedIcon`), by its last four characters: this looks at every attribute of the buildFile.
 */
function namesIcon(name: string): boolean {
  const n = name.length;
  // ASCII letters only differ by 0x20 between cases; no other character maps onto these four so.
  return (
    n >= 4 &&
    (name.charCodeAt(n - 1) | 0x20) === 0x6e &&
    (name.charCodeAt(n - 2) | 0x20) === 0x6f &&
    (name.charCodeAt(n - 3) | 0x20) === 0x63 &&
    (name.charCodeAt(n - 4) | 0x20) === 0x69
  );
}
const IMAGE_FILE = /\.(png|gif|jpe?g|svg)$/i;

/**
 * Image names the buildFile and its pieces refer to (relative to images/), engine-bundled ones
 * excluded; a GamePieceImage's name and its layout's pictures are files of images/ too
 * (game-piece-images.ts).
 */
export function referencedImages(module: Pick<ReadModule, 'root' | 'definitions'>): string[] {
  const names = new Set<string>();
  const pending: XmlElement[] = [module.root];
  // Indexed loops: this visits every element and attribute of the buildFile.
  while (pending.length > 0) {
    const el = pending.pop()!;
    if (el.name === GAME_PIECE_IMAGE) {
      const name = attribute(el, 'name');
      if (name) names.add(name);
    } else if (el.name === GAME_PIECE_LAYOUT) for (const image of layoutImages(attribute(el, 'layout') ?? '')) names.add(image);
    const imageAttributes = IMAGE_ATTRIBUTES[el.name];
    if (imageAttributes !== undefined) {
      for (let i = 0; i < imageAttributes.length; i++) {
        const v = attribute(el, imageAttributes[i]);
        if (v) names.add(v);
      }
    }
    const attributes = el.attributes;
    for (let i = 0; i < attributes.length; i++) {
      if (namesIcon(attributes[i][0]) && IMAGE_FILE.test(attributes[i][1])) names.add(attributes[i][1]);
    }
    // GlobalOptions holds its toolbar buttons' icons as <option name="stepIcon">btn_forward.svg</option>.
    if (el.name === 'option' && namesIcon(attribute(el, 'name') ?? '')) {
      const icon = el.text?.trim() ?? '';
      if (IMAGE_FILE.test(icon)) names.add(icon);
    }
    for (let i = el.children.length - 1; i >= 0; i--) pending.push(el.children[i]);
  }
  // Definitions sharing one text share their decoded traits: copies next to one another are looked
  // at once (a set of every list, most met once, cost more than looking at a copy again).
  let previous: readonly DecodedTrait[] | undefined;
  // Layer traits alike are one decoded trait, whose images are read once.
  const layersRead = new Set<DecodedTrait>();
  for (let i = 0; i < module.definitions.length; i++) {
    const decoded = module.definitions[i].decoded;
    if (decoded === previous) continue;
    previous = decoded;
    for (let t = 0; t < decoded.length; t++) {
      const d = decoded[t];
      if (d.kind === 'basicPiece' && d.type.imageName) names.add(d.type.imageName);
      else if (d.kind === 'layer') {
        if (layersRead.has(d)) continue;
        layersRead.add(d);
        for (const image of layerImages(d.type)) names.add(image);
      } else if (d.kind === 'movementMarkable' && d.type.movedImage) names.add(d.type.movedImage);
      else if (d.kind === 'mask') for (const image of maskImages(d.type)) names.add(image);
      else if (d.kind === 'unknown' && d.id === OLD_LAYER_ID) for (const image of oldLayerLevels(d.trait.type).images) names.add(image);
    }
  }
  return [...names].filter((n) => !isEngineBundledImage(n)).sort();
}
