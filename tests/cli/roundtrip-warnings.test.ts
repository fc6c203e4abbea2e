/**
 * roundtrip repeats the warnings import gives of the module: an archive holding an entry twice
 * (both readings keep the first, so the comparison cannot show it) said "no difference" and
 * nothing else, where import warns that the second copy is dropped.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { writeZip, type ZipEntry } from '../../src/vassal/module/zip';
import { VASSAL_FIXTURES, describeShared } from '../shared-dir';
import { runCli } from './run-cli';
import { tempDir } from '../temp-dir';

const KASSALA = path.join(VASSAL_FIXTURES, 'rummelsworth__vassal-module-kassala__vmod');

function filesUnder(dir: string, prefix = ''): ZipEntry[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory()
        ? filesUnder(full, `${prefix}${name}/`)
        : [{ path: `${prefix}${name}`, data: readFileSync(full) }];
    });
}

/** The module zipped with a second, different `moduledata` after the first (the zip writer refuses two names alike: renamed in the bytes). */
async function moduleWithDuplicateEntry(file: string): Promise<void> {
  const entries = filesUnder(KASSALA);
  const moduledata = entries.find((e) => e.path === 'moduledata')!;
  const second = Buffer.from(String(moduledata.data).replace('<version>', '<version>9'));
  const zip = Buffer.from(await writeZip([...entries, { path: 'moduledatX', data: second }], 1767225600));
  // The name is in the local header and in the central directory; no checksum covers it.
  let at = zip.indexOf('moduledatX');
  let renamed = 0;
  while (at >= 0) {
    zip.write('moduledata', at, 'latin1');
    renamed += 1;
    at = zip.indexOf('moduledatX', at + 1);
  }
  expect(renamed).toBe(2);
  writeFileSync(file, zip);
}

describeShared('roundtrip warnings', () => {
  it("repeats import's warning of a duplicate zip entry", async () => {
    const dir = tempDir('hexforge-roundtrip-warn-');
    const file = path.join(dir, 'dup.vmod');
    await moduleWithDuplicateEntry(file);
    const imported = await runCli(['import', file, '--out', path.join(dir, 'imported')]);
    const warning = `warning vassal/zip-duplicate-entry: ${file}: entry "moduledata" appears twice; the first is used`;
    expect(imported.stderr).toContain(warning);
    const r = await runCli(['roundtrip', file]);
    expect(r.stdout).toContain(`${file}: no difference`);
    expect(r.stderr).toContain(warning);
    expect(r.stderr).toContain('hint: zip the module again so each entry appears once');
  }, 120_000);
});
