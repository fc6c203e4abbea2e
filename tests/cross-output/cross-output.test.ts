/**
 * Cross-output properties over generated games (arbitrary-game.ts), each checked on what the
 * outputs produce, not on the plan they share:
 *
 *  - every counter counters.pdf lays out has a module piece, and every piece a counter on the
 *    sheets; the piece's front image is the face the sheet prints, its values are the ones printed;
 *  - the piece flips exactly when the sheet prints a back (something other than a blank face or the
 *    front again, unless units.csv declares a reduced or other back), and then to the face the sheet
 *    prints there;
 *  - the errata diff between a game and an edited copy names exactly the counters.pdf pages on
 *    which the edited units print differently (front and back page of each sheet they are on).
 *
 * The sheets come from layCounterSheets (everything counters.pdf draws, without writing the PDF);
 * the module from buildModule with the module's own art code, whose face encoder is swapped for one
 * that stores the face's drawing instead of its PNG (the rasteriser is the same for both outputs,
 * and 200 games of PNGs would take minutes).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { validateGame } from '../../src/data/validate';
import { diffGames } from '../../src/diff';
import type { Game } from '../../src/model/game';
import type { GeneratorContext } from '../../src/pipeline/generator';
import { buildComponentPlan } from '../../src/plan';
import { type SheetPage, layCounterSheets } from '../../src/print/counters-pdf';
import type { Drawing } from '../../src/render/drawing';
import { BACK_SUFFIX, SHARED_PROPERTIES, UNIT_PROPERTIES } from '../../src/vassal/properties';
import { allImages } from '../../src/vassal/module/art';
import { buildModule } from '../../src/vassal/module/build-file';
import { collectArt } from '../../src/vassal/module/collect-art';
import { FLIP_LAYER } from '../../src/vassal/module/names';
import { planArtWith } from '../../src/vassal/module/plan-art';
import { decodeTrait, layerImages, markerProperties } from '../../src/vassal/traits/index';
import { type GameSpec, VALUE_FIELDS, editSpec, gameSource, gameSpec, unitEdits } from './arbitrary-game';
import { GENERATORS } from '../../src/pipeline/registry';

const fonts = loadFonts();
const RUNS = 200;
const SEED = 20261202;

function load(spec: GameSpec): Game {
  const result = validateGame(gameSource(spec));
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || !result.game)
    throw new Error(`generated game does not validate: ${errors.map((d) => `${d.file}:${d.line} ${d.message}`).join('; ')}`);
  return result.game;
}

/** What counters.pdf prints for each counter: both faces' drawings and the pages of its copies (1-based). */
interface PrintedCounter {
  front: Drawing;
  back: Drawing;
  pages: Set<number>;
}

function printedCounters(pages: readonly SheetPage[]): Map<string, PrintedCounter> {
  const out = new Map<string, PrintedCounter>();
  for (const page of pages) {
    if (page.kind !== 'front' && page.kind !== 'back') continue;
    for (const piece of page.pieces) {
      const counterKey = piece.key.slice(0, piece.key.lastIndexOf('/'));
      const entry = out.get(counterKey) ?? { front: piece.face.drawing, back: piece.face.drawing, pages: new Set<number>() };
      entry[page.kind] = piece.face.drawing;
      entry.pages.add(page.page + 1);
      out.set(counterKey, entry);
    }
  }
  return out;
}

const textsOf = (d: Drawing) => d.items.filter((i) => i.kind === 'text').map((i) => (i as { text: string }).text);

/** A face shows something beyond its background (the first item, a filled rectangle) and its frame. */
function showsSomething(d: Drawing): boolean {
  return d.items.slice(1).some((i) => i.kind !== 'rect' || i.fill !== undefined);
}

/** The "image" the swapped encoder writes: the face's drawing, read back here. */
const encodeDrawing = async (face: { drawing: Drawing }) => new TextEncoder().encode(JSON.stringify(face.drawing));
const decodeDrawing = (bytes: Uint8Array): Drawing => JSON.parse(new TextDecoder().decode(bytes));

interface ModulePiece {
  key: string;
  properties: Map<string, string>;
  front: Drawing;
  back?: Drawing;
}

