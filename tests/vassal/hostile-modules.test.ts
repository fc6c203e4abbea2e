/**
 * Hostile modules, each the smallest reproducer of its attack, built in a temporary folder and
 * given to `import` and `roundtrip` as a user would: each run is refused with a located
 * diagnostic or handled correctly, within 30 s and 1 GiB of memory, writes nothing outside its
 * output folder (the round trip nothing at all), and prints no raw control character.
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RAW_CONTROL, STACK_LINE } from '../../scripts/fuzz/contract';
import { DEFAULT_READ_LIMITS } from '../../src/vassal/reader/limits';
import { encodePiece } from '../../src/vassal/piece';
import { buildBasicPiece } from '../../src/vassal/traits/index';
import { MEMORY_LIMIT_BYTES, TIME_LIMIT_MS, buildFile, runCli, tempWork, uses, vmod, zipWith, type CliRun } from './hostile-module-kit';

const works: string[] = [];
afterEach(() => {
  for (const dir of works.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A work folder holding `m.vmod`. */
function workWith(module: Uint8Array): string {
  const work = tempWork();
  works.push(work);
  writeFileSync(path.join(work, 'm.vmod'), module);
  return work;
}

function expectContained(run: CliRun): void {
  const printed = `${run.stdout}\n${run.stderr}`;
  expect(run.signal, `killed after ${Math.round(run.ms)} ms`).toBeNull();
  expect(run.cpuMs, `${Math.round(run.cpuMs)} ms of CPU (wall ${Math.round(run.ms)} ms)`).toBeLessThan(TIME_LIMIT_MS);
  expect(run.peakRssBytes).toBeLessThan(MEMORY_LIMIT_BYTES);
  expect(run.strays).toEqual([]);
  expect(printed).not.toMatch(RAW_CONTROL);
  expect(printed).not.toMatch(STACK_LINE);
  expect(printed).not.toContain('internal error');
}

/** The printed diagnostic lines not followed by a hint (before the next diagnostic or file). */
function unhinted(stderr: string): string[] {
  const lines = stderr.split('\n');
  const diagnostic = /^ {2}\S.*: (?:error|warning) [a-z]+\/[a-z-]+: /;
  return lines.filter((line, i) => {
    if (!diagnostic.test(line)) return false;
    for (const next of lines.slice(i + 1)) {
      if (next.startsWith('    hint: ')) return false;
      if (!next.startsWith('    ')) return true;
    }
    return true;
  });
}

/** Import into `out` and round trip; both refused (exit 1) with `expected` printed, every diagnostic saying what to do. */
function expectRefused(work: string, ...expected: string[]): CliRun[] {
  return expectRefusedWith(work, [], ...expected);
}

/** The same, with options (limits) for both commands. */
function expectRefusedWith(work: string, options: string[], ...expected: string[]): CliRun[] {
  const runs = [runCli(work, ['import', 'm.vmod', '--out', 'out', ...options], ['out']), runCli(work, ['roundtrip', 'm.vmod', ...options])];
  for (const run of runs) {
    expectContained(run);
    expect(run.status).toBe(1);
    for (const text of expected) expect(run.stderr).toContain(text);
    expect(unhinted(run.stderr)).toEqual([]);
  }
  return runs;
}

/**
 * `verify --module` refused (exit 1) with `expected` printed before any game is loaded: the module's
 * saves are checked before it is compared, as import and round trip check them.
 */
function expectVerifyRefused(work: string, ...expected: string[]): void {
  const run = runCli(work, ['verify', '--module', 'm.vmod', 'game']);
  expectContained(run);
  expect(run.status).toBe(1);
  for (const text of [...expected, 'm.vmod: could not be read']) expect(run.stderr).toContain(text);
  expect(unhinted(run.stderr)).toEqual([]);
}

const SLOW = 120_000;
/** The 49,000-entry archive: about 100 s on a busy two-core machine, so it gets room of its own. */
const VERY_SLOW = 300_000;

