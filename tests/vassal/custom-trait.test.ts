/**
 * A trait VASSAL does not know ("AircraftSheet;null", made by a command encoder of the module's own
 * Java classes): VASSAL's BasicCommandEncoder builds no such decorator, so only the module's own
 * encoder makes the piece (without it, VASSAL 3.7.26 reports "GamePiece - couldn't build piece").
 * The import warns once per trait, at the first definition holding it, naming the module's own
 * components that may make it, and says what Hexforge keeps; before, it said nothing and a module
 * built from the data lost the trait silently. A VASSAL trait Hexforge does not decode (a Border
 * Outline, "border;") is no such trait.
 */
import { expect, it } from 'vitest';
import { importBuildFile, importBuiltModule } from './synthetic-module';

const slot = (name: string, gpid: number, traits: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/${traits}piece;;;;${name}/\tnull;0;0;${gpid}</VASSAL.build.widget.PieceSlot>`;

const buildFile = (encoder: string) => `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Custom" version="1" VassalVersion="3.7.0" nextPieceSlotId="30">
  ${encoder}
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PrototypesContainer><VASSAL.build.module.PrototypeDefinition name="Plane">+/null/AircraftSheet;null\tpiece;;;;/\tnull;0;0;;0</VASSAL.build.module.PrototypeDefinition></VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">
    ${slot('Red Aircraft', 1, 'AircraftSheet;null\t')}
    ${slot('Blue Aircraft', 2, 'AircraftSheet;null\t')}
    ${slot('Red Tank', 3, 'border;1;255,0,0;;\t')}
    ${slot('Blue Tank', 4, 'Fuel;3\t')}
  </VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

it('warns once per trait VASSAL does not know, at its first definition, naming the module’s own encoder', async () => {
  const result = await importBuildFile(buildFile('<yyz.YyzCommandEncoder/>'));
  const warnings = result.diagnostics.filter((d) => d.code === 'vassal/custom-trait');
  expect(warnings.map((d) => [d.file, d.line, d.column, d.severity])).toEqual([
    // Positions are where the element's start tag ends, as for every buildFile diagnostic.
    ['synthetic.vmod!buildFile.xml', 5, 97, 'warning'],
    ['synthetic.vmod!buildFile.xml', 10, 89, 'warning'],
  ]);
  expect(warnings[0].message).toBe(
    'trait "AircraftSheet" of prototype "Plane" and 2 other definition(s) is no trait of VASSAL 3.7.26: only a command encoder of the module\'s own Java classes builds such a piece (the module\'s own components: <yyz.YyzCommandEncoder>), and Hexforge reads nothing of the trait; roundtrip and update keep it byte for byte, a module built from the data (build --only vassal) drops it',
  );
  expect(warnings[1].message).toMatch(/^trait "Fuel" of piece "Blue Tank" is no trait of VASSAL 3\.7\.26: /);
  expect(warnings[0].hint).toContain('hexforge update <module> <game folder>');
  // What the message says of a module built from the data: the trait is gone.
  const rebuilt = await importBuiltModule(result);
  expect(rebuilt.diagnostics.filter((d) => d.code === 'vassal/custom-trait')).toEqual([]);
}, 60_000);

it('says VASSAL cannot build the pieces when the module has no component of its own', async () => {
  const result = await importBuildFile(buildFile('<VASSAL.build.module.BasicCommandEncoder/>'));
  const [first] = result.diagnostics.filter((d) => d.code === 'vassal/custom-trait');
  expect(first.message).toContain(
    'only a command encoder of the module\'s own Java classes builds such a piece (the module has no component of its own, so VASSAL cannot build it: "GamePiece - couldn\'t build piece")',
  );
}, 60_000);
