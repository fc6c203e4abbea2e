/**
 * proof.pdf, built through the CLI as a publisher would: `--only proof` builds the components it
 * collects first; it holds a contents page and then each component's pages unchanged (count and
 * page boxes), qpdf finds nothing wrong, and a second clean build gives the same bytes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli';
import { layoutText } from './pdf-helpers';

const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-proof-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const COMPONENTS = ['counters.pdf', 'aids.pdf', 'map.pdf', 'display.pdf'];

async function build(out: string, ...args: string[]): Promise<{ dir: string; written: string[] }> {
  const { code, stderr, stdout } = await runCli(['build', 'data/demo', '--out', out, '--only', 'proof', '--json', ...args]);
  expect(code, stderr).toBe(0);
  const { written } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { written: string[] };
  return { dir: path.join(out, 'demo'), written };
}

const load = (file: string) => PDFDocument.load(readFileSync(file), { updateMetadata: false });
const boxes = (doc: PDFDocument, i: number) =>
  ['MediaBox', 'BleedBox', 'TrimBox'].map((name) => String(doc.getPage(i).node.get(PDFName.of(name)))).join(' ');

describe('proof.pdf', () => {
  it('a contents page, then every page of counters, aids, map and display sheet as they are', async () => {
    const { dir, written } = await build(path.join(root, 'a'));
    for (const file of [...COMPONENTS, 'proof.pdf']) expect(written).toContain(path.join(dir, file));
    const proof = await load(path.join(dir, 'proof.pdf'));
    const parts = await Promise.all(COMPONENTS.map((f) => load(path.join(dir, f))));
    const counts = parts.map((p) => p.getPageCount());
    expect(proof.getPageCount()).toBe(1 + counts.reduce((a, b) => a + b, 0));
    let at = 1;
    parts.forEach((part) => {
      for (let i = 0; i < part.getPageCount(); i++, at++) expect(boxes(proof, at)).toBe(boxes(part, i));
    });
    const contents = layoutText(path.join(dir, 'proof.pdf')).split('\f')[0];
    let first = 2;
    COMPONENTS.forEach((file, i) => {
      const last = first + counts[i] - 1;
      expect(contents).toMatch(new RegExp(`${file.replace('.', '\\.')}\\s+${first === last ? first : `${first}–${last}`}\\s`));
      first = last + 1;
    });
  }, 300_000);

  it('two clean builds give the same bytes, and qpdf finds nothing wrong', async () => {
    const [a, b] = [(await build(path.join(root, 'a'))).dir, (await build(path.join(root, 'b'))).dir];
    const proof = readFileSync(path.join(a, 'proof.pdf'));
    expect(proof.equals(readFileSync(path.join(b, 'proof.pdf')))).toBe(true);
    try {
      execFileSync('qpdf', ['--version'], { stdio: 'ignore' });
    } catch {
      console.log('qpdf is not installed: the qpdf --check of proof.pdf is skipped');
      return;
    }
    expect(() => execFileSync('qpdf', ['--check', path.join(a, 'proof.pdf')], { stdio: 'pipe' })).not.toThrow();
  }, 300_000);
});