describe('zip bombs under the limits', () => {
  it(
    'forty entries of 1,000,000 zeros, each under the 1 MiB ratio floor: the archive as a whole is past the ratio',
    async () => {
      const zeros = new Uint8Array(1_000_000);
      const extra = Array.from({ length: 40 }, (_, i) => ({ path: `help/page${i}.txt`, data: zeros }));
      const module = await vmod(buildFile(), extra);
      expect(module.length).toBeLessThan(100_000); // 40 MB of entries in a few kilobytes
      expectRefused(workWith(module), 'm.vmod: error vassal/zip-ratio', 'the entries up to "help/page');
    },
    SLOW,
  );

  it('the default total budget, the saves inside a module included, stays well under 1 GiB', () => {
    expect(DEFAULT_READ_LIMITS.maxTotalBytes).toBeLessThanOrEqual(512 * 1024 * 1024);
  });

  it(
    "each save inside a module counts with the module's entries alone: five saves of 60 MiB (300 MiB in all) pass a 100 MB budget, a 60 MB budget refuses the first",
    async () => {
      const size = 60 * 1024 * 1024;
      const save = await saveOf(sparseText(size));
      // Each save alone passes every other limit: its ratio is under 200:1 and it fits the document size.
      expect(size / save.length).toBeLessThan(190);
      expect(size).toBeLessThan(DEFAULT_READ_LIMITS.maxDocumentBytes);
      const setups = Array.from({ length: 5 }, (_, i) => `s${i + 1}.vsav`);
      const module = await vmod(
        buildFile({ setups }),
        setups.map((name) => ({ path: name, data: save })),
      );
      expect(module.length).toBeLessThan(4_000_000);
      const work = workWith(module);
      // Saves are read one at a time and let go: the total of all of them is no limit.
      for (const args of [
        ['import', 'm.vmod', '--out', 'out', '--max-total-size', '100000000'],
        ['roundtrip', 'm.vmod', '--max-total-size', '100000000'],
      ]) {
        const run = runCli(work, args, ['out']);
        expectContained(run);
        expect(run.status, run.stderr).toBe(0);
      }
      // The default budget works the same way; a smaller one keeps the test quick. (import refuses an existing --out.)
      rmSync(path.join(work, 'out'), { recursive: true, force: true });
      expectRefusedWith(
        work,
        ['--max-total-size', '60000000'],
        'm.vmod!s1.vsav: error vassal/zip-too-large',
        "more than 60000000 bytes in total, counting the module's own entries, held while it is read",
        'raise --max-total-size',
      );
    },
    SLOW,
  );

  it(
    'a 65 MiB buildFile in a module of under 1 MB is refused before it is read as text',
    async () => {
      const xml = buildFile().replace(
        '</VASSAL.build.GameModule>',
        `<!--${sparseText(65 * 1024 * 1024).toString('latin1')}--></VASSAL.build.GameModule>`,
      );
      const module = await vmod(xml);
      expect(module.length).toBeLessThan(1_000_000);
      expectRefused(
        workWith(module),
        'm.vmod!buildFile.xml: error vassal/document-too-large',
        `(limit ${DEFAULT_READ_LIMITS.maxDocumentBytes}`,
      );
    },
    SLOW,
  );

  it(
    'a buildFile of more elements than the limit is refused at the element where the count is passed',
    async () => {
      // Numbered, so that the buildFile does not compress past the ratio limit.
      const elements = Array.from({ length: DEFAULT_READ_LIMITS.maxElements }, (_, i) => `<e n="${i}"/>`).join('');
      const xml = buildFile().replace('</VASSAL.build.GameModule>', `${elements}</VASSAL.build.GameModule>`);
      expectRefused(
        workWith(await vmod(xml)),
        'm.vmod!buildFile.xml:',
        `error vassal/xml-too-many-elements`,
        `more than ${DEFAULT_READ_LIMITS.maxElements} elements`,
      );
    },
    SLOW,
  );
});

