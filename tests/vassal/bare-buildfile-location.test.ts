/**
 * Messages about a bare buildFile name the file itself: the module is that file, not an archive
 * holding a "buildFile" entry (`dir/buildFile`, not `dir/buildFile!buildFile`); a folder or an
 * archive keeps `<folder>!<entry>`. The message holds no "line:column:": the diagnostic carries
 * the position.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readLimits, readModuleFrom } from '../../src/vassal/reader/index';

const dir = mkdtempSync(path.join(tmpdir(), 'hexforge-bare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Not XML: a list of names, as a file of that name in a public repository holds.
const NOT_XML = 'A\nB\nA B 1\n';

it('a malformed bare buildFile is named by its own path, its message without the parser position', async () => {
  const file = path.join(dir, 'buildFile');
  writeFileSync(file, NOT_XML);
  const { diagnostics } = await readModuleFrom(file, readLimits());
  const syntax = diagnostics.find((d) => d.code === 'vassal/xml-syntax')!;
  expect(syntax.file).toBe(file);
  expect(syntax.message).toBe(`${file}: text before the root element: "A"`);
  expect([syntax.line, syntax.column]).toEqual([1, 1]);
});

it('a malformed buildFile in a folder given as the module is the file itself, <folder>/<entry>', async () => {
  const folder = path.join(dir, 'module');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'buildFile.xml'), NOT_XML);
  const { diagnostics } = await readModuleFrom(folder, readLimits());
  expect(diagnostics.find((d) => d.code === 'vassal/xml-syntax')!.file).toBe(path.join(folder, 'buildFile.xml'));
});
