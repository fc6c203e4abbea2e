/** Summary lines name folders as diagnostics do: a line break or an escape sequence in a name is shown escaped, never sent to the terminal. */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { tempDir } from '../temp-dir';

const HOSTILE = 'g\u001b[2J\nx';
const SHOWN = 'g\\u001b[2J\\u000ax';

const hasRawControls = (text: string) => /[\u0000-\u0008\u000b-\u001f]/.test(text) || text.includes(`${HOSTILE}`);

describe('a folder name with control characters in summary lines', () => {
  const root = tempDir('hexforge-names-');

  it('validate', async () => {
    const game = path.join(root, HOSTILE);
    cpSync('tests/fixtures/minimal', game, { recursive: true });
    const r = await runCli(['validate', game]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`${SHOWN}: 0 errors, 0 warnings`);
    expect(hasRawControls(r.stderr + r.stdout)).toBe(false);
  });

  it('import refused', async () => {
    const module = path.join(root, `m${HOSTILE}`);
    mkdirSync(module);
    writeFileSync(path.join(module, 'buildFile.xml'), 'not xml');
    const r = await runCli(['import', module, '--out', path.join(module, 'out')]);
    expect(r.stderr).toContain(`m${SHOWN}: not imported`);
    expect(hasRawControls(r.stderr + r.stdout)).toBe(false);
  });

  it('init', async () => {
    const r = await runCli(['init', path.join(root, `i${HOSTILE}`), '--from', 'blank']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`i${SHOWN}`);
    expect(hasRawControls(r.stderr + r.stdout)).toBe(false);
  });
});
