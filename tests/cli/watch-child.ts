/** `hexforge build --watch` in a real child process, for the watch tests: what it prints, waited for. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface WatchChild {
  child: ChildProcess;
  /** What it has printed to stderr so far. */
  stderr(): string;
  /** Waits until stderr after `from` matches `pattern`; returns where the match ends. */
  waitFor(pattern: RegExp, from: number): Promise<number>;
  exited: Promise<number | null>;
}

export function spawnWatch(args: string[]): WatchChild {
  const child = spawn(process.execPath, [path.resolve('bin/hexforge.mjs'), 'build', '--watch', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
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
  return { child, stderr: () => stderr, waitFor, exited };
}
