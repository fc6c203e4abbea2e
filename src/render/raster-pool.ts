/**
 * PNGs drawn on worker threads, so a build uses every core: the SVG of a drawing is built, and
 * sharp rasterises it, in one of `HEXFORGE_WORKERS` workers, while the main thread lays out
 * the next faces. Each PNG is the bytes drawingToPng makes in-process (same code, same fonts);
 * callers keep their own order, so output does not depend on which worker finished first.
 *
 * Off until a command turns it on (enableRasterPool: the CLI's build does) and HEXFORGE_WORKERS asks
 * for two or more. Without it, on one core, or for a handful of images, where starting workers would cost more than it saves,
 * everything is drawn in-process.
 */
import { Worker } from 'node:worker_threads';
import type { Drawing } from './drawing';
import type { FontSet } from './fonts';
import { loadSharp } from './load-sharp';
import { drawingToPng, drawnThroughSharp, type PngOptions } from './png';
import type { RasterReply, RasterRequest } from './raster-worker';

/** Batches smaller than this are drawn in-process: counter faces are small, aid cards large. */
export const MIN_POOLED = { faces: 32, cards: 4 } as const;

/** Draws one image; drawingToPng's signature, whichever thread it runs on. */
export type PngDrawer = (drawing: Drawing, fonts: FontSet, options: PngOptions) => Promise<Uint8Array>;

interface PoolWorker {
  worker: Worker;
  pending: Map<number, { resolve: (png: Uint8Array) => void; reject: (error: Error) => void }>;
}

class RasterPool {
  private readonly workers: PoolWorker[] = [];
  private nextId = 0;

  constructor(
    readonly fonts: FontSet,
    private readonly size: number,
  ) {}

  png(drawing: Drawing, options: PngOptions): Promise<Uint8Array> {
    const target = this.leastBusy();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      target.pending.set(id, { resolve, reject });
      // Keeps the process alive while the worker has work; an idle worker never holds it open.
      if (target.pending.size === 1) target.worker.ref();
      target.worker.postMessage({ id, drawing, options } satisfies RasterRequest);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((w) => w.worker.terminate()));
  }

  private leastBusy(): PoolWorker {
    let best = this.workers.reduce<PoolWorker | undefined>((a, w) => (a && a.pending.size <= w.pending.size ? a : w), undefined);
    if ((!best || best.pending.size > 0) && this.workers.length < this.size) best = this.start();
    return best!;
  }

  private start(): PoolWorker {
    const fonts = { regular: this.fonts.regular.bytes, bold: this.fonts.bold.bytes };
    const worker = startWorker(fonts);
    const entry: PoolWorker = { worker, pending: new Map() };
    worker.on('message', (reply: RasterReply) => {
      const waiting = entry.pending.get(reply.id)!;
      entry.pending.delete(reply.id);
      if (entry.pending.size === 0) worker.unref();
      if ('png' in reply) waiting.resolve(reply.png);
      else waiting.reject(new Error(`raster worker: ${reply.error}`));
    });
    worker.on('error', (error) => {
      for (const waiting of entry.pending.values()) waiting.reject(error);
      entry.pending.clear();
      this.workers.splice(this.workers.indexOf(entry), 1);
    });
    worker.unref();
    this.workers.push(entry);
    return entry;
  }
}

/** The compiled worker sits beside this module in dist/; from the sources it needs tsx registered first. */
function startWorker(fonts: Record<string, Uint8Array>): Worker {
  if (import.meta.url.endsWith('.ts')) {
    const module = new URL('./raster-worker.ts', import.meta.url).href;
    return new Worker(new URL('./raster-worker-source.mjs', import.meta.url), { workerData: { fonts, module } });
  }
  return new Worker(new URL('./raster-worker.mjs', import.meta.url), { workerData: { fonts } });
}

/**
 * In-process unless asked: sharp already rasterises on its own threads, and on a shared 2-core
 * machine the module of 1,000 two-sided counters built 25 % slower on two workers (13.3 s against
 * 10.8 s wall, 1.7 s more CPU for the workers' own start-up and font caches).
 */
const DEFAULT_WORKERS = 1;

let enabled = false;
let workers = 1;
let pool: RasterPool | undefined;

/**
 * Lets batches of images go to worker threads from now on, or, with `false`, no more. There are as
 * many workers as `HEXFORGE_WORKERS` says (unset, 0 or 1: everything in-process; see DEFAULT_WORKERS).
 */
export function enableRasterPool(on = true, env: NodeJS.ProcessEnv = process.env): void {
  const wanted = env.HEXFORGE_WORKERS === undefined ? DEFAULT_WORKERS : Number(env.HEXFORGE_WORKERS);
  workers = Number.isInteger(wanted) && wanted > 0 ? wanted : 1;
  enabled = on && workers > 1;
}

/** Stops the workers (they never keep the process alive, so this is for callers that want them gone now). */
export async function closeRasterPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}

/**
 * How to draw one of a batch of `count` images: on the pool's workers when it is on and the batch
 * has at least `minimum`, else in-process. Both give the same bytes.
 */
export function pngDrawer(count: number, minimum: number): PngDrawer {
  if (!enabled || count < minimum) return drawingToPng;
  return (drawing, fonts, options) => {
    if (pool && pool.fonts !== fonts) void closeRasterPool();
    pool ??= new RasterPool(fonts, workers);
    const target = pool;
    // sharp is loaded in the main thread before any worker loads it (a native module's rule),
    // and only when the worker will: a small drawing is painted without it.
    if (!drawnThroughSharp(drawing, options)) return target.png(drawing, options);
    return loadSharp().then(() => target.png(drawing, options));
  };
}

/**
 * Runs `jobs` with at most `limit` in flight and returns their results in the jobs' order, however
 * they finish (images go to sharp's threads or to the pool's workers meanwhile).
 */
export async function inParallel<T>(jobs: Array<() => Promise<T>>, limit: number, progress?: (done: number) => void): Promise<T[]> {
  const out = new Array<T>(jobs.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]();
      progress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return out;
}
