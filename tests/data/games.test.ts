/** Every game folder in data/ validates with zero diagnostics (gaps are declared, never errors). */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli';

const dataDir = path.join(__dirname, '..', '..', 'data');
const games = readdirSync(dataDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

describe('bundled games', () => {
  it.each(games)('data/%s validates with no diagnostics', async (game) => {
    const { code, stdout } = await runCli(['validate', '--json', path.join(dataDir, game)]);
    expect(stdout).toBe('');
    expect(code).toBe(0);
  });
});