/** `size` bytes of letters that deflate about 100:1 (a random letter every 251 bytes). */
function sparseText(size: number): Buffer {
  const text = Buffer.alloc(size, 0x61);
  let x = 12345;
  for (let i = 0; i < size; i += 251) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    text[i] = 0x61 + (x % 26);
  }
  return text;
}

/** A .vsav holding `payload` as its savedGame, deflated quickly. */
const saveOf = (payload: Uint8Array) => zipWith([{ name: 'savedGame', data: payload, level: 1 }]);

describe('tiny modules that would hang or explode', () => {
  it(
    "a setup's saved game whose pieces, with the buildFile's, pass the expanded-trait limit is refused, naming the save and the piece",
    async () => {
      // A piece using P0 expands to 1,048,575 traits; with the prototypes themselves the buildFile
      // counts 3,145,666, its first piece in the save 4,194,241 and its second 5,242,816: past the
      // default 5,000,000.
      const prototypes = Array.from({ length: 19 }, (_, i): [string, ReturnType<typeof uses>[]] => [
        `P${i}`,
        i < 18 ? [uses(`P${i + 1}`), uses(`P${i + 1}`)] : [],
      ]);
      const piece = (id: string) => encodePiece({ id, traits: [uses('P0'), buildBasicPiece({ name: 'A', image: '' })] });
      const commands = ['begin_save', '', piece('1001'), piece('1002'), piece('1003'), 'end_save'].join('\u001b');
      const save = await saveOf(new TextEncoder().encode(commands));
      const module = await vmod(buildFile({ prototypes, slots: [['A', [uses('P0')]]], setups: ['Setup.vsav'] }), [
        { path: 'Setup.vsav', data: save },
      ]);
      const work = workWith(module);
      expectRefused(work, 'm.vmod!Setup.vsav: error vassal/prototype-explosion', 'at piece 1002 of the saved game');
      expectVerifyRefused(work, 'm.vmod!Setup.vsav: error vassal/prototype-explosion', 'at piece 1002 of the saved game');
    },
    SLOW,
  );

  it(
    'forty prototypes that each use the next twice (2^40 traits) are refused at the piece, with its line',
    async () => {
      const prototypes = Array.from({ length: 40 }, (_, i): [string, ReturnType<typeof uses>[]] => [
        `P${i}`,
        i < 39 ? [uses(`P${i + 1}`), uses(`P${i + 1}`)] : [],
      ]);
      const xml = buildFile({ prototypes, slots: [['A', [uses('P0')]]] });
      const line = xml.split('\n').findIndex((l) => l.includes('entryName="A"')) + 1;
      expectRefused(workWith(await vmod(xml)), `m.vmod!buildFile.xml:${line}:`, 'error vassal/prototype-explosion', '"A" in the buildFile');
    },
    SLOW,
  );

  it(
    'a 0.01-px hex grid in a 1 KB buildFile is refused at the grid, with its line',
    async () => {
      const xml = buildFile({ grid: { dx: '0.01', dy: '0.01' } });
      expect(xml.length).toBeLessThan(1300);
      const line = gridLine(xml);
      const [imported] = expectRefused(workWith(await vmod(xml)), `m.vmod!buildFile.xml:${line}:`, 'error vassal/bad-grid-attribute');
      expect(imported.stderr).toContain('hex grid spacing must lie between 1 and');
    },
    SLOW,
  );

  it(
    'a 2^31-px board is refused: its hexes are not walked',
    async () => {
      const xml = buildFile({ board: { width: String(2 ** 31), height: String(2 ** 31) } });
      expectRefused(workWith(await vmod(xml)), 'error vassal/grid-too-large', `the board (${2 ** 31} × ${2 ** 31} px)`);
    },
    SLOW,
  );

  it.each([
    ['dx', 'NaN'],
    ['dy', 'Infinity'],
    ['dx', '1e309'],
  ])(
    'a grid spacing %s="%s" is refused at the grid, with its line',
    async (name, value) => {
      const xml = buildFile({ grid: { [name]: value } });
      expectRefused(
        workWith(await vmod(xml)),
        `m.vmod!buildFile.xml:${gridLine(xml)}:`,
        'error vassal/bad-grid-attribute',
        `${name}="${value}"`,
      );
    },
    SLOW,
  );

  it.each([
    ['x0', '-Infinity'],
    ['y0', 'NaN'],
  ])(
    'a grid origin %s="%s" is not a whole number: VASSAL reads whole pixels, so the default is used and said, at its line',
    async (name, value) => {
      const xml = buildFile({ grid: { [name]: value } });
      const work = workWith(await vmod(xml));
      const imported = runCli(work, ['import', 'm.vmod', '--out', 'out'], ['out']);
      expectContained(imported);
      expect(imported.status).toBe(0);
      expect(imported.stderr).toContain(`m.vmod!buildFile.xml:${gridLine(xml)}:`);
      expect(imported.stderr).toContain(`warning vassal/bad-grid-attribute: ${name}="${value}" is not a whole number`);
      expect(readFileSync(path.join(work, 'out/map.json'), 'utf8')).not.toMatch(/NaN|Infinity|null/);
    },
    SLOW,
  );

  it(
    '49,000 one-byte entries import and round-trip within the bounds; 50,001 are refused',
    async () => {
      const tiny = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `help/f${i}.txt`, data: 'x' }));
      const work = workWith(await vmod(buildFile(), tiny(49_000)));
      const roundTrip = runCli(work, ['roundtrip', 'm.vmod']);
      expectContained(roundTrip);
      expect(roundTrip.status).toBe(0);
      expect(roundTrip.stdout).toContain('m.vmod: no difference');
      const imported = runCli(work, ['import', 'm.vmod', '--out', 'out'], ['out']);
      expectContained(imported);
      expect(imported.status).toBe(0);
      expect(readFileSync(path.join(work, 'out/vassal/module/help/f48999.txt'), 'utf8')).toBe('x');

      const over = DEFAULT_READ_LIMITS.maxEntries + 1;
      writeFileSync(path.join(work, 'm.vmod'), await vmod(buildFile(), tiny(over - 1)));
      rmSync(path.join(work, 'out'), { recursive: true });
      expectRefused(work, 'error vassal/zip-too-many-entries', `${over} entries (limit ${DEFAULT_READ_LIMITS.maxEntries})`);
    },
    VERY_SLOW,
  );
});

