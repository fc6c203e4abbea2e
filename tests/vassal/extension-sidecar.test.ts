/**
 * The extension written back from an imported folder's files (extensionFromSidecar), and the
 * entry-by-entry comparison of the extension round trip: what each reports when something is
 * missing, changed, added or out of order.
 */
import { describe, expect, it } from 'vitest';
import { SIDECAR_FORMAT, SIDECAR_INDEX, type SidecarExtension } from '../../src/vassal/import/sidecar';
import { sidecarUnitColumns } from '../../src/vassal/import/sidecar-units';
import { readLimits } from '../../src/vassal/reader/limits';
import { readZip } from '../../src/vassal/reader/zip';
import { entryDifferences } from '../../src/vassal/roundtrip/extension-roundtrip';
import { extensionFromSidecar } from '../../src/vassal/roundtrip/from-sidecar';
import { pieceBytes } from '../../src/file-span';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A folder's files as an import of a module with an extension leaves them. */
function folder(extension: SidecarExtension | undefined, files: Record<string, string>): Map<string, Uint8Array | string> {
  const index = {
    format: SIDECAR_FORMAT,
    module: { name: 'Base', entries: ['buildFile.xml'], ...(extension ? { extension } : {}) },
    units: sidecarUnitColumns([], [], 'id,side,type\n'),
  };
  return new Map<string, Uint8Array | string>([
    [SIDECAR_INDEX, JSON.stringify(index)],
    ...Object.entries(files).map(([k, v]) => [k, bytes(v)] as const),
  ]);
}

const EXTENSION: SidecarExtension = {
  name: 'Ext',
  version: '1.0',
  entries: ['buildFile.xml', 'extensiondata', 'images/own.png'],
  buildFile: 'buildFile.xml',
  buildFileSha256: '0',
  base: { name: 'Base', version: '2', buildFileSha256: '1' },
};

describe('the extension written back from the folder', () => {
  it("takes its buildFile from vassal/extension/, its other entries from there or from the module's files", async () => {
    const files = folder(EXTENSION, {
      'vassal/module/buildFile.xml': '<merged/>',
      'vassal/module/images/own.png': 'png',
      'vassal/extension/buildFile.xml': '<ext/>',
      'vassal/extension/extensiondata': '<data/>',
    });
    const written = extensionFromSidecar(files, { epoch: 0 });
    expect(written.diagnostics).toEqual([]);
    const zip = await readZip(Buffer.concat([...written.parts!].map(pieceBytes)), { file: 'ext.vmdx', limits: readLimits() });
    expect([...zip.entries!.keys()]).toEqual(EXTENSION.entries);
    const text = (name: string) => new TextDecoder().decode(zip.entries!.get(name));
    expect([text('buildFile.xml'), text('extensiondata'), text('images/own.png')]).toEqual(['<ext/>', '<data/>', 'png']);
  });

  it('never takes the buildFile of the module with the extension grafted in, and names what is missing', () => {
    const files = folder(EXTENSION, { 'vassal/module/buildFile.xml': '<merged/>', 'vassal/module/images/own.png': 'png' });
    const written = extensionFromSidecar(files, { epoch: 0, gameDir: 'game' });
    expect(written.parts).toBeUndefined();
    expect(written.diagnostics.map((d) => d.message)).toEqual([
      "game: the extension's entry buildFile.xml is missing",
      "game: the extension's entry extensiondata is missing",
    ]);
  });

  it('refuses a folder imported from a module, and one imported before extensions were kept', () => {
    const fromModule = extensionFromSidecar(folder(undefined, {}), { epoch: 0, gameDir: 'game' });
    expect(fromModule.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['roundtrip/not-an-extension', 'game: the folder was imported from a module, not an extension'],
    ]);
    const older = extensionFromSidecar(folder({ name: 'Ext', version: '1.0' }, {}), { epoch: 0, gameDir: 'game' });
    expect(older.diagnostics.map((d) => d.hint)).toEqual(['import the extension again with --base']);
  });
});

/** Entries of one-character texts, in the order given. */
const entries = (...pairs: [string, string][]) => new Map(pairs.map(([name, text]) => [name, bytes(text)]));

describe('the extension compared entry by entry', () => {
  const original = entries(['a', '1'], ['b', '2']);
  it('finds no difference in the same entries', () => {
    expect(entryDifferences(original, new Map(original))).toEqual([]);
  });
  it('reports changed bytes, lost and added entries', () => {
    expect(entryDifferences(original, entries(['a', '1'], ['b', '3']))).toEqual([{ where: 'b', message: 'bytes differ' }]);
    expect(entryDifferences(original, entries(['c', '2']))).toEqual([
      { where: 'a', message: 'entry lost' },
      { where: 'b', message: 'entry lost' },
      { where: 'c', message: 'entry added' },
    ]);
  });
  it('finds no difference in the same entries in another order (VASSAL reads each by its name)', () => {
    expect(entryDifferences(original, entries(['b', '2'], ['a', '1']))).toEqual([]);
  });
});
