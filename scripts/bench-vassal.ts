/**
 * VASSAL module writer on the synthetic monster game (scripts/make-monster.ts: 6,000 units, 10
 * scenarios of 500 placements), next to a floor measured in the same run: zipping the very same
 * image files with yazl (stored, fixed timestamp; the images handed over as views and the archive
 * drained chunk by chunk, so the floor copies nothing it need not). The figure is everything the module adds on
 * top of the pictures: buildFile tree, serialisation, pre-write checks (including parsing the XML
 * back), the scenario saves and the archive itself. Pictures are stand-in bytes of realistic
 * size (rendering them is the print renderers' cost, benchmarked there).
 *
 * Method: both sides run warm (WARMUP untimed runs each: the writer's first run is cold code, and
 * the old median of 5 counted it), then SAMPLES interleaved pairs whose order alternates, so
 * neither side always runs right after the other; each sample starts from a heap collected
 * outside the timing, as a CLI process starts from an empty one, so no sample pays for the
 * garbage the previous one left or profits from the heap it grew (the collector's threads count in
 * the process's CPU time). Each side pays for every collection during its own run. Without the
 * collection the writer ran in a heap its earlier runs had grown, and collected less: its median
 * was 1.07, 1.25 and 1.32 s in three runs against 1.35 and 1.40 s from a collected heap, the floor
 * alike (0.64-0.77 s). Under a load average of 10 the samples of one side still spread by ±15 %:
 * the medians of 9 are what is compared.
 *
 *   npx tsx scripts/bench-vassal.ts
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import yazl from 'yazl';
import type { FileKind } from '../src/data/schemas';
import { validateGame } from '../src/data/validate';
import type { Game } from '../src/model/game';
import { type CounterPlan, mapPixelGeometry, planCounters } from '../src/plan';
import type { FaceImages, ModuleArt, ModuleImage } from '../src/vassal/module/art';
import { moduleHoldingLayout } from '../src/vassal/module/build-file';
import { HOLDING_IMAGE, MAP_IMAGE, chartImagePath, chitImagePath, markerImagePath, unitImagePath } from '../src/vassal/module/names';
import { writeVmod } from '../src/vassal/module/vmod';
import { type Sample, measure, median, printRow } from './bench-format';
import { monsterFiles } from './make-monster';

const EPOCH = 1767225600;
const FACE_BYTES = 3_000;
const MAP_BYTES = 6_000_000;
/** Untimed runs of each side first: the writer's first run is cold code. */
const WARMUP = 2;
/** Timed runs of each side, interleaved; the medians are printed. */
const SAMPLES = 9;

/** A full collection outside the timed runs, so no sample pays for the garbage of the one before it. */
function collectGarbage(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

export function monsterGame(): Game {
  const sources = { dir: 'monster', files: {} as Partial<Record<FileKind, { file: string; text: string }>> };
  for (const [name, text] of Object.entries(monsterFiles())) {
    const kind = (name === 'units.csv' ? 'units' : name.replace(/\.json$/, '')) as FileKind;
    sources.files[kind] = { file: `monster/${name}`, text };
  }
  const { game, diagnostics } = validateGame(sources);
  if (!game)
    throw new Error(
      `monster game did not validate: ${diagnostics
        .slice(0, 3)
        .map((d) => d.message)
        .join('; ')}`,
    );
  return game;
}

/** Distinct, incompressible bytes behind a PNG signature (stored like real PNGs). */
let seed = 1;
function fakePng(size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < size; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    out[i] = seed >>> 24;
  }
  return out;
}

