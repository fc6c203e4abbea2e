/** Small modules written in a test: a buildFile zipped with the repo's own zip writer, read back as a user's .vmod would be, and imported. */
import { importModule, type ImportResult } from '../../src/vassal/import/import-module';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';

export async function importBuildFile(xml: string): Promise<ImportResult> {
  const zip = await writeZip([{ path: 'buildFile.xml', data: xml }], 1767225600);
  const entries = (await readZip(zip, { file: 'synthetic.vmod', limits: readLimits() })).entries;
  const module = (await readModule(entries, { source: 'synthetic.vmod', limits: readLimits() })).module!;
  return importModule(module, { id: 'synthetic' });
}
