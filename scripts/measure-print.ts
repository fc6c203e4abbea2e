/**
 * Print acceptance measured on the built files, not on our layout code: for each `<out>/<game>/`
 * folder, counters.pdf and aids.pdf are read with a content-stream reader (scripts/pdf-marks.ts)
 * and counted:
 *
 *   counters    face squares found on the front pages (filled squares 30–80 pt, the face backgrounds)
 *   blank       of those on front pages, faces with no text run at all
 *   ellipsis    text runs (counters and aids) containing "…"
 *   sizeCut     runs that are a size mark cut short ("XX…")
 *   under5      counter text runs under 5 pt; under6Aid: aid text runs under 6 pt
 *   noBleed     counter edges with less art past the cut line than the bleed and no counter beside
 *   qpdf        `qpdf --check` of every PDF; pHYs of map.png in dots per inch
 *   display     display.pdf's spaces (framed filled rectangles, not the sheet), those smaller than
 *               the largest counter face of counters.pdf in either direction, the smallest edge,
 *               and its text runs under 6 pt
 *
 *   npx tsx scripts/measure-print.ts out/demo out/kursk …   (one JSON line per game)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, PDFName, PDFArray, PDFNumber } from 'pdf-lib';
import { type FilledRect, type TextRun, pdfMarks } from './pdf-marks';

const EPS = 0.05;

export interface PrintCounts {
  counters: number;
  /** Edge of the largest counter face, points: what every display space must hold. */
  largestCounterPt: number;
  blank: number;
  ellipsis: number;
  sizeCut: number;
  under5: number;
  smallestCounterPt: number;
  noBleed: number;
  under6Aid: number;
  smallestAidPt: number;
  aidEllipsis: number;
}

/** The face squares of the front pages: filled squares 30–80 pt, each once. */
function faceSquares(rects: FilledRect[]): FilledRect[] {
  // Smallest first: a square holding a face already kept is that face's bleed (a corner counter's
  // bleed, as wide on two sides, is square too), not a counter of its own.
  const squares = rects.filter((r) => Math.abs(r.w - r.h) < EPS && r.w >= 30 && r.w <= 80).sort((a, b) => a.w - b.w);
  const kept: FilledRect[] = [];
  const holds = (outer: FilledRect, f: FilledRect) =>
    f.page === outer.page &&
    f.x >= outer.x - EPS &&
    f.y >= outer.y - EPS &&
    f.x + f.w <= outer.x + outer.w + EPS &&
    f.y + f.h <= outer.y + outer.h + EPS;
  for (const r of squares) if (!kept.some((f) => holds(r, f))) kept.push(r);
  return kept;
}

function inside(run: TextRun, r: FilledRect): boolean {
  return run.page === r.page && run.x >= r.x - EPS && run.x <= r.x + r.w + EPS && run.y >= r.y - EPS && run.y <= r.y + r.h + EPS;
}

/** The largest square that holds no other: of a face drawn over its bleed rectangle, the inner one. */
function largestTrimmedFace(faces: FilledRect[]): number {
  const holdsAnother = (f: FilledRect) =>
    faces.some(
      (g) =>
        g !== f &&
        g.page === f.page &&
        g.w < f.w - EPS &&
        g.x >= f.x - EPS &&
        g.y >= f.y - EPS &&
        g.x + g.w <= f.x + f.w + EPS &&
        g.y + g.h <= f.y + f.h + EPS,
    );
  return Math.max(0, ...faces.filter((f) => !holdsAnother(f)).map((f) => f.w));
}

