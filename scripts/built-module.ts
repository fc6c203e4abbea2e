/** The module Hexforge builds for a game folder, read back as its entries (the fuzzer's base, the import bench's input). */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main as cli } from '../src/cli/main';
import { readLimits } from '../src/vassal/reader/limits';
import { readZip } from '../src/vassal/reader/zip';

export async function builtModuleEntries(gameDir: string): Promise<Map<string, Uint8Array>> {
  const out = mkdtempSync(path.join(tmpdir(), 'hexforge-built-module-'));
  try {
    const printed: string[] = [];
    const code = await cli(['build', gameDir, '--only', 'vassal', '--quiet', '--out', out], {
      out: (t) => printed.push(t),
      err: (t) => printed.push(t),
      color: false,
    });
    const dir = readdirSync(out).map((d) => path.join(out, d))[0];
    const vmod = dir && readdirSync(dir).find((f) => f.endsWith('.vmod'));
    if (code !== 0 || !vmod)
      throw new Error(`building the module of ${gameDir} failed (exit ${code}): ${printed.join('\n').slice(0, 2000)}`);
    const read = await readZip(new Uint8Array(readFileSync(path.join(dir, vmod))), { file: vmod, limits: readLimits() });
    return read.entries;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
