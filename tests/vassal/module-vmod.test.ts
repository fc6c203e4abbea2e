/**
 * The .vmod as VASSAL would open it: re-read with yauzl, entries, metadata, images, saves; same
 * bytes for the same data; a new module version whenever an image changes.
 */
import { readdirSync } from 'node:fs';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { decodePiece, imagesOfPiece, isEngineBundledImage } from '../../src/vassal/piece';
import { attribute, walkElements } from '../../src/vassal/xml-tree';
import { collectArt } from '../../src/vassal/module/collect-art';
import { parseXml } from '../../src/vassal/module/xml-reader';
import { planCounters } from '../../src/plan';
import { writeVmod } from '../../src/vassal/module/vmod';
import yazl from 'yazl';
import { crc32InScript, dosDateTime, writeZip } from '../../src/vassal/module/zip';
import { TEST_EPOCH, mustLoad, standInModule, standInPng, standInSources } from './module-helpers';

interface Entry {
  name: string;
  data: Buffer;
  method: number;
  dosDate: number;
  dosTime: number;
}

function readZip(bytes: Uint8Array): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out: Entry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push({
              name: entry.fileName,
              data: Buffer.concat(chunks),
              method: entry.compressionMethod,
              dosDate: entry.lastModFileDate,
              dosTime: entry.lastModFileTime,
            });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(readdirSync('data').sort())('data/%s.vmod re-opened', (gameDir) => {
  it('has buildFile.xml, moduledata, every image it names, and loadable setups', async () => {
    const { result } = await standInModule(`data/${gameDir}`);
    const entries = await readZip(result.vmod!);
    const names = entries.map((e) => e.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('buildFile.xml');
    expect(names).toContain('moduledata');

    // moduledata: 3.6.19 so that 3.6 and 3.7 both open it; version = the buildFile's.
    const meta = parseXml(entries.find((e) => e.name === 'moduledata')!.data.toString('utf8'));
    const metaText = (n: string) => meta.children.find((c) => c.name === n)?.text;
    const root = parseXml(entries.find((e) => e.name === 'buildFile.xml')!.data.toString('utf8'));
    expect(metaText('VassalVersion')).toBe('3.6.19');
    expect(metaText('version')).toBe(attribute(root, 'version'));
    expect(metaText('name')).toBe(attribute(root, 'name'));
    expect(metaText('dateSaved')).toBe(String(TEST_EPOCH * 1000));

    // Every image the buildFile names is in images/ (or bundled with VASSAL); PNGs are stored.
    const images = new Set(names.filter((n) => n.startsWith('images/')).map((n) => n.slice('images/'.length)));
    const named = new Set<string>();
    for (const el of walkElements(root)) {
      if (el.name.endsWith('.Board')) named.add(attribute(el, 'image')!);
      if (el.name.endsWith('.Chart')) named.add(attribute(el, 'fileName')!);
      if (el.name.endsWith('.PieceSlot') || el.name.endsWith('.PrototypeDefinition'))
        for (const i of imagesOfPiece(decodePiece(el.text!).piece!)) named.add(i);
    }
    for (const name of named) if (!isEngineBundledImage(name)) expect(images, name).toContain(name);
    for (const e of entries.filter((x) => x.name.endsWith('.png'))) {
      expect(e.method, e.name).toBe(0);
      expect(e.data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    }

    // Setups: each PredefinedSetup file is an entry, itself a zip VASSAL classifies as a save.
    for (const setup of [...walkElements(root)].filter((e) => e.name.endsWith('.PredefinedSetup'))) {
      const vsav = entries.find((e) => e.name === attribute(setup, 'file'));
      expect(vsav).toBeDefined();
      const inner = await readZip(vsav!.data);
      expect(inner.map((e) => e.name)).toEqual(['moduledata', 'savedGame', 'savedata']);
      const commands = inner
        .find((e) => e.name === 'savedGame')!
        .data.toString('utf8')
        .split('\u001b');
      expect(commands[0]).toBe('begin_save');
      expect(commands[commands.length - 1]).toBe('end_save');
      expect(commands).toContain('SETUP_STACK\t');
    }

    // Fixed timestamp, as DOS wall-clock fields of the epoch in UTC (2026-01-01 00:00:00).
    const d = new Date(TEST_EPOCH * 1000);
    const dosDate = ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate();
    for (const e of entries)
      expect([e.dosDate, e.dosTime]).toEqual([dosDate, (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1)]);
  });
});

describe('determinism and the image cache', () => {
  it('same data → same bytes', async () => {
    const a = await standInModule('tests/fixtures/minimal');
    const b = await standInModule('tests/fixtures/minimal');
    expect(Buffer.from(a.result.vmod!).equals(Buffer.from(b.result.vmod!))).toBe(true);
  });

  it('a save made again when the archive reaches it is the save the checks saw: same bytes as one held', async () => {
    const game = await mustLoad('data/demo');
    const art = await collectArt(game, standInSources(game));
    const plan = planCounters(game);
    const held = await writeVmod(game, art, { epoch: TEST_EPOCH, plan });
    const madeAgain = await writeVmod(game, art, { epoch: TEST_EPOCH, plan, heldSaveBytes: 0 });
    expect(held.module.setups.length).toBeGreaterThan(1);
    expect(Buffer.from(madeAgain.vmod!).equals(Buffer.from(held.vmod!))).toBe(true);
  });

  it('the module version changes when any image changes, and only then', async () => {
    const game = await mustLoad('tests/fixtures/minimal');
    const art = await collectArt(game, standInSources(game));
    const plan = planCounters(game);
    const base = await writeVmod(game, art, { epoch: TEST_EPOCH, plan });
    const version = (xml: string) => /version="([^"]+)"/.exec(xml.split('\n')[1])![1];
    const later = await writeVmod(game, art, { epoch: TEST_EPOCH + 86400, plan });
    expect(version(later.xml)).toBe(version(base.xml));
    const newMap = { ...art, map: { ...art.map, image: { ...art.map.image, data: standInPng('another map') } } };
    expect(version((await writeVmod(game, newMap, { epoch: TEST_EPOCH, plan })).xml)).not.toBe(version(base.xml));
    const units = new Map(art.units);
    const b1 = units.get('b1')!;
    units.set('b1', { ...b1, back: { ...b1.back!, data: standInPng('another back') } });
    expect(version((await writeVmod(game, { ...art, units }, { epoch: TEST_EPOCH, plan })).xml)).not.toBe(version(base.xml));
  });

  it('the zip timestamp is the epoch in UTC, whatever the time zone, clamped to the DOS range', () => {
    // DOS date: day | month << 5 | (year - 1980) << 9; time: seconds / 2 | minutes << 5 | hours << 11.
    expect(dosDateTime(TEST_EPOCH)).toEqual({ date: 1 | (1 << 5) | (46 << 9), time: 0 }); // 2026-01-01T00:00:00Z
    expect(dosDateTime(TEST_EPOCH + 13 * 3600 + 14 * 60 + 31)).toEqual({
      date: 1 | (1 << 5) | (46 << 9),
      time: 15 | (14 << 5) | (13 << 11),
    });
    expect(dosDateTime(0)).toEqual({ date: 1 | (1 << 5), time: 0 }); // 1980-01-01
  });

  it('writeZip writes the bytes yazl writes for the same entries', async () => {
    const entries = [
      { path: 'buildFile.xml', data: '<?xml version="1.0"?>\n<a>' + 'text '.repeat(500) + '</a>' },
      { path: 'images/Ünïcode map.png', data: new Uint8Array(3000).map((_, i) => (i * 31) % 256) },
      { path: 'empty', data: new Uint8Array(0) },
      { path: 'moduledata', data: 'x' },
    ];
    // yazl takes a local Date and writes its local fields: give it the UTC fields of the epoch.
    const utc = new Date(TEST_EPOCH * 1000);
    const mtime = new Date(
      utc.getUTCFullYear(),
      utc.getUTCMonth(),
      utc.getUTCDate(),
      utc.getUTCHours(),
      utc.getUTCMinutes(),
      utc.getUTCSeconds(),
    );
    const zip = new yazl.ZipFile();
    for (const e of [...entries].sort((a, b) => (a.path < b.path ? -1 : 1))) {
      const compressionLevel = e.path.endsWith('.png') ? 0 : 6;
      zip.addBuffer(Buffer.from(e.data), e.path, { mtime, forceDosTimestamp: true, mode: 0o100644, compressionLevel });
    }
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    expect(Buffer.from(await writeZip(entries, TEST_EPOCH)).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('the CRC-32 for Node versions without zlib.crc32 gives the standard check value', () => {
    // The CRC-32 check value of the ASCII digits 1 to 9 (ISO 3309 / ITU-T V.42).
    expect(crc32InScript(Buffer.from('123456789', 'ascii'))).toBe(0xcbf43926);
    expect(crc32InScript(new Uint8Array(0))).toBe(0);
  });

  it('writeZip sorts entries and refuses duplicates', async () => {
    const bytes = await writeZip(
      [
        { path: 'b.txt', data: 'b' },
        { path: 'a.png', data: new Uint8Array([1]) },
      ],
      TEST_EPOCH,
    );
    expect((await readZip(bytes)).map((e) => [e.name, e.method])).toEqual([
      ['a.png', 0],
      ['b.txt', 8],
    ]);
    await expect(
      writeZip(
        [
          { path: 'a', data: '1' },
          { path: 'a', data: '2' },
        ],
        TEST_EPOCH,
      ),
    ).rejects.toThrow(/duplicate/);
  });
});
