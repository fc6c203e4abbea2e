/**
 * What a generator is: a pure function of the resolved Game, the component plan and the fonts
 * that returns files (bytes) and diagnostics. The build pipeline writes the files atomically, only
 * when the generator reported no errors, so a failed generator never leaves half an output behind.
 * Generators read no files: the fonts come in the context, loaded once at the edge.
 */
import type { Diagnostic } from '../diagnostics';
import type { Game } from '../model/game';
import type { ComponentPlan } from '../plan';
import type { PaperSettings } from '../plan/paper';
import type { FontSet } from '../render/fonts';
import type { Reads } from './reads';
import type { ArchivePiece } from '../file-span';

export interface Artifact {
  /** Path relative to the game's output folder, with forward slashes (e.g. "counters.pdf"). */
  path: string;
  /**
   * The bytes, or pieces of them in order (a big archive is written without joining them); pieces
   * that are not an array are made as they are read, and read once, by the writer.
   */
  data: Uint8Array | string | readonly Uint8Array[] | Iterable<ArchivePiece>;
}

export interface GeneratorOptions {
  /** Seconds since 1970 for every date written into outputs (SOURCE_DATE_EPOCH). */
  epoch: number;
  /** Free-form per-generator options from the command line (e.g. paper, cmyk, tile). */
  settings: Record<string, string | boolean | number | undefined>;
}

export interface GeneratorContext {
  game: Game;
  options: GeneratorOptions;
  /** The component plan of this build (built on first use, once per game). */
  readonly plan: ComponentPlan;
  /** The paper settings of this build (counters.json `sheet` under `--set`), without the whole plan. */
  readonly paper: PaperSettings;
  /** The fonts every drawing uses (loaded on first use, once per process). */
  readonly fonts: FontSet;
  /** Reports progress within the generator (done of total). */
  progress(done: number, total: number, label?: string): void;
  /**
   * Computes a value once per build and shares it between generators (e.g. the map image that
   * both map.png and the VASSAL module need).
   */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * Lets a memoised value go: the output calling it was the last to need it (a later one asking
   * for it computes it again).
   */
  forgetMemo?(key: string): void;
  /** Images kept between builds by the digest of what they show (absent: draw everything). */
  readonly images?: ImageCache;
  /** Counter-sheet pages kept between builds the same way (absent: draw every sheet). */
  readonly sheets?: ImageCache;
  /** What the module's checks found of each piece definition, kept between builds by its text (absent: check every piece). */
  readonly pieces?: ImageCache;
  /**
   * A file of this build's output folder written by the output `from` (which the reads declare in
   * `outputs`, so it is built first): e.g. output('counters', 'counters.pdf').
   */
  output(from: string, path: string): Promise<Uint8Array>;
}

/** Stored drawings by content key: a face or sheet whose drawing is unchanged is not drawn again. */
export interface ImageCache {
  get(key: string): Promise<Uint8Array | undefined>;
  put(key: string, data: Uint8Array): Promise<void>;
  /** As `get`, for a caller that cannot wait (a store that can answer at once offers it). */
  getNow?(key: string): Uint8Array | undefined;
  /**
   * Keeps the entry under `key`, if stored, for later builds as `get` would, without reading it (a
   * store that drops what a build does not use offers it).
   */
  keep?(key: string): Promise<void>;
}

export interface GeneratorResult {
  artifacts: Artifact[];
  diagnostics: Diagnostic[];
  /** What was drawn anew, for the build's report (e.g. "3 of 40 sheets drawn, 2 kept"). */
  drawn?: string;
}

export interface Generator {
  /** Name used with `--only`: bundle, counters, aids, map, vassal, completeness. */
  id: string;
  description: string;
  /** What it reads of the game and the settings: its output is reused while these are unchanged. */
  reads: Reads;
  /**
   * The files it writes, relative to the game's output folder: `{game}` stands for the game id, `*`
   * for any name. The pipeline refuses an artifact outside them, so what names the outputs a change
   * affects (`hexforge diff`) names the files they really write.
   */
  files: readonly string[];
  /**
   * Where it shows the aid card `card` (an id of render/aid-cards), for an output showing the cards:
   * a file of `files`, or `<file> <entry>` inside an archive.
   */
  cardFile?(game: string, card: string): string;
  /**
   * Files of the game folder it reads besides the game (path in the folder → SHA-256, read when it
   * was made), as an extension's output reads the kept files under vassal/: its output is reused,
   * and a build skipped, only while each has these bytes.
   */
  keptFiles?: Readonly<Record<string, string>>;
  run(ctx: GeneratorContext): Promise<GeneratorResult>;
}