/** The line of the HexGrid element. */
const gridLine = (xml: string) => xml.split('\n').findIndex((l) => l.includes('HexGrid')) + 1;

describe('archives cut short', () => {
  it(
    'a .vmod cut off before its central directory is refused as damaged, with what to do',
    async () => {
      const module = await vmod(buildFile(), [{ path: 'images/a.png', data: new Uint8Array(2048).fill(7) }]);
      const [imported] = expectRefused(workWith(module.subarray(0, module.length - 100)), 'm.vmod: error vassal/zip-unreadable');
      expect(imported.stderr).toContain('hint: the file is cut short or damaged');
    },
    SLOW,
  );
});

describe('saves that are not saves', () => {
  it(
    'a .vsav no setup names is checked too: one of random bytes is refused, naming the entry',
    async () => {
      const noise = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
      const module = await vmod(buildFile(), [{ path: 'Stray.vsav', data: noise }]);
      const work = workWith(module);
      expectRefused(work, 'm.vmod!Stray.vsav: error vassal/save-not-zip');
      expectVerifyRefused(work, 'm.vmod!Stray.vsav: error vassal/save-not-zip');
    },
    SLOW,
  );

  it(
    'a .vsav of random bytes is refused, naming the entry',
    async () => {
      const noise = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
      const module = await vmod(buildFile({ setups: ['Setup.vsav'] }), [{ path: 'Setup.vsav', data: noise }]);
      const [imported] = expectRefused(workWith(module), 'm.vmod!Setup.vsav: error vassal/save-not-zip');
      expect(imported.stderr).toContain('hint: open the module in VASSAL');
    },
    SLOW,
  );

  it(
    'a .vsav whose savedGame holds random bytes is refused, naming the entry',
    async () => {
      const noise = new Uint8Array(4096).map((_, i) => 128 + ((i * 7919 + 13) % 127));
      const save = await saveOf(noise);
      const module = await vmod(buildFile({ setups: ['Setup.vsav'] }), [{ path: 'Setup.vsav', data: save }]);
      expectRefused(workWith(module), 'm.vmod!Setup.vsav: error vassal/save-not-text', 'not UTF-8 text');
    },
    SLOW,
  );
});

