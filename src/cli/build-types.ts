/** What `hexforge build` takes and reports per game: shared by build.ts, build-outputs.ts and watch.ts. */
export interface BuildOptions {
  only?: string;
  /** Output folder; default out/ beside each game folder's parent. */
  out?: string;
  json?: boolean;
  quiet?: boolean;
  settings?: Record<string, string | boolean | number | undefined>;
  /** Build every output again, ignoring what the last build recorded. */
  force?: boolean;
}

export interface GameBuild {
  game: string;
  built: string[];
  reused: string[];
  failed: string[];
  /** What each rebuilt output drew anew, where it tells (e.g. "2 of 40 sheets drawn"). */
  drawn: Record<string, string>;
}
