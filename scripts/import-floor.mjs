// The floor of the import figure (scripts/bench-import.ts), run as its own Node process: the
// buildFile text read from stdin is parsed with saxes and no handlers `warm` times untimed, then
// once timed; prints that parse's CPU time in milliseconds. In the bench's own process, the parse
// after an import paid for the import's garbage (its heap of 100 MB and more is marked and swept
// by threads whose CPU time counts in the process's), which read as a floor 1.4–1.8× too high on
// the synthetic 4 MB buildFile.
//
//   node scripts/import-floor.mjs <warm> < buildFile
import { readFileSync } from 'node:fs';
import { SaxesParser } from 'saxes';

const warm = Number(process.argv[2] ?? 3);
const xml = readFileSync(0, 'utf8');
const parse = () => new SaxesParser().write(xml).close();
for (let i = 0; i < warm; i++) parse();
const before = process.cpuUsage();
parse();
const used = process.cpuUsage(before);
process.stdout.write(`${(used.user + used.system) / 1000}\n`);
