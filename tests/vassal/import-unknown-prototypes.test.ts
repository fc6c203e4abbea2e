/**
 * A piece (or a prototype) using a prototype the module does not define: VASSAL's UsePrototype
 * finds no definition and stands for no trait, without a word (UsePrototype.buildPrototype), so the
 * piece lacks what the author meant it to take from there. A public module's cavalry leader used
 * "French I Cav Unit" where its prototype is "French I Cav Corps Unit", and lost its formation. The
 * import says so once per name, at the first element using it; before, it said nothing.
 */
import { expect, it } from 'vitest';
import { importBuildFile } from './synthetic-module';

const TAB = '\t';
const slot = (name: string, gpid: number, prototype: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/prototype;${prototype}${TAB}piece;;;;${name}/${TAB}null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
/** A slot using the corps prototype (its Formation makes it a unit), then `prototype`. */
const corpsSlot = (name: string, gpid: number, prototype: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/prototype;Corps Unit${TAB}prototype;${prototype}\\${TAB}piece;;;;${name}/${TAB}\\${TAB}null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Prototypes" version="1" VassalVersion="3.7.14" nextPieceSlotId="30">
  <VASSAL.build.module.PrototypesContainer>
    <VASSAL.build.module.PrototypeDefinition description="" name="Corps Unit">+/null/mark;Formation${TAB}piece;;;;/I Corps${TAB}null;0;0;;0</VASSAL.build.module.PrototypeDefinition>
    <VASSAL.build.module.PrototypeDefinition description="" name="Guard Unit">+/null/prototype;Elite${TAB}piece;;;;/${TAB}null;0;0;;0</VASSAL.build.module.PrototypeDefinition>
  </VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">
    ${slot('Durutte', 1, 'Corps Unit')}
    ${corpsSlot('Soult', 2, 'Corps Cav Unit')}
    ${corpsSlot('Pajol', 3, 'Corps Cav Unit')}
    ${slot('Friant', 4, 'Guard Unit')}
  </VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

it('warns once per prototype a module uses but does not define, at its first use in document order, and of no defined one', async () => {
  const imported = await importBuildFile(BUILD_FILE);
  const warnings = imported.diagnostics.filter((d) => d.code === 'vassal/unknown-prototype');
  expect(warnings.map((d) => [d.severity, d.file, d.line, d.message])).toEqual([
    [
      'warning',
      'synthetic.vmod!buildFile.xml',
      5,
      'prototype "Guard Unit" use(s) the prototype "Elite", which the module does not define: VASSAL leaves that trait out without a word, so none of the traits meant to come from it are there (nor read here)',
    ],
    [
      'warning',
      'synthetic.vmod!buildFile.xml',
      9,
      'piece "Soult" and 1 other definition(s) use(s) the prototype "Corps Cav Unit", which the module does not define: VASSAL leaves that trait out without a word, so none of the traits meant to come from it are there (nor read here)',
    ],
  ]);
  expect(warnings.every((d) => d.hint?.startsWith("correct the name in the piece's Prototype trait"))).toBe(true);
  // Nothing is read from the name of a prototype VASSAL does not find: Soult is no cavalry for the word "Cav".
  const rows = String(imported.files.get('units.csv')).trim().split('\n');
  const column = rows[0].split(',').indexOf('type');
  const typeOf = (name: string) => rows.find((r) => r.endsWith(`,${name}`))?.split(',')[column];
  expect([typeOf('Soult'), typeOf('Pajol'), typeOf('Durutte')]).toEqual(['unknown', 'unknown', 'unknown']);
});
