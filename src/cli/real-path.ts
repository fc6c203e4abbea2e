/** Where a path really is (links resolved), and whether one folder lies in another: for refusing outputs written into their inputs. */
import { realpath } from 'node:fs/promises';
import path from 'node:path';

/** The real path of `file`, its missing tail kept as written: links in the existing part resolved. */
export async function realPathOf(file: string): Promise<string> {
  const absolute = path.resolve(file);
  const missing: string[] = [];
  for (let at = absolute; ; at = path.dirname(at)) {
    try {
      return path.join(await realpath(at), ...missing.reverse());
    } catch {
      if (path.dirname(at) === at) return absolute;
      missing.push(path.basename(at));
    }
  }
}

/** Whether `inner` is `outer` or lies inside it (both real, absolute paths). */
export const within = (inner: string, outer: string): boolean =>
  inner === outer || inner.startsWith(outer.endsWith(path.sep) ? outer : outer + path.sep);
