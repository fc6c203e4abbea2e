/**
 * `build --watch` saw only the game folder's own files: a save in scenarios/*.json built nothing
 * (the outputs stayed stale), and once the folder was deleted it went on "watching" forever.
 * Subfolders are watched, links not.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { spawnWatch } from './watch-child';

const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-watch-sub-'));
const gameDir = path.join(root, 'games', 'demo');
cpSync(path.resolve('data/demo'), gameDir, { recursive: true });
// The demo's scenarios moved into a scenario part (src/data/scenario-parts.ts).
mkdirSync(path.join(gameDir, 'scenarios'));
renameSync(path.join(gameDir, 'scenarios.json'), path.join(gameDir, 'scenarios', 'a.json'));
// A link to a folder above: followed, any file saved there (the outputs' included) would start a build.
symlinkSync(root, path.join(gameDir, 'up'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('rebuilds on a save in scenarios/, and stops with exit 1 when the folder is deleted', async () => {
  const out = path.join(root, 'out');
  const { child, stderr, waitFor, exited } = spawnWatch([gameDir, '--only', 'bundle', '--out', out]);
  try {
    let at = await waitFor(/watching /, 0);
    const part = path.join(gameDir, 'scenarios', 'a.json');
    writeFileSync(part, readFileSync(part, 'utf8').replace('Dash to the Vell (introductory scenario)', 'Dash to the Vell, renamed'));
    at = await waitFor(/demo: built bundle \(/, at);
    expect(readFileSync(path.join(out, 'demo', 'demo.bundle.json'), 'utf8')).toContain('Dash to the Vell, renamed');
    // A file saved outside the game folder, reached only through the link: no build.
    writeFileSync(path.join(root, 'elsewhere.txt'), 'not the game');
    await new Promise((r) => setTimeout(r, 2000));
    expect(stderr().slice(at)).not.toContain('demo: ');

    rmSync(gameDir, { recursive: true });
    await waitFor(/demo: the folder is gone \(deleted or moved\); no longer watched/, at);
    // It ends by itself.
    expect(await exited).toBe(1);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
}, 300_000);
