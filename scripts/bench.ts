/**
 * `npm run bench`: every benchmark, each printing its figure next to a floor measured in the same
 * run. Benchmarks of other rooms are picked up when their script exists.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { benchValidate } from './bench-validate';

const optional: [string, string][] = [
  ['bench-startup.ts', 'benchStartup'],
  ['bench-engine.ts', 'benchEngine'],
  ['bench-print.ts', 'benchPrint'],
  ['bench-vassal.ts', 'benchVassal'],
  ['bench-xml.ts', 'benchXml'],
  ['bench-import.ts', 'benchImport'],
  ['bench-incremental.ts', 'benchIncremental'],
];

console.log(`Hexforge benchmarks — node ${process.version}, ${process.platform}/${process.arch}\n`);
await benchValidate();
for (const [file, name] of optional) {
  const full = path.join(import.meta.dirname, file);
  if (!existsSync(full)) continue;
  console.log('');
  const mod = (await import(full)) as Record<string, () => Promise<void>>;
  await mod[name]();
}
