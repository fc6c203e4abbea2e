/**
 * A predefined setup that names no saved game starts a new game: VASSAL's PredefinedSetup.launch()
 * loads a file only when `useFile` is true and a `file` is named; otherwise it sets up a new game,
 * whose pieces are the at-start stacks (reference: PredefinedSetup `useFile="false"` starts a new
 * game with at-start stacks; the same branch runs when no file is named). Its placements are
 * therefore known: the import gives that setup's name to the at-start scenario, as it does for
 * `useFile="false"`, instead of a second scenario whose placements are "unknown".
 */
import { expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import { importBuildFile } from './synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';
const SLOT = (name: string, gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/piece;;;;${name}/null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;

function buildFile(setups: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="New game" version="1" VassalVersion="3.7.14" nextPieceSlotId="100">
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker>
      <${B}.Board name="B" width="400" height="300">
        <${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true">
          <${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/>
        </${B}.board.HexGrid>
      </${B}.Board>
    </VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.SetupStack name="Red 1" owningBoard="B" useGridLocation="false" x="40" y="40">${SLOT('Red 1', 11)}</VASSAL.build.module.map.SetupStack>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Red">${SLOT('Red 1', 1)}</VASSAL.build.widget.ListWidget>
    <VASSAL.build.widget.ListWidget entryName="Blue">${SLOT('Blue 1', 2)}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
  ${setups}
</VASSAL.build.GameModule>`;
}

type Scenario = { id: string; name: string; setup?: { hex?: string; units: string[] }[]; unstated?: Record<string, unknown> };
const scenariosOf = (files: ReadonlyMap<string, string | Uint8Array>): Scenario[] =>
  JSON.parse(files.get('scenarios.json') as string).scenarios;

it('a predefined setup with useFile="true" and no file is the at-start setup under its own name', async () => {
  const result = await importBuildFile(
    buildFile(
      `<VASSAL.build.module.PredefinedSetup isMenu="true" name="Scenarios" useFile="true">
         <VASSAL.build.module.PredefinedSetup isMenu="false" name="Fresh Start" useFile="true"/>
       </VASSAL.build.module.PredefinedSetup>`,
    ),
  );
  const scenarios = scenariosOf(result.files);
  expect(scenarios.map((s) => s.name)).toEqual(['Fresh Start']);
  // The at-start stack "Red 1" at pixel (40,40) is hex 0101 (raw (0,0), offsets 1).
  expect(scenarios[0].setup).toEqual([{ hex: '0101', stack: 'Red 1', units: ['red-1'] }]);
  expect(scenarios[0].unstated).toBeUndefined();
  expect(validateGameFiles('new-game', result.files).filter((d) => d.severity === 'error')).toEqual([]);
});

it('a predefined setup naming an empty file is still a save the module lacks (VASSAL tries to load it)', async () => {
  const result = await importBuildFile(
    buildFile(`<VASSAL.build.module.PredefinedSetup isMenu="false" name="Broken" useFile="true" file=""/>`),
  );
  const scenarios = scenariosOf(result.files);
  expect(scenarios.map((s) => s.name)).toEqual(['At-start stacks', 'Broken']);
  expect(scenarios[1].unstated?.['/setup']).toMatchObject({ unknown: true });
});
