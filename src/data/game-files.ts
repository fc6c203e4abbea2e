/**
 * The files of a game folder by kind, and which names reading the folder looks at: light enough
 * for a build to check its sources without loading the parsers.
 */
import type { FileKind } from './schemas';

export const FILE_NAMES: Record<FileKind, string> = {
  game: 'game.json',
  map: 'map.json',
  terrain: 'terrain.json',
  units: 'units.csv',
  counters: 'counters.json',
  tables: 'tables.json',
  tracks: 'tracks.json',
  scenarios: 'scenarios.json',
  checks: 'checks.json',
};

const KNOWN = new Set(Object.values(FILE_NAMES));
const IGNORED = /^(README|NOTES|CHANGELOG)(\.md|\.txt)?$|^\./i;

/** Whether reading a game folder looks at `name`: a data file it reads, or a stray one it warns about. */
export function isReadByGameDir(name: string): boolean {
  return KNOWN.has(name) || (!IGNORED.test(name) && /\.(json|csv)$/i.test(name));
}
