/**
 * A palette window named after a side ("Soviet") gives it to the pieces in it that state none and
 * whose lists, prototypes and names name none; where those name another side ("German Unit"), the
 * module says two things, so the side stays unknown and an info names both. A marker stating the
 * side still wins over the window.
 */
import { expect, it } from 'vitest';
import { SIDECAR_INDEX } from '../../src/vassal/import/sidecar';
import { importBuildFile } from './synthetic-module';
import { prototype, slot, unitSides } from './side-module-kit';
import { buildMarker, buildUsePrototype } from '../../src/vassal/traits/index';

const MODULE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Windows" version="1" VassalVersion="3.7.14" nextPieceSlotId="10">
  <VASSAL.build.module.PlayerRoster><entry>German</entry><entry>Soviet</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PrototypesContainer>
    ${prototype('Plain Unit', [])}
    ${prototype('German Unit', [])}
    ${prototype('Stated', [buildMarker([['Nation', 'German']]), buildUsePrototype('Plain Unit')])}
  </VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.PieceWindow name="Soviet Forces">
    <VASSAL.build.widget.ListWidget entryName="Rifles">${slot('1st Rifle', 1, 'Plain Unit')}${slot('Stray', 2, 'German Unit')}</VASSAL.build.widget.ListWidget>
    ${slot('Guest', 3, 'Stated')}
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

it('a palette window named after a side gives it, unless another name says otherwise or a marker states one', async () => {
  const result = await importBuildFile(MODULE);
  expect(unitSides(result)).toEqual({ '1st-rifle': 'soviet', stray: 'unknown', guest: 'german' });
  const conflicts = result.diagnostics.filter((d) => d.code === 'vassal/side-conflict');
  expect(conflicts).toHaveLength(1);
  expect(conflicts[0].severity).toBe('info');
  expect(conflicts[0].line).toBe(MODULE.split('\n').findIndex((l) => l.includes('entryName="Stray"')) + 1);
  expect(conflicts[0].message).toContain('"Soviet Forces"');
  expect(conflicts[0].message).toContain('"German Unit"');
  const sidecar = result.files.get(SIDECAR_INDEX) as string;
  expect(sidecar).toContain('side from palette window \\"Soviet Forces\\"');
});
