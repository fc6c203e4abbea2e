import { deflateRawSync } from 'node:zlib';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { parseXml, readLimits, readModule, readZip, type ReadLimits } from '../../src/vassal/reader/index';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { withTempDir } from './import-fixtures';

const BUILDFILE = '<?xml version="1.0"?><VASSAL.build.GameModule name="X"/>';

async function zip(entries: Array<[string, Uint8Array | string]>, compress = true): Promise<Uint8Array> {
  const z = new yazl.ZipFile();
  for (const [name, data] of entries) z.addBuffer(Buffer.from(data), name, { compress });
  z.end();
  const chunks: Buffer[] = [];
  for await (const c of z.outputStream) chunks.push(c as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** yazl refuses unsafe names, so write a same-length placeholder and patch every copy of it. */
function rename(bytes: Uint8Array, from: string, to: string): Uint8Array {
  expect(to.length).toBe(from.length);
  const out = Buffer.from(bytes);
  const needle = Buffer.from(from, 'latin1');
  let at = out.indexOf(needle);
  let n = 0;
  while (at >= 0) {
    Buffer.from(to, 'latin1').copy(out, at);
    at = out.indexOf(needle, at + 1);
    n++;
  }
  expect(n).toBe(2); // local header and central directory
  return new Uint8Array(out);
}

const read = (bytes: Uint8Array, limits: Partial<ReadLimits> = {}) => readZip(bytes, { file: 'evil.vmod', limits: readLimits(limits) });

describe('zip slip: entry names that escape the output folder are refused, naming file and entry', () => {
  it.each([
    ['../evil.png', 'climbs out'],
    ['/etc/passwd', 'absolute path'],
    ['C:/boot.ini', 'drive letter'],
    ['img\\..\\x.p', 'backslash'],
    ['images/../../x', 'climbs out'],
  ])('%s', async (name, why) => {
    const placeholder = 'a'.repeat(name.length);
    const bytes = rename(
      await zip([
        ['buildFile.xml', BUILDFILE],
        [placeholder, 'x'],
      ]),
      placeholder,
      name,
    );
    const r = await read(bytes);
    expect(r.entries.size).toBe(0);
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: 'vassal/zip-unsafe-name', severity: 'error', file: 'evil.vmod' });
    expect(r.diagnostics[0].message).toContain('evil.vmod');
    expect(r.diagnostics[0].message).toContain(JSON.stringify(name));
    expect(r.diagnostics[0].message).toContain(why);
  });

  it('the folder writer refuses a path that resolves outside the folder, writing nothing', async () => {
    await withTempDir(async (dir) => {
      const d = await writeGameFolder(`${dir}/game`, new Map([['../outside.txt', 'x']]));
      expect(d[0].code).toBe('vassal/zip-unsafe-name');
    });
  });
});

describe('zip bombs', () => {
  const zeros = new Uint8Array(4 * 1024 * 1024);

  it('refuses an entry compressing beyond the ratio limit before inflating it', async () => {
    const r = await read(
      await zip([
        ['buildFile.xml', BUILDFILE],
        ['images/bomb.png', zeros],
      ]),
    );
    expect(r.diagnostics[0]).toMatchObject({ code: 'vassal/zip-ratio' });
    expect(r.diagnostics[0].message).toContain('"images/bomb.png"');
  });

  it('refuses archives whose entries inflate past the total limit', async () => {
    const data = new Uint8Array(600_000).map((_, i) => (i * 7919) % 251);
    const r = await read(
      await zip([
        ['a.bin', data],
        ['b.bin', data],
      ]),
      { maxTotalBytes: 1_000_000 },
    );
    expect(r.diagnostics[0].code).toBe('vassal/zip-too-large');
    expect(r.diagnostics[0].message).toContain('"b.bin"');
  });

  it('refuses an entry over the per-entry limit', async () => {
    const r = await read(await zip([['big.bin', new Uint8Array(2000)]]), { maxEntryBytes: 1000 });
    expect(r.diagnostics[0].code).toBe('vassal/zip-entry-too-large');
  });

  it('refuses too many entries', async () => {
    const many: Array<[string, string]> = Array.from({ length: 12 }, (_, i) => [`f${i}.txt`, 'x']);
    const r = await read(await zip(many), { maxEntries: 10 });
    expect(r.diagnostics[0].code).toBe('vassal/zip-too-many-entries');
  });

  it('refuses an entry whose header understates its size (it inflates past what was declared)', async () => {
    // Build an entry honestly, then lower its declared uncompressed size in both headers.
    const payload = new Uint8Array(5000).fill(65);
    const bytes = Buffer.from(await zip([['lie.txt', payload]]));
    const compressed = deflateRawSync(payload).length;
    expect(compressed).toBeGreaterThan(0);
    const patch = (signature: number, sizeOffset: number) => {
      for (
        let i = bytes.indexOf(Buffer.from([0x50, 0x4b, signature >> 8, signature & 0xff]));
        i >= 0;
        i = bytes.indexOf(Buffer.from([0x50, 0x4b, signature >> 8, signature & 0xff]), i + 1)
      ) {
        if (bytes.readUInt32LE(i + sizeOffset) === 5000) bytes.writeUInt32LE(100, i + sizeOffset);
      }
    };
    patch(0x0304, 22); // local header: uncompressed size
    patch(0x0102, 24); // central directory: uncompressed size
    const r = await read(new Uint8Array(bytes));
    expect(r.entries.size).toBe(0);
    expect(r.diagnostics[0].code).toBe('vassal/zip-entry-unreadable');
    expect(r.diagnostics[0].message).toContain('"lie.txt"');
  });
});

