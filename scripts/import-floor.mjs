// The floors of the import figures (scripts/bench-import.ts), each run as a Node process of its own.
//
//   node scripts/import-floor.mjs <warm> < buildFile
// In-process floor: the buildFile text read from stdin is parsed with saxes and no handlers `warm`
// times untimed, then once timed; prints that parse's CPU time in milliseconds. In the bench's own
// process, the parse after an import paid for the import's garbage (its heap of 100 MB and more is
// marked and swept by threads whose CPU time counts in the process's), which read as a floor
// 1.4–1.8× too high on the synthetic 4 MB buildFile.
//
//   node scripts/import-floor.mjs --module <module.vmod | module folder>
// CLI floor: what any `hexforge import` of the module must do at the least, from a cold start:
// start Node, read every entry of the module from disk (the import keeps them all under
// vassal/module/) and parse its buildFile with saxes, no handlers. A .vmod is read as the import
// reads one (src/vassal/reader/zip-file.ts): yauzl lists the central directory, each entry's bytes
// are read through its local header and inflated in one synchronous call. Prints nothing: the
// bench measures the whole process.
import { closeSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import path from 'node:path';
import { TextDecoder } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';

const parse = (xml) => new SaxesParser().write(xml).close();

/** Every entry of the archive at `file`, name → bytes. */
async function zipEntries(file) {
  const zip = await new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const listed = await new Promise((resolve, reject) => {
    const entries = [];
    zip.on('entry', (entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
  zip.close();
  const fd = openSync(file, 'r');
  const header = Buffer.alloc(30);
  const entries = new Map();
  for (const entry of listed) {
    if (entry.fileName.endsWith('/')) continue;
    readSync(fd, header, 0, 30, entry.relativeOffsetOfLocalHeader);
    const start = entry.relativeOffsetOfLocalHeader + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const raw = Buffer.allocUnsafe(entry.compressedSize);
    readSync(fd, raw, 0, raw.length, start);
    entries.set(
      entry.fileName,
      entry.compressionMethod === 8 ? inflateRawSync(raw, { chunkSize: Math.max(64, entry.uncompressedSize) }) : raw,
    );
  }
  closeSync(fd);
  return entries;
}

/** Every file of the unzipped module folder `dir`, relative path → bytes. */
function folderEntries(dir, under = '', entries = new Map()) {
  for (const name of readdirSync(path.join(dir, under))) {
    const relative = under ? `${under}/${name}` : name;
    if (statSync(path.join(dir, relative)).isDirectory()) folderEntries(dir, relative, entries);
    else entries.set(relative, readFileSync(path.join(dir, relative)));
  }
  return entries;
}

if (process.argv[2] === '--module') {
  const module = process.argv[3];
  const entries = statSync(module).isDirectory() ? folderEntries(module) : await zipEntries(module);
  const buildFile = entries.get('buildFile.xml') ?? entries.get('buildFile');
  if (!buildFile) throw new Error(`${module} holds no buildFile`);
  parse(new TextDecoder().decode(buildFile));
} else {
  const warm = Number(process.argv[2] ?? 3);
  const xml = readFileSync(0, 'utf8');
  for (let i = 0; i < warm; i++) parse(xml);
  const before = process.cpuUsage();
  parse(xml);
  const used = process.cpuUsage(before);
  process.stdout.write(`${(used.user + used.system) / 1000}\n`);
}
