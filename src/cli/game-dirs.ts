/**
 * Game-folder arguments as the user typed them: a pattern such as `data/*` is expanded here, so it
 * works the same on shells that do not expand it (Windows cmd, PowerShell, a quoted argument).
 * Plain paths pass through untouched, in order, so a missing folder still gets loadGame's message.
 */
import { ExitError, EXIT } from './exit-codes';
import { realPathOf } from './real-path';

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

/**
 * The folders once each: one named twice (`build g g`, or `data/*` and `data/demo`, or through a
 * link) would be built twice over the same outputs. `note` hears each one left out, with the name kept.
 */
export async function distinctGameDirs(dirs: readonly string[], note: (line: string) => void): Promise<string[]> {
  const kept = new Map<string, string>();
  for (const dir of dirs) {
    const real = await realPathOf(dir);
    const first = kept.get(real);
    if (first === undefined) kept.set(real, dir);
    else note(`info args/same-folder-twice: ${dir} is ${first === dir ? 'named twice' : `the folder ${first}`}; it is taken once`);
  }
  return [...kept.values()];
}