describe('file-system oddities', () => {
  it(
    'a zip holding both "a" and "a/b" is refused, naming both',
    async () => {
      const module = await vmod(buildFile(), [
        { path: 'a', data: 'file' },
        { path: 'a/b', data: 'file in a folder of the same name' },
      ]);
      expectRefused(workWith(module), 'error vassal/zip-file-folder-clash', 'entry "a/b" lies in a folder "a" that is also a file entry');
    },
    SLOW,
  );

  it(
    'a module folder reached through a link imports; a link inside it to a file outside is not followed',
    () => {
      const work = tempWork();
      works.push(work);
      const real = path.join(work, 'real');
      mkdirSync(path.join(real, 'images'), { recursive: true });
      writeFileSync(path.join(real, 'buildFile.xml'), buildFile());
      writeFileSync(path.join(work, 'secret.txt'), 'outside the module');
      symlinkSync(path.join(work, 'secret.txt'), path.join(real, 'images', 'secret.png'));
      symlinkSync(real, path.join(work, 'link'));
      const imported = runCli(work, ['import', 'link', '--out', 'out'], ['out']);
      expectContained(imported);
      expect(imported.status).toBe(0);
      expect(imported.stdout).toContain('link → out');
      const roundTrip = runCli(work, ['roundtrip', 'link']);
      expectContained(roundTrip);
      expect(roundTrip.status).toBe(0);
      const copied = runCli(work, ['roundtrip', 'link', '--out', 'kept'], ['kept']);
      expect(copied.status).toBe(0);
      for (const folder of ['out', 'kept']) {
        expect(() => readFileSync(path.join(work, folder, 'vassal/module/images/secret.png'))).toThrow();
      }
    },
    SLOW,
  );

  it(
    '--out under a file is refused, naming it, and the file is left alone',
    async () => {
      const work = workWith(await vmod(buildFile()));
      writeFileSync(path.join(work, 'plain.txt'), 'mine');
      const run = runCli(work, ['import', 'm.vmod', '--out', 'plain.txt/out']);
      expectContained(run);
      expect(run.status).toBe(3);
      expect(run.stderr).toContain('plain.txt/out: error io/cannot-write');
      expect(readFileSync(path.join(work, 'plain.txt'), 'utf8')).toBe('mine');
    },
    SLOW,
  );

  it(
    'escape sequences in a stored buildFile are never printed raw',
    async () => {
      // Retitle and clear the terminal, inside an attribute: not well-formed XML (control characters).
      const xml = buildFile().replace('name="Hostile"', 'name="\u001b]0;owned\u0007\u001b[2J\u001b[H"');
      const stored = await zipWith([{ name: 'buildFile.xml', data: Buffer.from(xml), level: 0 }]);
      expectRefused(workWith(stored), 'm.vmod!buildFile.xml:2:', 'error vassal/xml-syntax');
    },
    SLOW,
  );
});