/** Edges of a face where neither its own art nor a neighbouring face runs `bleed` past the cut. */
function edgesWithoutBleed(face: FilledRect, pageRects: FilledRect[], faces: FilledRect[], bleed: number): number {
  const covering = pageRects.filter(
    (r) => r.x <= face.x + EPS && r.y <= face.y + EPS && r.x + r.w >= face.x + face.w - EPS && r.y + r.h >= face.y + face.h - EPS,
  );
  const reach = (edge: 'left' | 'right' | 'bottom' | 'top') =>
    Math.max(
      0,
      ...covering.map((r) =>
        edge === 'left'
          ? face.x - r.x
          : edge === 'right'
            ? r.x + r.w - face.x - face.w
            : edge === 'bottom'
              ? face.y - r.y
              : r.y + r.h - face.y - face.h,
      ),
    );
  const neighbour = (dx: number, dy: number) =>
    faces.some(
      (f) =>
        f !== face && f.page === face.page && Math.abs(f.x - (face.x + dx * face.w)) < 0.5 && Math.abs(f.y - (face.y + dy * face.h)) < 0.5,
    );
  let missing = 0;
  if (reach('left') < bleed - EPS && !neighbour(-1, 0)) missing++;
  if (reach('right') < bleed - EPS && !neighbour(1, 0)) missing++;
  if (reach('bottom') < bleed - EPS && !neighbour(0, -1)) missing++;
  if (reach('top') < bleed - EPS && !neighbour(0, 1)) missing++;
  return missing;
}

function pageBleed(doc: PDFDocument, page: number): number {
  const node = doc.getPage(page).node;
  const box = (name: string) => {
    const a = node.get(PDFName.of(name));
    return a instanceof PDFArray ? a.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : 0)) : undefined;
  };
  const trim = box('TrimBox');
  const bleed = box('BleedBox');
  return trim && bleed ? trim[0] - bleed[0] : 0;
}

export async function measureCounters(
  file: string,
): Promise<
  Pick<PrintCounts, 'counters' | 'largestCounterPt' | 'blank' | 'ellipsis' | 'sizeCut' | 'under5' | 'smallestCounterPt' | 'noBleed'>
> {
  const doc = await PDFDocument.load(readFileSync(file), { updateMetadata: false });
  const { runs, rects } = pdfMarks(doc);
  // Pages with a BleedBox wider than the TrimBox are counter sheets; fronts are the even ones.
  const sheetPages = new Set<number>();
  for (let p = 0; p < doc.getPageCount(); p++) if (pageBleed(doc, p) > 0) sheetPages.add(p);
  const faces = faceSquares(rects.filter((r) => sheetPages.has(r.page)));
  // A sheet is a front page and then its back; a designed blank back is not a blank counter.
  const frontPages = new Set([...sheetPages].sort((a, b) => a - b).filter((_, i) => i % 2 === 0));
  const byPage = <T extends { page: number }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) map.set(item.page, [...(map.get(item.page) ?? []), item]);
    return (page: number) => map.get(page) ?? [];
  };
  const runsOn = byPage(runs);
  const rectsOn = byPage(rects);
  const facesOn = byPage(faces);
  const runsIn = (f: FilledRect) => runsOn(f.page).filter((r) => inside(r, f));
  const counterRuns = [...new Set(faces.flatMap(runsIn))];
  let noBleed = 0;
  for (const face of faces) noBleed += edgesWithoutBleed(face, rectsOn(face.page), facesOn(face.page), pageBleed(doc, face.page));
  return {
    counters: faces.length,
    largestCounterPt: largestTrimmedFace(
      rects.filter((r) => sheetPages.has(r.page) && Math.abs(r.w - r.h) < EPS && r.w >= 30 && r.w <= 80),
    ),
    blank: faces.filter((f) => frontPages.has(f.page) && !runsIn(f).some((r) => r.text.trim() !== '')).length,
    ellipsis: counterRuns.filter((r) => r.text.includes('…')).length,
    sizeCut: counterRuns.filter((r) => /^[XI|]+…$/.test(r.text)).length,
    under5: counterRuns.filter((r) => r.size < 5 - 0.01).length,
    smallestCounterPt: Math.min(...counterRuns.map((r) => r.size)),
    noBleed,
  };
}

