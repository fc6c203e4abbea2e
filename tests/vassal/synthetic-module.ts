/** Small modules written in a test: a buildFile zipped with the repo's own zip writer, read back as a user's .vmod would be, and imported. */
import { importModule, type ImportResult } from '../../src/vassal/import/import-module';
import { writeZip, type ZipEntry } from '../../src/vassal/module/zip';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';

/** `others` are entries beside the buildFile (saved games, images). */
export async function importBuildFile(xml: string, others: readonly ZipEntry[] = []): Promise<ImportResult> {
  const zip = await writeZip([{ path: 'buildFile.xml', data: xml }, ...others], 1767225600);
  const entries = (await readZip(zip, { file: 'synthetic.vmod', limits: readLimits() })).entries;
  const module = (await readModule(entries, { source: 'synthetic.vmod', limits: readLimits() })).module!;
  return importModule(module, { id: 'synthetic' });
}

/** The data files an import writes, parsed (vassal/, the module's own record, differs by construction; so does game.json's source). */
export function importedDataFiles(r: ImportResult): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [file, text] of r.files) if (!file.startsWith('vassal/') && file.endsWith('.json')) out[file] = JSON.parse(text as string);
  delete (out['game.json'] as { source?: unknown } | undefined)?.source;
  return out;
}
