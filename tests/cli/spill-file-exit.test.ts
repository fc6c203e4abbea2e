/**
 * A build that failed while appending to a spill file (a full disk) never removed it: the temporary
 * file, as large as what filled the disk, stayed in the out folder after the process ended.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { tempDir } from '../temp-dir';

it('a spill file never removed is deleted when the process exits', () => {
  const dir = tempDir('hexforge-spill-');
  const script = path.join(dir, 'spill.ts');
  const spillModule = path.resolve('src/cli/spill-file.ts');
  writeFileSync(
    script,
    `import { SpillFile } from ${JSON.stringify(spillModule)};\n` +
      `const spill = new SpillFile(${JSON.stringify(path.join(dir, 'out', 'images.pack'))});\n` +
      `spill.append(new Uint8Array(1000));\n` +
      // What the build saw before failing: the temporary file is there while the process runs.
      `console.log(require('node:fs').readdirSync(${JSON.stringify(path.join(dir, 'out'))}).join(','));\n` +
      `process.exitCode = 1;\n`,
  );
  const run = spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), script], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.stdout).toMatch(/^images\.pack\.tmp-\d+-\d+\n$/);
  expect(existsSync(path.join(dir, 'out'))).toBe(true);
  expect(readdirSync(path.join(dir, 'out'))).toEqual([]);
});
