/**
 * Counts the decodings of saved games, for tests that each save is decoded once. A test mocks the
 * reader with this module's factory (imported in the factory: vi.mock is hoisted above imports),
 * and reads `decoded`, the same array, from its own import:
 *
 *   vi.mock('../../src/vassal/reader/saved-game', async (original) =>
 *     (await import('./saved-game-decodings')).countingSavedGame(original));
 */
import { afterEach } from 'vitest';
import type * as savedGame from '../../src/vassal/reader/saved-game';

/** The entry each save was decoded as, once per decoding (read whole, or its command string alone); emptied after each test. */
export const decoded: string[] = [];
/** The file each save was decoded as (`module.vmod!Extra.vsav`, a folder's path), once per decoding, as `decoded` its entry. */
export const decodedFiles: string[] = [];

/** Forgets the decodings so far (done after each test). */
export function forgetDecodings(): void {
  decoded.length = 0;
  decodedFiles.length = 0;
}

afterEach(forgetDecodings);

/** The save's entry in an archive (`module.vmod!Extra.vsav`), or its name as a file of a folder (`game/vassal/module/Extra.vsav`). */
const entryOf = (file: string) => (file.includes('!') ? file.slice(file.indexOf('!') + 1) : file.slice(file.lastIndexOf('/') + 1));

/** How many times the entry was decoded. */
export const decodings = (entry: string) => decoded.filter((name) => name === entry).length;

function record(file: string): void {
  decoded.push(entryOf(file));
  decodedFiles.push(file);
}

/** The saved-game reader, each decoding recorded in `decoded` and `decodedFiles`. */
export async function countingSavedGame(original: <T>() => Promise<T>): Promise<typeof savedGame> {
  const actual = await original<typeof savedGame>();
  return {
    ...actual,
    readSavedGame: (...args: Parameters<typeof actual.readSavedGame>) => {
      record(args[1].file);
      return actual.readSavedGame(...args);
    },
    decodeSavedGameBytes: (...args: Parameters<typeof actual.decodeSavedGameBytes>) => {
      record(args[1]);
      return actual.decodeSavedGameBytes(...args);
    },
  };
}
