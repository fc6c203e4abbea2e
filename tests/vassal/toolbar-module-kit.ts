/** A module whose toolbar components (roster, a hidden and a shown palette, notes, turn tracker) and map's hide-pieces tool have buttons of their own, with icons. */
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { writeZip } from '../../src/vassal/module/zip';
import { greyPicture, sideSlot } from './rebuild-kit';

export const M = 'VASSAL.build.module';
const board = `<${M}.map.BoardPicker><${M}.map.boardPicker.Board name="Table" width="300" height="200"/></${M}.map.BoardPicker>`;

export const TOOLBAR_BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Toolbar" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <${M}.BasicCommandEncoder/>
  <${M}.PlayerRoster buttonText="Change sides" buttonToolTip="Hand your side over" buttonIcon="icon-roster.png" buttonKeyStroke="82,130"><entry>Red</entry><entry>Blue</entry></${M}.PlayerRoster>
  <${M}.Map mapName="Main Map" buttonName="Map" launch="false">${board}<${M}.map.HidePiecesButton buttonText="Hide" tooltip="Hide the pieces" hotkey="72,130" showingIcon="icon-shown.png" hiddenIcon="icon-hidden.png"/><${M}.map.SetupStack name="Red 1" owningBoard="Table" useGridLocation="false" x="50" y="60">${sideSlot('Red 1', 11, 'Red')}</${M}.map.SetupStack></${M}.Map>
  <${M}.PieceWindow name="Spare" hidden="true" text="Spare" tooltip="Unused" icon="" hotkey=""><VASSAL.build.widget.ListWidget entryName="None"/></${M}.PieceWindow>
  <${M}.PieceWindow name="Pieces" hidden="false" text="Units" tooltip="Unit palette" icon="/images/counter.gif" hotkey="85,130"><VASSAL.build.widget.ListWidget entryName="All">${sideSlot('Red 1', 1, 'Red')}${sideSlot('Blue 1', 2, 'Blue')}</VASSAL.build.widget.ListWidget></${M}.PieceWindow>
  <${M}.NotesWindow buttonText="Memo" tooltip="Game notes" icon="icon-notes.png" hotkey=""/>
  <${M}.turn.TurnTracker name="Turn" buttonText="Turn record" icon="" hotkey="84,130" tooltip="Right-click to configure" turnFormat="$level1$"><${M}.turn.CounterTurnLevel name="Turn" property="Turn" start="1" incr="1" loop="false" loopLimit="6" turnFormat="$value$"/></${M}.turn.TurnTracker>
</VASSAL.build.GameModule>`;

export const ROSTER_ICON = greyPicture(16, 16, 40);
export const NOTES_ICON = greyPicture(16, 16, 200);
export const SHOWN_ICON = greyPicture(16, 16, 80);
export const HIDDEN_ICON = greyPicture(16, 16, 160);

/** The module above (or a buildFile made from it, with more images) with its icons, as a reader gives its entries. */
export async function toolbarModuleEntries(
  buildFile = TOOLBAR_BUILD_FILE,
  images: ReadonlyArray<{ path: string; data: Uint8Array }> = [],
): Promise<Map<string, Uint8Array>> {
  const zip = await writeZip(
    [
      { path: 'buildFile.xml', data: buildFile },
      { path: 'images/icon-roster.png', data: ROSTER_ICON },
      { path: 'images/icon-notes.png', data: NOTES_ICON },
      { path: 'images/icon-shown.png', data: SHOWN_ICON },
      { path: 'images/icon-hidden.png', data: HIDDEN_ICON },
      ...images,
    ],
    1767225600,
  );
  return (await readZip(zip, { file: 'toolbar.vmod', limits: readLimits() })).entries;
}