describe('hostile XML', () => {
  const parse = (xml: string, limits: Partial<ReadLimits> = {}) =>
    parseXml(xml, { file: 'evil.vmod', entry: 'buildFile.xml', limits: readLimits(limits) });

  it('refuses a DOCTYPE with entity expansion (billion laughs)', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><VASSAL.build.GameModule name="&lol2;"/>`;
    const r = parse(xml);
    expect(r.root).toBeUndefined();
    expect(r.diagnostics[0]).toMatchObject({ code: 'vassal/xml-doctype', file: 'evil.vmod!buildFile.xml', line: 1 });
    expect(r.diagnostics[0].message).toContain('evil.vmod!buildFile.xml');
  });

  it('refuses a DOCTYPE with an external entity', () => {
    const r = parse(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><x>&xxe;</x>`);
    expect(r.diagnostics[0].code).toBe('vassal/xml-doctype');
  });

  it('refuses nesting deeper than the limit', () => {
    const r = parse(`${'<a>'.repeat(50)}${'</a>'.repeat(50)}`, { maxDepth: 20 });
    expect(r.diagnostics[0].code).toBe('vassal/xml-too-deep');
  });

  it('refuses an over-long attribute and over-long text', () => {
    expect(parse(`<a b="${'x'.repeat(200)}"/>`, { maxAttributeLength: 100 }).diagnostics[0].code).toBe('vassal/xml-attribute-too-long');
    expect(parse(`<a>${'x'.repeat(200)}</a>`, { maxTextLength: 100 }).diagnostics[0].code).toBe('vassal/xml-text-too-long');
  });

  it('refuses too many elements', () => {
    expect(parse(`<a>${'<b/>'.repeat(50)}</a>`, { maxElements: 10 }).diagnostics[0].code).toBe('vassal/xml-too-many-elements');
  });

  it('reports malformed XML with a position, and keeps the defaults generous enough for real modules', () => {
    const r = parse('<a><b></a>');
    expect(r.diagnostics[0]).toMatchObject({ code: 'vassal/xml-syntax', line: 1 });
    // An empty document fails at the start of its last line: still a column a user can find.
    expect(parse('<?xml version="1.0"?>\n\n').diagnostics[0]).toMatchObject({ code: 'vassal/xml-syntax', line: 3, column: 1 });
    expect(parse(`<a>${'<b/>'.repeat(1000)}</a>`).root?.children).toHaveLength(1000);
  });

  it('a hostile buildFile inside a module refuses the module', async () => {
    const bytes = await zip([['buildFile.xml', '<!DOCTYPE x [<!ENTITY a "b">]><VASSAL.build.GameModule/>']]);
    const entries = (await read(bytes)).entries;
    const r = await readModule(entries, { source: 'evil.vmod', limits: readLimits() });
    expect(r.module).toBeUndefined();
    expect(r.diagnostics[0].code).toBe('vassal/xml-doctype');
  });
});

describe('limits are configurable from the command line', () => {
  it('maps --max-* flags onto ReadLimits and rejects nonsense', async () => {
    const { limitsFromOptions } = await import('../../src/cli/import');
    const limits = limitsFromOptions({
      maxEntries: '5',
      maxTotalSize: '100',
      maxEntrySize: '50',
      maxRatio: '3',
      maxDepth: '7',
      maxDocumentSize: '9',
      maxExpandedTraits: '4',
    });
    expect(limits).toMatchObject({
      maxEntries: 5,
      maxTotalBytes: 100,
      maxEntryBytes: 50,
      maxRatio: 3,
      maxDepth: 7,
      maxDocumentBytes: 9,
      maxExpandedTraits: 4,
    });
    expect(() => limitsFromOptions({ maxDepth: 'deep' })).toThrow(/positive whole number/);
    // Named as the user typed it, not after the limit it sets.
    expect(() => limitsFromOptions({ maxEntrySize: 'abc' })).toThrow(/^--max-entry-size takes/);
    expect(() => limitsFromOptions({ maxEntries: '1.5' })).toThrow(/^--max-entries takes a positive whole number, not "1.5"/);
    expect(limitsFromOptions({ maxRatio: '2.5' }).maxRatio).toBe(2.5);
  });
});
