/**
 * A data file's text kept deflated once it is read: a game whose scenarios fill hundreds of files
 * (an imported save-heavy module: 189 files, 155 MiB of JSON) would otherwise hold every file's
 * text for as long as the game is loaded, only so that a diagnostic can name a line and column.
 * The text deflates to about a seventh of its size; each read inflates it again, exactly.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** A file and its text, the text held deflated and inflated anew whenever it is read. */
export function packedTextFile(file: string, text: string): { file: string; readonly text: string } {
  // Level 1: the text is read back once or twice per build; a tighter level costs more than it saves.
  const packed = deflateRawSync(Buffer.from(text, 'utf8'), { level: 1 });
  return {
    file,
    get text() {
      return inflateRawSync(packed).toString('utf8');
    },
  };
}