export async function measureAids(file: string): Promise<Pick<PrintCounts, 'under6Aid' | 'smallestAidPt' | 'aidEllipsis'>> {
  const doc = await PDFDocument.load(readFileSync(file), { updateMetadata: false });
  const { runs } = pdfMarks(doc);
  return {
    under6Aid: runs.filter((r) => r.size < 6 - 0.01).length,
    smallestAidPt: Math.min(...runs.map((r) => r.size)),
    aidEllipsis: runs.filter((r) => r.text.includes('…')).length,
  };
}

/** A track space or holding box of display.pdf with the text printed in it, top line first. */
export interface DisplaySpaceMark {
  rect: FilledRect;
  text: string;
}

/**
 * The spaces of a display sheet: filled rectangles at least 20 pt on each side and smaller than
 * half the page (the sheet's own tint is larger), each with its text runs read top-down and joined
 * (a line broken after a hyphen or slash joins without a space).
 */
export function displaySpaces(doc: PDFDocument): DisplaySpaceMark[] {
  const { runs, rects } = pdfMarks(doc);
  const pageWidth = (page: number) => doc.getPage(page).getWidth();
  const spaces = rects.filter((r) => r.w >= 20 && r.h >= 20 && r.w < pageWidth(r.page) / 2);
  return spaces.map((rect) => {
    const lines = runs.filter((run) => inside(run, rect)).sort((a, b) => b.y - a.y || a.x - b.x);
    return {
      rect,
      text: lines
        .map((l) => l.text)
        .join(' ')
        .replace(/([-/]) /g, '$1'),
    };
  });
}

export async function measureDisplay(
  file: string,
  counterPt: number,
): Promise<{ displaySpaces: number; displayUnderCounter: number; smallestDisplaySpacePt: number; under6Display: number }> {
  const doc = await PDFDocument.load(readFileSync(file), { updateMetadata: false });
  const spaces = displaySpaces(doc);
  const edges = spaces.map((s) => Math.min(s.rect.w, s.rect.h));
  return {
    displaySpaces: spaces.length,
    displayUnderCounter: edges.filter((e) => e < counterPt - EPS).length,
    smallestDisplaySpacePt: Math.round(Math.min(...edges) * 100) / 100,
    under6Display: pdfMarks(doc).runs.filter((r) => r.size < 6 - 0.01).length,
  };
}

/** pHYs of a PNG in dots per inch (undefined without the chunk). */
export function pngDpi(file: string): number | undefined {
  const png = readFileSync(file);
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'pHYs') {
      const perMetre = png.readUInt32BE(at + 8);
      return png[at + 16] === 1 ? Math.round(perMetre * 0.0254 * 100) / 100 : undefined;
    }
    if (type === 'IDAT') return undefined;
    at += 12 + length;
  }
  return undefined;
}

function qpdfCheck(file: string): string {
  try {
    execFileSync('qpdf', ['--check', file], { stdio: 'pipe' });
    return 'ok';
  } catch (error) {
    const status = (error as { status?: number }).status;
    return status === 3 ? 'warnings' : 'errors';
  }
}

async function main(dirs: string[]): Promise<void> {
  for (const dir of dirs) {
    const result: Record<string, unknown> = { game: path.basename(dir) };
    const counters = path.join(dir, 'counters.pdf');
    const aids = path.join(dir, 'aids.pdf');
    if (existsSync(counters)) Object.assign(result, await measureCounters(counters));
    if (existsSync(aids)) Object.assign(result, await measureAids(aids));
    const display = path.join(dir, 'display.pdf');
    if (existsSync(display) && typeof result.largestCounterPt === 'number')
      Object.assign(result, await measureDisplay(display, result.largestCounterPt));
    const map = path.join(dir, 'map.png');
    if (existsSync(map)) result.mapPngDpi = pngDpi(map);
    result.qpdf = Object.fromEntries(
      readdirSync(dir)
        .filter((f) => f.endsWith('.pdf'))
        .sort()
        .map((f) => [f, qpdfCheck(path.join(dir, f))]),
    );
    console.log(JSON.stringify(result));
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) await main(process.argv.slice(2));
