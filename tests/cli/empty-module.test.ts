/**
 * An empty (0-byte) .vmod, a copy or download cut short, is said to be empty by every command that
 * reads a module; before, it was "neither a ZIP (.vmod) nor a buildFile", as if it were a file of
 * another kind.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runCli } from './run-cli';
import { tempDir } from '../temp-dir';

const dir = tempDir('hexforge-empty-module-');
const vmod = path.join(dir, 'empty.vmod');
writeFileSync(vmod, '');

for (const args of [
  ['roundtrip', vmod, '--out', path.join(dir, 'copy.vmod')],
  ['verify', '--module', vmod, path.join('data', 'demo')],
  ['import', vmod, '--out', path.join(dir, 'game')],
])
  it(`${args[0]}${args[1] === '--module' ? ' --module' : ''} says an empty module is empty, with a hint`, async () => {
    const r = await runCli(args);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${vmod}: error vassal/empty-module: ${vmod} is empty (0 bytes): there is no module in it`);
    expect(r.stderr).toContain('hint: the copy or download was probably cut short');
    expect(r.stderr).not.toContain('neither a ZIP');
  });
