/**
 * Writes src/vassal/vassal-classes.ts: the top-level classes of the VASSAL package that a VASSAL
 * jar ships, by package. VASSAL builds each buildFile element by loading the class its tag names
 * (VASSAL.build.Builder.create: the module's class loader, VASSAL's jar first, then the module's
 * own classes), so an element naming no class of the jar needs classes the module brings.
 *
 *   npx tsx scripts/make-vassal-classes.ts /work/shared/vassal/vassal-3.7.26.jar
 *   npx tsx scripts/make-vassal-classes.ts <jar> --check    # exits 1 if the file on disk differs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import yauzl from 'yauzl';

const OUT = path.join(import.meta.dirname, '..', 'src', 'vassal', 'vassal-classes.ts');

function entryNames(jar: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(jar, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error(`${jar}: not a ZIP`));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function main(): Promise<void> {
  const [jar, flag] = process.argv.slice(2);
  if (!jar) throw new Error('usage: make-vassal-classes.ts <vassal.jar> [--check]');
  const byPackage = new Map<string, string[]>();
  // A nested class ($) cannot be an XML tag name; only top-level classes can name an element.
  for (const name of await entryNames(jar)) {
    const match = /^(VASSAL(?:\/[A-Za-z0-9_]+)*)\/([A-Za-z0-9_]+)\.class$/.exec(name);
    if (!match) continue;
    const pkg = match[1].replaceAll('/', '.');
    byPackage.set(pkg, [...(byPackage.get(pkg) ?? []), match[2]]);
  }
  const version = /vassal-([\d.]+)\.jar$/.exec(path.basename(jar))?.[1] ?? path.basename(jar);
  const lines = [...byPackage]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([pkg, classes]) => `  '${pkg}': '${classes.sort().join(' ')}',`);
  const source = `/**
 * The top-level classes of the VASSAL package in VASSAL ${version}'s jar, by package (class names
 * separated by spaces). Written by scripts/make-vassal-classes.ts from the jar; do not edit.
 */
export const VASSAL_CLASSES_BY_PACKAGE: Readonly<Record<string, string>> = {
${lines.join('\n')}
};
`;
  // Laid out as the repository's formatter lays it, so that the check and `prettier --check` agree.
  const text = await prettier.format(source, { ...(await prettier.resolveConfig(OUT)), filepath: OUT });
  if (flag === '--check') {
    if (readFileSync(OUT, 'utf8') !== text) {
      console.error(`${OUT} differs from the classes of ${jar}: run the script without --check`);
      process.exit(1);
    }
    return;
  }
  writeFileSync(OUT, text);
}

await main();
