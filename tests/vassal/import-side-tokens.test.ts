/**
 * A palette piece named by a side's name alone ("German", "Germans") is that side's token, a
 * marker: before, the import read it as a unit of the side with no values. A piece whose name holds
 * more than the side's name ("German 4-4-6"), or one that says it is a unit (Kind "Unit"), stays a
 * unit of the side its name gives.
 */
import { expect, it } from 'vitest';
import { SIDECAR_INDEX, type SidecarIndex } from '../../src/vassal/import/sidecar';
import { importBuildFile, oneMapBuildFile, SMALL_HEX_BOARD } from './synthetic-module';

/** A palette slot: a BasicPiece of this name (and picture), under a Marker Kind where given. */
const slot = (name: string, gpid: number, kind?: string) => {
  const [types, states] = kind === undefined ? [[], []] : [['mark;Kind'], [kind]];
  return `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/${[...types, `piece;;;${name}.png;${name}`].join('\t')}/${[...states, `null;0;0;${gpid};0`].join('\t')}</VASSAL.build.widget.PieceSlot>`;
};

it("reads a piece named by a side's name alone as a marker, and one with more to its name, or saying it is a unit, as a unit", async () => {
  const xml = oneMapBuildFile({
    name: 'Tokens',
    sides: ['German', 'Soviet'],
    palette: slot('German', 1) + slot('Germans', 2) + slot('German 4-4-6', 3) + slot('Soviet', 4, 'Unit'),
    board: SMALL_HEX_BOARD,
    stacks: '',
  });
  const result = await importBuildFile(xml);
  const rows = (result.files.get('units.csv') as string).trim().split('\n').slice(1);
  expect(rows.map((r) => r.split(',').slice(0, 2).join(','))).toEqual(['german-4-4-6,german', 'soviet,soviet']);
  const sidecar = JSON.parse(result.files.get(SIDECAR_INDEX) as string) as SidecarIndex;
  expect(sidecar.markers.map((m) => m.name)).toEqual(['German', 'Germans']);
});
