/**
 * `build --watch` saw only the game folder's own files: a save in scenarios/*.json built nothing
 * (the outputs stayed stale), and once the folder was deleted it went on "watching" forever.
 * Subfolders are watched, links not.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-watch-sub-'));
const gameDir = path.join(root, 'games', 'demo');
cpSync(path.resolve('data/demo'), gameDir, { recursive: true });
// The demo's scenarios moved into a scenario part (src/data/scenario-parts.ts).
mkdirSync(path.join(gameDir, 'scenarios'));
renameSync(path.join(gameDir, 'scenarios.json'), path.join(gameDir, 'scenarios', 'a.json'));
// A link to a folder above, the outputs' included: followed, every build's writes would start another.
symlinkSync(root, path.join(gameDir, 'up'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('rebuilds on a save in scenarios/, and stops with exit 1 when the folder is deleted', async () => {
  const out = path.join(root, 'out');
  const child = spawn(process.execPath, [path.resolve('bin/hexforge.mjs'), 'build', gameDir, '--watch', '--only', 'bundle', '--out', out], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, from: number): Promise<number> => {
    for (let waited = 0; waited < 240_000; waited += 100) {
      const match = pattern.exec(stderr.slice(from));
      if (match) return from + match.index + match[0].length;
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${pattern} in:\n${stderr}`);
  };
  try {
    let at = await waitFor(/watching /, 0);
    const part = path.join(gameDir, 'scenarios', 'a.json');
    writeFileSync(part, readFileSync(part, 'utf8').replace('Dash to the Vell (introductory scenario)', 'Dash to the Vell, renamed'));
    at = await waitFor(/demo: built bundle \(/, at);
    expect(readFileSync(path.join(out, 'demo', 'demo.bundle.json'), 'utf8')).toContain('Dash to the Vell, renamed');
    // Nothing saved since: no build after that one.
    await new Promise((r) => setTimeout(r, 2000));
    expect(stderr.slice(at)).not.toContain('demo: ');

    rmSync(gameDir, { recursive: true });
    await waitFor(/demo: the folder is gone \(deleted or moved\); no longer watched/, at);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  expect(await exited).toBe(1);
}, 300_000);
