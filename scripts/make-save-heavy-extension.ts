/**
 * Writes a save-heavy extension and the small module it extends, for measuring the memory and CPU
 * of import, round trip, update and build of an extension with `/usr/bin/time`:
 *
 *   npx tsx scripts/make-save-heavy-extension.ts <dir> [--saves 20] [--pieces 20000]
 *
 * <dir>/base.vmod is the save-heavy module of ./save-heavy-module.ts with two small setups;
 * <dir>/ext.vmdx extends it with N predefined setups of its own, each a save of M of its pieces.
 * The files are the same bytes on every run.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readLimits } from '../src/vassal/reader/limits';
import { readZip } from '../src/vassal/reader/zip';
import { writeZip, type ZipEntry } from '../src/vassal/module/zip';
import { saveHeavyModule } from './save-heavy-module';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const dir = process.argv[2];
if (!dir || dir.startsWith('--')) {
  console.error('usage: make-save-heavy-extension.ts <dir> [--saves N] [--pieces M]');
  process.exit(2);
}
const saves = option('--saves', 20);
const pieces = option('--pieces', 20000);
const limits = readLimits();
const epoch = 0;

await writeFile(path.join(dir, 'base.vmod'), await saveHeavyModule({ saves: 2, pieces: 24 }, epoch));
// The heavy module's saves, as the extension's own: its setups name them.
const heavy = await readZip(await saveHeavyModule({ saves, pieces }, epoch), { file: 'heavy.vmod', limits });
const names = Array.from({ length: saves }, (_, i) => `ext-setup-${i}.vsav`);
const grafts = names.map(
  (name, i) =>
    `<VASSAL.build.module.ExtensionElement target=""><VASSAL.build.module.PredefinedSetup file="${name}" isMenu="false" name="Extension setup ${i}" useFile="true"/></VASSAL.build.module.ExtensionElement>`,
);
const buildFile = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.module.ModuleExtension anyModule="false" description="save-heavy test extension" extensionId="e5a" module="SaveHeavy" moduleVersion="1.0" nextPieceSlotId="0" vassalVersion="3.7.26" version="1.0">
${grafts.join('\n')}
</VASSAL.build.module.ModuleExtension>
`;
const extensionData = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<data version="1"><version>1.0</version><VassalVersion>3.7.26</VassalVersion><description>save-heavy test extension</description><universal>false</universal></data>
`;
const entries: ZipEntry[] = [
  { path: 'buildFile.xml', data: buildFile },
  { path: 'extensiondata', data: extensionData },
  ...names.map((name, i) => ({ path: name, data: heavy.entries!.get(`setup-${i}.vsav`)! })),
];
await writeFile(path.join(dir, 'ext.vmdx'), await writeZip(entries, epoch));
console.log(`${dir}: base.vmod, and ext.vmdx with ${saves} saves of ${pieces} pieces`);
