/**
 * A piece in a palette list named after a side that says nothing of being a unit — no "Unit"
 * prototype or Kind, no factor, no value in its name, labels or layers — among pieces that do say
 * so, is a marker (an activation marker in the side's tab), as a piece named by a side's name alone
 * is that side's token. Where no piece of the module says it is a unit, the list's side still makes
 * units of them all (a module of pictures only).
 */
import { expect, it } from 'vitest';
import { SIDECAR_INDEX, type SidecarIndex } from '../../src/vassal/import/sidecar';
import { importBuildFile, oneMapBuildFile, SMALL_HEX_BOARD } from './synthetic-module';

/** A palette slot: a BasicPiece of this name (and picture), under a Marker Kind where given. */
const slot = (name: string, gpid: number, kind?: string) => {
  const [types, states] = kind === undefined ? [[], []] : [['mark;Kind'], [kind]];
  return `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/${[...types, `piece;;;${name}.png;${name}`].join('\t')}/${[...states, `null;0;0;${gpid};0`].join('\t')}</VASSAL.build.widget.PieceSlot>`;
};
const list = (name: string, slots: string) =>
  `<VASSAL.build.widget.ListWidget entryName="${name}">${slots}</VASSAL.build.widget.ListWidget>`;

async function read(palette: string): Promise<{ units: string[]; markers: string[] }> {
  const xml = oneMapBuildFile({ name: 'Tabs', sides: ['France', 'Coalition'], palette, board: SMALL_HEX_BOARD, stacks: '' });
  const result = await importBuildFile(xml);
  const rows = (result.files.get('units.csv') as string).trim().split('\n').slice(1);
  const sidecar = JSON.parse(result.files.get(SIDECAR_INDEX) as string) as SidecarIndex;
  return { units: rows.map((r) => r.split(',').slice(0, 2).join(',')).sort(), markers: sidecar.markers.map((m) => m.name).sort() };
}

it("reads a side tab's piece that says nothing of being a unit as a marker where other pieces say so", async () => {
  const palette =
    list('France', slot('Old Guard', 1, 'Unit') + slot('Activation', 2) + slot('Grenadiers 4-3', 3)) +
    list('Coalition', slot('Prussian Landwehr', 4, 'Unit') + slot('Coalition activation', 5));
  expect(await read(palette)).toEqual({
    // "Grenadiers 4-3" says nothing, but values are read from its name: a unit.
    units: ['grenadiers-4-3,france', 'old-guard,france', 'prussian-landwehr,coalition'],
    markers: ['Activation', 'Coalition activation'],
  });
});

it('keeps the pieces of a side tab units where no piece of the module says it is one', async () => {
  expect(await read(list('France', slot('Hussars', 1) + slot('Activation', 2)))).toEqual({
    units: ['activation,france', 'hussars,france'],
    markers: [],
  });
});
