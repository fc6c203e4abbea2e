/**
 * The print renderers' pictures for the module: counter faces (src/render/counter-face +
 * face-png, the drawings counters.pdf prints) at the module scale, and the aid cards
 * (src/print/aids-pdf, the pieces aids.pdf prints) as chart images. Nothing is drawn here.
 *
 * A unit gets a back image when its data says the counter has a printed back worth flipping to
 * (`back` reduced, same or other); a blank back is not offered as a flip. Markers and chits get
 * one when their data describes a back face.
 */
import type { GeneratorContext } from '../../pipeline/generator';
import type { Diagnostic } from '../../diagnostics';
import type { Unit } from '../../model/game';
import { aidPiecePng, aidPieces } from '../../print/aids-pdf';
import { settingString } from '../../print/paper';
import { aidCards } from '../../render/aid-cards';
import { allFaces } from '../../render/counter-face';
import { facePng } from '../../render/face-png';
import { loadFonts } from '../../assets/fonts';
import type { CounterFacePngs, FacePngs } from './collect-art';
import type { PrintArt } from './generator';

export function unitHasFlip(unit: Pick<Unit, 'back'>): boolean {
  return unit.back === 'reduced' || unit.back === 'same' || unit.back === 'other';
}

/** Renders `jobs` with at most `limit` in flight (sharp runs them on its own threads). */
async function inParallel<T>(jobs: Array<() => Promise<T>>, limit: number, progress?: (done: number) => void): Promise<T[]> {
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

export const printArt: PrintArt = {
  async counterFaces(ctx: GeneratorContext) {
    const { game } = ctx;
    const fonts = loadFonts();
    const set = allFaces(game, fonts);
    const diagnostics: Diagnostic[] = set.diagnostics.filter((d) => d.severity === 'error');
    const scale = game.map.moduleScale;
    type Job = { kind: 'units' | 'markers' | 'chits'; id: string; front: () => Promise<Uint8Array>; back?: () => Promise<Uint8Array> };
    const jobs: Job[] = [
      ...set.unit.map((u) => ({
        kind: 'units' as const,
        id: u.unit.id,
        front: () => facePng(u.front, scale, fonts),
        back: unitHasFlip(u.unit) ? () => facePng(u.back, scale, fonts) : undefined,
      })),
      ...set.marker.map((m) => ({
        kind: 'markers' as const,
        id: m.marker.id,
        front: () => facePng(m.front, scale, fonts),
        back: m.marker.back ? () => facePng(m.back, scale, fonts) : undefined,
      })),
      ...set.chit.map((c) => ({
        kind: 'chits' as const,
        id: c.chit.id,
        front: () => facePng(c.front, scale, fonts),
        back: c.chit.back ? () => facePng(c.back, scale, fonts) : undefined,
      })),
    ];
    const rendered = await inParallel(
      jobs.map(
        (job) => async (): Promise<FacePngs> =>
          job.back ? { front: await job.front(), back: await job.back() } : { front: await job.front() },
      ),
      8,
      (done) => {
        if (done % 50 === 0 || done === jobs.length) ctx.progress(done, jobs.length, 'counter images');
      },
    );
    const faces = { units: new Map<string, FacePngs>(), markers: new Map<string, FacePngs>(), chits: new Map<string, FacePngs>() };
    jobs.forEach((job, i) => faces[job.kind].set(job.id, rendered[i]));
    return { faces: faces as CounterFacePngs, diagnostics };
  },

  async aidCards(ctx: GeneratorContext) {
    const { game } = ctx;
    const fonts = loadFonts();
    const paper = (settingString(ctx.options.settings, 'paper') ?? game.counters.sheet?.paper) === 'a4' ? 'a4' : 'letter';
    const titles = new Map(aidCards(game).map((c) => [c.id, c.title]));
    const pieces = aidPieces(game, paper, fonts);
    return inParallel(
      pieces.map((piece) => async () => {
        const part = piece.name === piece.cardId ? '' : ` (${piece.name.slice(piece.cardId.length + 1)})`;
        return {
          id: piece.name,
          name: `${titles.get(piece.cardId) ?? piece.cardId}${part}`,
          png: await aidPiecePng(piece, game.map.moduleScale, fonts),
        };
      }),
      4,
    );
  },
};
