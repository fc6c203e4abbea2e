/**
 * `hexforge build <game> --only vassal` → `<game>.vmod`. The map image is shared with the `map`
 * generator through ctx.memo (same bytes in map.png and the module); counter faces and aid cards
 * are drawn from the component plan (plan-art.ts).
 */
import type { Generator, GeneratorContext, ImageCache } from '../../pipeline/generator';
import { cachedImage, moduleMapPng } from '../../pipeline/image-cache';
import { partsDigest, sha256 } from '../../pipeline/inputs-digest';
import type { Game } from '../../model/game';
import { drawingToPng } from '../../render/png';
import { type ArtSources, type ChartPng, type CounterArt, type CounterFacePngs, collectArt } from './collect-art';
import { type CheckedPiece, type CheckedPieces, pieceTextDigest } from './checks';
import { holdingDrawing } from './holding';
import { keptSaveImages } from './kept-save-images';
import type { KeptUnitPieces } from './palette';
import { planArt } from './plan-art';
import { writeVmod } from './vmod';
import { IMAGES_DIR, chartImagePath } from './names';

export function artSources(ctx: GeneratorContext, faces: CounterFacePngs, cards: ChartPng[]): ArtSources {
  return {
    async map() {
      const map = await moduleMapPng(ctx);
      return { png: map.png, geometry: map.geometry };
    },
    async counterFaces() {
      return faces;
    },
    async aidCards() {
      return cards;
    },
    async holdingPng(layout) {
      const drawing = holdingDrawing(layout, ctx.fonts);
      const pixelsPerInch = ctx.game.map.moduleScale;
      // Kept between builds by its drawing, like the counter faces: most builds change no box.
      const key = `holding board at ${pixelsPerInch} px/in\n${JSON.stringify(drawing)}`;
      return cachedImage(ctx.images, key, () =>
        drawingToPng(drawing, ctx.fonts, { pixelWidth: drawing.width, pixelHeight: drawing.height, pixelsPerInch }),
      );
    },
  };
}

/**
 * Piece checks kept in the build's piece store: the buildFile's definitions as one record by the
 * digest of each text, whole saves' checks by their command text, and each save's pieces by the
 * digest of each command (scoped to the running code like every entry); the saves' image lists share
 * their common part (kept-save-images.ts).
 */
export function keptPieceChecks(images: ImageCache | undefined): CheckedPieces | undefined {
  if (!images) return undefined;
  const stored = async <T>(key: string) => {
    const bytes = await images.get(key);
    return bytes ? (JSON.parse(Buffer.from(bytes).toString('utf8')) as T) : undefined;
  };
  // The buildFile's definitions are kept as one record, by the digest of each text: a rebuild reads
  // one entry instead of one per piece slot, and writes it again only when a definition changed.
  let pieces: Promise<Map<string, CheckedPiece>> | undefined;
  const record = () =>
    (pieces ??= stored<[string, CheckedPiece][]>(PIECE_CHECKS_KEY).then((rows) => new Map(Array.isArray(rows) ? rows : [])));
  const seen = new Map<string, CheckedPiece>();
  let added = false;
  // A save's commands are megabytes: its key holds their digest, made once for a get that misses
  // and the put that follows it (held no longer, so the commands are not kept alive).
  let missed: { commands: string; key: string } | undefined;
  const saves = keptSaveImages(images);
  const saveKey = (commands: string) => (missed?.commands === commands ? missed.key : `checked module save\n${sha256(commands)}`);
  return {
    async get(text) {
      const digest = pieceTextDigest(text);
      const piece = (await record()).get(digest);
      if (piece) seen.set(digest, piece);
      return piece;
    },
    async put(text, piece) {
      seen.set(pieceTextDigest(text), piece);
      added = true;
    },
    async finish() {
      const before = await record();
      if (!added && seen.size === before.size) return;
      await images.put(PIECE_CHECKS_KEY, Buffer.from(JSON.stringify([...seen])));
      pieces = Promise.resolve(new Map(seen));
      seen.clear();
      added = false;
    },
    async getSave(commands) {
      const saveKeyed = saveKey(commands);
      const kept = await saves.get(saveKeyed);
      missed = kept ? undefined : { commands, key: saveKeyed };
      return kept;
    },
    async putSave(commands, saveImages) {
      const saveKeyed = saveKey(commands);
      missed = undefined;
      await saves.put(saveKeyed, saveImages);
    },
    async getSavePieces(file) {
      const kept = await stored<StoredSavePieces>(savePiecesKey(file));
      return kept && new Map(kept.pieces.map(([digest, id, ...at]) => [digest, { id, images: at.map((i) => kept.images[i]) }]));
    },
    async putSavePieces(file, pieces) {
      const index = new Map<string, number>();
      const indexOf = (image: string) => index.get(image) ?? (index.set(image, index.size), index.size - 1);
      const rows = [...pieces].map(([digest, piece]): StoredSavePieces['pieces'][number] => [
        digest,
        piece.id,
        ...piece.images.map(indexOf),
      ]);
      const record: StoredSavePieces = { images: [...index.keys()], pieces: rows };
      await images.put(savePiecesKey(file), Buffer.from(JSON.stringify(record)));
    },
    async keepSavePieces(file) {
      await images.keep?.(savePiecesKey(file));
    },
  };
}

