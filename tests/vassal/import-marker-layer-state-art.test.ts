/**
 * A marker drawn only by an always-active Layer shows the level its state shows, as a unit does
 * (./import-layer-state-art.test.ts): VASSAL 3.7.26 keeps a Layer's value within ±(its level
 * count) (Embellishment.mySetState) and draws level k at value k > 0, nothing at 0 or below. A
 * palette marker shows its slot's state, a piece only a setup holds its own. vassal/import.json
 * records the level shown where it is not the first ('' for none); a record without it (written
 * before) reads as the first.
 */
import { describe, expect, it } from 'vitest';
import { markerShownLayer } from '../../src/vassal/import/markers';
import type { SidecarIndex } from '../../src/vassal/import/sidecar';
import { encodePiece } from '../../src/vassal/piece';
import { greyPicture, importEntries, jsonOf } from './rebuild-kit';

const B = 'VASSAL.build.module.map.boardPicker';
/** A version-1 Layer that cannot be activated (always active), of the given level pictures. */
const alwaysActive = (images: string, names: string) =>
  `emb2;;128;;;128;;;128;;;;1;false;0;0;${images};${names};true;Step;;;false;;1;1;true;;;;;1.0;;true`;
const TWO = alwaysActive('a.gif,b.gif', 'A,B');
const ONE = alwaysActive('c.gif', 'C');

/** A piece without a side or a picture of its own, drawn by one Layer at a state. */
const piece = (name: string, gpid: number, layer: string, state: string) =>
  encodePiece({
    id: 'null',
    traits: [
      { type: layer, state },
      { type: `piece;;;;${name}`, state: `null;0;0;${gpid};0` },
    ],
  });
const slot = (name: string, gpid: number, layer: string, state: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="60" width="60">${piece(name, gpid, layer, state)}</VASSAL.build.widget.PieceSlot>`;

/** Palette markers: name → Layer, the slot's state, the placed piece's state. */
const PALETTE: Array<[string, string, string, string]> = [
  ['State 0', TWO, '0', '0'],
  ['State -1', TWO, '-1', '-1'],
  ['State 1', TWO, '1', '1'],
  ['State 2', TWO, '2', '2'],
  ['State 7', TWO, '7', '7'],
  ['One level', ONE, '1', '1'],
  ['One level at 0', ONE, '0', '0'],
  ['Slot at 2', TWO, '2', '0'],
];

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Marker layers" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.PlayerRoster><entry>Red</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="Markers">${PALETTE.map(([name, layer, state], i) => slot(name, i + 1, layer, state)).join('')}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker><${B}.Board name="Hexes" width="400" height="300"><${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid></${B}.Board></VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.SetupStack name="Markers" owningBoard="Hexes" useGridLocation="false" x="40" y="40">${PALETTE.map(([name, layer, , placed], i) => slot(name, 50 + i, layer, placed)).join('')}${slot('Loose', 60, TWO, '2')}</VASSAL.build.module.map.SetupStack></VASSAL.build.module.Map>
</VASSAL.build.GameModule>`;

describe('a marker drawn only by an always-active Layer', () => {
  it('gets the level VASSAL draws at its state as its picture, and none where it draws none', async () => {
    const imported = await importEntries(
      new Map([
        ['buildFile.xml', new TextEncoder().encode(BUILD_FILE)],
        ...['a.gif', 'b.gif', 'c.gif'].map((p, i) => [`images/${p}`, greyPicture(60, 60, 90 + 60 * i)] as const),
      ]),
      'marker-layers',
    );
    const A = 'vassal/module/images/a.gif';
    const B = 'vassal/module/images/b.gif';
    const C = 'vassal/module/images/c.gif';
    const markers = jsonOf(imported, 'counters.json').markers as { name: string; image?: string; backImage?: string }[];
    expect(Object.fromEntries(markers.map((m) => [m.name, [m.image, m.backImage]]))).toEqual({
      'State 0': [undefined, undefined],
      'State -1': [undefined, undefined],
      'State 1': [A, B],
      'State 2': [B, A],
      // Above the last level VASSAL shows the last level.
      'State 7': [B, A],
      'One level': [C, undefined],
      'One level at 0': [undefined, undefined],
      // A palette marker's picture is its slot's, as a unit's is.
      'Slot at 2': [B, A],
      Loose: [B, A],
    });
    const sidecar = jsonOf(imported, 'vassal/import.json') as SidecarIndex;
    const shown = Object.values(sidecar.markerOrigins!).map((m) => [m.name, m.layerShown]);
    expect(Object.fromEntries(shown)).toEqual({
      'State 0': '',
      'State -1': '',
      'State 1': undefined,
      'State 2': 'b.gif',
      'State 7': 'b.gif',
      'One level': undefined,
      'One level at 0': '',
      'Slot at 2': 'b.gif',
      Loose: 'b.gif',
    });
  });

  it('reads a record written before the level shown was kept as showing its first level', () => {
    expect(markerShownLayer({ image: '', layers: ['a.gif', 'b.gif'], layersAlwaysActive: true })).toBe('a.gif');
    expect(markerShownLayer({ image: '', layers: ['a.gif', 'b.gif'], layersAlwaysActive: true, layerShown: '' })).toBe('');
    expect(markerShownLayer({ image: '', layers: ['a.gif', 'b.gif'] })).toBeUndefined();
  });
});
