/**
 * Game-folder arguments as the user typed them: a pattern such as `data/*` is expanded here, so it
 * works the same on shells that do not expand it (Windows cmd, PowerShell, a quoted argument).
 * Plain paths pass through untouched, in order, so a missing folder still gets loadGame's message.
 */
import { ExitError, EXIT } from './exit-codes';

const MAGIC = /[*?[\]{}]/;

/** The folders the arguments name: each pattern replaced by the folders (or, with `files`, also files) it matches, sorted. */
export async function expandGameDirs(args: readonly string[], options: { files?: boolean } = {}): Promise<string[]> {
  if (!args.some((a) => MAGIC.test(a))) return [...args];
  const { glob, hasMagic } = await import('glob');
  const out: string[] = [];
  for (const arg of args) {
    if (!hasMagic(arg, { windowsPathsNoEscape: true })) {
      out.push(arg);
      continue;
    }
    // mark: folders end in "/" (and keep the pattern's own form: relative, ../ or absolute).
    const matches = await glob(arg, { mark: true, windowsPathsNoEscape: true });
    const folders = matches
      .filter((m) => options.files || m.endsWith('/') || m.endsWith('\\'))
      .map((m) => m.replace(/[/\\]$/, ''))
      .sort();
    if (folders.length === 0) throw new ExitError(EXIT.usage, `no game folder matches "${arg}"; check the pattern, or name the folders`);
    out.push(...folders);
  }
  return out;
}