const PIECE_CHECKS_KEY = 'checked module pieces';
const savePiecesKey = (file: string) => `checked module save pieces\n${file}`;

/** A save's pieces checked clean: each as its command's digest, its id and its images' places in `images` (shared by the pieces). */
interface StoredSavePieces {
  images: string[];
  pieces: [string, string, ...number[]][];
}

/**
 * Unit pieces kept in the build's piece store, by what each is made from (palette.ts), scoped to the
 * game's `info`, the one part of the game a unit's piece reads besides the unit; absent when the
 * store cannot answer at once (the palette is made synchronously).
 */
export function keptUnitPieces(pieces: ImageCache | undefined, game: Game): KeptUnitPieces | undefined {
  const getNow = pieces?.getNow?.bind(pieces);
  if (!pieces || !getNow) return undefined;
  const scope = partsDigest(game, UNIT_PIECE_PARTS);
  const key = (inputs: string) => `unit palette piece\n${scope}\n${inputs}`;
  return {
    get(inputs) {
      const bytes = getNow(key(inputs));
      if (!bytes) return undefined;
      const kept = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')) as StoredUnitPiece;
      return { piece: { id: kept.id, traits: kept.traits.map(([type, state]) => ({ type, state })) }, text: kept.text };
    },
    put(inputs, { piece, text }) {
      const stored: StoredUnitPiece = { id: piece.id, traits: piece.traits.map((t) => [t.type, t.state]), text };
      void pieces.put(key(inputs), Buffer.from(JSON.stringify(stored)));
    },
  };
}

/** The parts of the game a unit's palette piece reads besides the unit (names of sides, types, formations, sizes, fields). */
export const UNIT_PIECE_PARTS = ['info'] as const;

interface StoredUnitPiece {
  id: string;
  traits: [string, string][];
  text: string;
}

export function vassalGeneratorUsing(art: CounterArt): Generator {
  return {
    id: 'vassal',
    description: 'VASSAL module (<game>.vmod) with map, counters, setups, turn track, dice and charts',
    reads: { game: ['info', 'map', 'terrain', 'units', 'counters', 'tables', 'tracks', 'scenarios'], settings: [], plan: true },
    files: ['{game}.vmod'],
    // The charts window shows each piece of a card as the image collect-art.ts names.
    cardFile: (game, card) => `${game}.vmod ${IMAGES_DIR}${chartImagePath(card)}`,
    async run(ctx) {
      const faces = await art.counterFaces(ctx);
      if (!faces.faces) return { artifacts: [], diagnostics: faces.diagnostics };
      const collected = await collectArt(ctx.game, artSources(ctx, faces.faces, await art.aidCards(ctx)));
      ctx.progress(1, 2, 'module');
      const checkedPieces = keptPieceChecks(ctx.pieces);
      const result = await writeVmod(ctx.game, collected, {
        epoch: ctx.options.epoch,
        plan: ctx.plan,
        checkedPieces,
        keptUnitPieces: keptUnitPieces(ctx.pieces, ctx.game),
      });
      ctx.progress(2, 2, 'module');
      const diagnostics = [...faces.diagnostics, ...result.diagnostics];
      return {
        artifacts: result.parts ? [{ path: `${ctx.game.id}.vmod`, data: result.parts }] : [],
        diagnostics,
        ...(faces.drawn ? { drawn: `${faces.drawn.drawn} of ${faces.drawn.images} face images drawn` } : {}),
      };
    },
  };
}

export const vassalGenerator = vassalGeneratorUsing(planArt);