async function modulePieces(game: Game): Promise<ModulePiece[]> {
  const plan = buildComponentPlan(game);
  const ctx = {
    game,
    plan,
    paper: plan.paper,
    fonts,
    options: { epoch: 0, settings: {} },
    progress: () => {},
    memo: <T>(_key: string, compute: () => Promise<T>) => compute(),
    output: () => Promise.reject(new Error('the module reads no other output')),
  } satisfies GeneratorContext;
  const faces = await planArtWith(() => encodeDrawing).counterFaces(ctx);
  const blank = new Uint8Array([0]);
  const art = await collectArt(game, {
    map: async () => ({ png: blank, geometry: plan.map }),
    counterFaces: async () => faces.faces!,
    aidCards: async () => [],
    holdingPng: async () => blank,
  });
  const images = new Map(allImages(art).map((i) => [i.path, i.data]));
  const built = buildModule(game, art, { version: '1', epoch: 0, plan });
  return built.slots.map(({ piece }) => {
    let properties = new Map<string, string>();
    let front: Drawing | undefined;
    let back: Drawing | undefined;
    for (const trait of piece.traits) {
      const t = decodeTrait(trait);
      if (t.kind === 'marker') properties = new Map(markerProperties(t.fields));
      if (t.kind === 'basicPiece') front = decodeDrawing(images.get(t.type.imageName!)!);
      if (t.kind === 'layer' && t.type.name === FLIP_LAYER) back = decodeDrawing(images.get(layerImages(t.type)[0])!);
    }
    const kind = properties.has(UNIT_PROPERTIES.unitId) ? 'unit' : properties.has(SHARED_PROPERTIES.markerId) ? 'marker' : 'chit';
    const id =
      properties.get(UNIT_PROPERTIES.unitId) ?? properties.get(SHARED_PROPERTIES.markerId) ?? properties.get(SHARED_PROPERTIES.chitId)!;
    return { key: `${kind}/${id}`, properties, front: front!, ...(back ? { back } : {}) };
  });
}

describe('counters.pdf and the VASSAL module, over generated games', () => {
  it(`agree on every counter's faces, values and flip (${RUNS} games)`, async () => {
    await fc.assert(
      fc.asyncProperty(gameSpec, async (spec) => {
        const game = load(spec);
        const printed = printedCounters(layCounterSheets(game, buildComponentPlan(game), fonts).pages);
        const pieces = await modulePieces(game);
        expect(pieces.map((p) => p.key).sort()).toEqual([...printed.keys()].sort());
        for (const piece of pieces) {
          const sheet = printed.get(piece.key)!;
          expect(piece.front, `${piece.key}: front image`).toEqual(sheet.front);
          // A declared reduced or other back is one even where it prints what the front does (the real counter's back differs).
          const declared = spec.units.some((u) => `unit/${u.id}` === piece.key && (u.back === 'reduced' || u.back === 'other'));
          const printsBack = showsSomething(sheet.back) && (declared || JSON.stringify(sheet.back) !== JSON.stringify(sheet.front));
          expect(piece.back !== undefined, `${piece.key}: flips`).toBe(printsBack);
          if (piece.back) expect(piece.back, `${piece.key}: back image`).toEqual(sheet.back);
          if (!piece.key.startsWith('unit/')) continue;
          // Every value the piece holds for a field the sheet prints is the text printed there.
          const unit = spec.units.find((u) => `unit/${u.id}` === piece.key)!;
          for (const field of VALUE_FIELDS) {
            expect(piece.properties.get(field), `${piece.key} ${field}`).toBe(String(unit.front[field]));
            if (textsOf(sheet.front).includes(String(unit.front[field])) || !shows(spec, unit.template, 'front', field)) continue;
            throw new Error(`${piece.key}: the sheet does not print ${field} ${unit.front[field]}`);
          }
          for (const [field, v] of Object.entries(unit.reverse)) expect(piece.properties.get(field + BACK_SUFFIX)).toBe(String(v));
          // The back the piece flips to prints each value its slots show: the back value, else the front's.
          if (!piece.back || unit.back === 'same') continue;
          for (const field of VALUE_FIELDS) {
            const v = String(unit.reverse[field] ?? unit.front[field]);
            if (shows(spec, unit.template, 'back', field) && !textsOf(sheet.back).includes(v))
              throw new Error(`${piece.key}: the back does not print ${field} ${v}`);
          }
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});

/** Whether the unit's template (the one it names, else "default", else the first) has a text slot for `field` on `face`. */
function shows(spec: GameSpec, template: string, face: 'front' | 'back', field: string): boolean {
  const t = spec.templates.find((x) => x.id === template) ?? spec.templates.find((x) => x.id === 'default') ?? spec.templates[0];
  const slots = face === 'back' ? (t.back ?? t.front) : t.front;
  return slots.some((s) => s.kind === 'text' && s.field === field);
}

describe('the errata diff, over generated pairs of versions', () => {
  it(`names exactly the counters.pdf pages of the units whose print changed (${RUNS} pairs)`, async () => {
    await fc.assert(
      fc.asyncProperty(gameSpec, unitEdits, async (spec, edits) => {
        const a = load(spec);
        const b = load(editSpec(spec, edits));
        const before = printedCounters(layCounterSheets(a, buildComponentPlan(a), fonts).pages);
        const after = printedCounters(layCounterSheets(b, buildComponentPlan(b), fonts).pages);
        const expected = new Set<number>();
        for (const [key, printedB] of after) {
          const printedA = before.get(key)!;
          const same = JSON.stringify([printedA.front, printedA.back]) === JSON.stringify([printedB.front, printedB.back]);
          if (!same) for (const p of printedB.pages) expected.add(p);
        }
        expect(diffGames(a, b, GENERATORS).counterPages).toEqual([...expected].sort((x, y) => x - y));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