export function monsterArt(game: Game, plan: CounterPlan): ModuleArt {
  const image = (path: string, size = FACE_BYTES): ModuleImage => ({ path, data: fakePng(size) });
  const faces = (path: (f: 'front' | 'back') => string, back: boolean): FaceImages =>
    back ? { front: image(path('front')), back: image(path('back')) } : { front: image(path('front')) };
  const hasBack = (key: string) => plan.counters.find((c) => c.key === key)!.hasBack;
  const layout = moduleHoldingLayout(game);
  return {
    map: { image: image(MAP_IMAGE, MAP_BYTES), geometry: mapPixelGeometry(game) },
    units: new Map(game.units.map((u) => [u.id, faces((f) => unitImagePath(u, f), plan.units.get(u.id)!.hasBack)])),
    markers: new Map((game.counters.markers ?? []).map((m) => [m.id, faces((f) => markerImagePath(m, f), hasBack(`marker/${m.id}`))])),
    chits: new Map((game.counters.chits ?? []).map((c) => [c.id, faces((f) => chitImagePath(c, f), hasBack(`chit/${c.id}`))])),
    charts: game.tables.map((t) => ({ name: t.name, image: image(chartImagePath(t.id), 200_000) })),
    holding: { image: image(HOLDING_IMAGE, 100_000), width: layout.width, height: layout.height },
  };
}

async function zipImagesWithYazl(images: ModuleImage[]): Promise<number> {
  const zip = new yazl.ZipFile();
  const mtime = new Date(EPOCH * 1000);
  // A view of the same bytes, not a copy (Buffer.from(uint8Array) would copy every image first).
  for (const i of images)
    zip.addBuffer(Buffer.from(i.data.buffer, i.data.byteOffset, i.data.byteLength), `images/${i.path}`, {
      mtime,
      forceDosTimestamp: true,
      compressionLevel: 0,
    });
  zip.end();
  let bytes = 0;
  for await (const chunk of zip.outputStream) bytes += (chunk as Buffer).length;
  return bytes;
}

export async function benchVassal(): Promise<void> {
  const game = monsterGame();
  const plan = planCounters(game);
  const art = monsterArt(game, plan);
  const images = [
    art.map.image,
    ...[...art.units.values(), ...art.markers.values(), ...art.chits.values()].flatMap((f) => (f.back ? [f.front, f.back] : [f.front])),
    ...art.charts.map((c) => c.image),
    art.holding!.image,
  ];
  const pieces = game.units.length + (game.counters.markers?.length ?? 0) + (game.counters.chits?.length ?? 0);

  let size = 0;
  const writeModule = async () => {
    const result = await writeVmod(game, art, { epoch: EPOCH, plan });
    if (!result.parts)
      throw new Error(
        `module failed: ${result.diagnostics
          .slice(0, 3)
          .map((d) => d.message)
          .join('; ')}`,
      );
    // The archive's pieces are made as they are read: reading them is part of writing the module
    // (the build writes them to disk; the floor's chunks are counted the same way).
    let bytes = 0;
    for (const part of result.parts) bytes += part.byteLength;
    size = bytes;
  };
  const gc = collectGarbage();
  for (let run = 0; run < WARMUP; run++) {
    await zipImagesWithYazl(images);
    await writeModule();
  }
  const figures: Sample[] = [];
  const floors: Sample[] = [];
  const sample = async (fn: () => Promise<unknown>): Promise<Sample> => {
    gc();
    return measure(fn);
  };
  for (let run = 0; run < SAMPLES; run++) {
    // Alternating which side goes first, so neither always follows the other.
    if (run % 2 === 0) {
      floors.push(await sample(() => zipImagesWithYazl(images)));
      figures.push(await sample(writeModule));
    } else {
      figures.push(await sample(writeModule));
      floors.push(await sample(() => zipImagesWithYazl(images)));
    }
  }
  if (process.env.BENCH_SAMPLES)
    console.log({ figures: figures.map((s) => Math.round(s.cpu)), floors: floors.map((s) => Math.round(s.cpu)) });
  // CPU time (all threads) decides: on a shared, busy machine wall time swings with the load by
  // more than the ratio's margin (1.5× to 2.3× within minutes); wall time is printed beside it.
  const what = `VASSAL module, monster game (${pieces} pieces, ${images.length} images, ${game.scenarios.length} setups; .vmod ${(size / 1e6).toFixed(1)} MB)`;
  printRow(`${what}, CPU`, median(figures.map((s) => s.cpu)), median(floors.map((s) => s.cpu)), 'ms', 'yazl zip of the same images', 2);
  printRow(`${what}, wall`, median(figures.map((s) => s.wall)), median(floors.map((s) => s.wall)), 'ms', 'yazl zip of the same images');
}

if (import.meta.url === `file://${process.argv[1]}`) await benchVassal();
