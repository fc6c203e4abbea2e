/**
 * A palette piece whose definition is no AddPiece command ("SC+/null/…", the prefix of a command
 * encoder of the module's own classes, as a public VASL extension writes): VASSAL decodes a slot's
 * text through the module's command encoders, its BasicCommandEncoder reading "+/" only, so without
 * that encoder VASSAL 3.7.26 reports "GamePiece - couldn't build piece" for that slot and loads the
 * rest. The import reads the rest too, warning of the slot where it is; before, the whole module
 * was refused ("not imported"). An empty definition is still refused.
 */
import { expect, it } from 'vitest';
import { importModule } from '../../src/vassal/import/import-module';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { collectDefinitions } from '../../src/vassal/reader/module';
import { element } from '../../src/vassal/xml-tree';

const slot = (name: string, gpid: number, text: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">${text}</VASSAL.build.widget.PieceSlot>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Prefix" version="1" VassalVersion="3.7.0" nextPieceSlotId="30">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">
    ${slot('Red Squad', 1, '+/null/mark;Side\tpiece;;;;Red Squad/Red\tnull;0;0;1;0')}
    ${slot('Test state', 2, 'SC+/null/StateCounter;{"name":"Squad"}\tpiece;;;;Test state/\\\tnull;0;0;2;0')}
    ${slot('Blue Squad', 3, '+/null/mark;Side\tpiece;;;;Blue Squad/Blue\tnull;0;0;3;0')}
  </VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

it('imports the other pieces and warns of a definition of a prefix of its own, where it is', async () => {
  const zip = await writeZip([{ path: 'buildFile.xml', data: BUILD_FILE }], 1767225600);
  const entries = (await readZip(zip, { file: 'synthetic.vmod', limits: readLimits() })).entries;
  const read = await readModule(entries, { source: 'synthetic.vmod', limits: readLimits() });
  expect(read.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const warnings = read.diagnostics.filter((d) => d.code === 'vassal/not-add-piece');
  // Line 7; the column is where the slot's start tag ends (4 spaces + 85 characters of tag), as for every buildFile diagnostic.
  expect(warnings.map((d) => [d.severity, d.file, d.line, d.column, d.pointer])).toEqual([
    ['warning', 'synthetic.vmod!buildFile.xml', 7, 90, 'PieceSlot[Test state]'],
  ]);
  expect(warnings[0].message).toBe(
    '"Test state": the piece definition starts "SC+/null/StateCounte", not "+/": VASSAL\'s own command encoder builds no piece of it (a command encoder of the module\'s own Java classes may; without one VASSAL reports "GamePiece - couldn\'t build piece" and loads the rest), and Hexforge reads nothing of it; roundtrip and update keep it byte for byte, a module built from the data (build --only vassal) drops it',
  );
  const result = await importModule(read.module!, { id: 'synthetic' });
  const units = (result.files.get('units.csv') as string).trim().split('\n').slice(1);
  expect(units.map((line) => line.split(',')[0])).toEqual(['red-squad', 'blue-squad']);
}, 60_000);

it('still refuses an empty definition', () => {
  const root = element('VASSAL.build.GameModule', {}, [element('VASSAL.build.widget.PieceSlot', { entryName: 'blank' }, [], '')]);
  const { diagnostics } = collectDefinitions(root, { file: 'm' });
  expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([['vassal/empty-definition', 'error']]);
});
