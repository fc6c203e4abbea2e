/**
 * The buildFile's standard components with the attribute values a module needs, one function per
 * element. Attribute names follow the reference (§2.3/§2.4) and the public modules under
 * shared/fixtures/vassal; attributes are written in name order, as VASSAL writes them.
 */
import { element, type XmlElement } from '../xml-tree';
import type { MapTool } from '../../model/files';
import { MAP_TOOLS, type ToolbarButton, buttonAttributes } from './buttons';
import { MAP_BACKGROUND_DEFAULT, vassalColorText } from '../color';

export const P = 'VASSAL.build.';

/** An element with its attributes sorted by name (VASSAL's own writer orders them so). */
export function el(
  name: string,
  attributes: Record<string, string | number | boolean>,
  children: XmlElement[] = [],
  text?: string,
): XmlElement {
  const sorted = Object.keys(attributes)
    .sort()
    .map((k) => [k, String(attributes[k])] as [string, string]);
  return element(name, sorted, children, text);
}

/** What every Map needs to be interactive (reference §2.1: Map.build does not add these). */
export function mapInteraction(): XmlElement[] {
  return [
    el(`${P}module.map.StackMetrics`, {
      bottom: '40,0',
      disabled: false,
      down: '37,0',
      exSepX: 6,
      exSepY: 18,
      top: '38,0',
      unexSepX: 2,
      unexSepY: 4,
      up: '39,0',
    }),
    el(`${P}module.map.ForwardToKeyBuffer`, {}),
    el(`${P}module.map.Scroller`, {}),
    el(`${P}module.map.ForwardToChatter`, {}),
    el(`${P}module.map.MenuDisplayer`, {}),
    el(`${P}module.map.MapCenterer`, {}),
    el(`${P}module.map.StackExpander`, {}),
    el(`${P}module.map.PieceMover`, {}),
    el(`${P}module.map.KeyBufferer`, {}),
  ];
}

/** Mouse-over stack viewer: the pieces under the cursor, enlarged, with the location name. */
export function counterDetailViewer(): XmlElement {
  return el(`${P}module.map.CounterDetailViewer`, {
    borderWidth: 0,
    centerText: false,
    // Text under each piece: its name (with the flip layer's "(reduced)"), so a counter can be read here.
    counterReportFormat: '$PieceName$',
    delay: 700,
    description: '',
    display: 'from top-most layer only',
    emptyHexReportForma: '$LocationName$',
    fgColor: '0,0,0',
    fontSize: 11,
    graphicsZoom: '1.5',
    hotkey: '32,130',
    minDisplayPieces: 1,
    showgraph: true,
    showgraphsingle: true,
    showtext: true,
    showtextsingle: true,
    summaryReportFormat: '$LocationName$',
    version: 4,
    zoomlevel: '1.5',
  });
}

export function zoomer(): XmlElement {
  return el(`${P}module.map.Zoomer`, {
    inIconName: '/images/zoomIn.gif',
    inTooltip: 'Zoom in',
    outIconName: '/images/zoomOut.gif',
    outTooltip: 'Zoom out',
    pickIconName: '/images/zoom.png',
    pickTooltip: 'Select zoom',
    zoomLevels: '0.25,0.5,0.75,1.0,1.5,2.0',
    zoomStart: 4,
  });
}

export interface MapOptions {
  mapName: string;
  /** Its toolbar button (VASSAL writes the main window's too, though it shows none). */
  button: ToolbarButton;
  /** A window opened from the toolbar (true), or the main window (false). */
  launch: boolean;
  /** Its Board elements, in the BoardPicker. */
  boards: XmlElement[];
  /** The BoardPicker's default setup (a SetBoards command): the boards every new game starts with, in their cells. */
  setup?: string;
  /** The map's at-start stacks (SetupStack elements), after its other components. */
  atStart?: XmlElement[];
  /** The tools of its toolbar the data lists (map.json `buttons[].tool`), with their buttons. */
  tools?: ReadonlyArray<{ tool: MapTool; button: ToolbarButton }>;
  /** The data's background colour ("#rrggbb" or "#rrggbbaa"); absent: VASSAL's default white. */
  background?: string;
}

export function map(options: MapOptions): XmlElement {
  return el(
    `${P}module.Map`,
    {
      allowMultiple: false,
      backgroundcolor: vassalColorText(options.background ?? MAP_BACKGROUND_DEFAULT),
      buttonName: options.button.text,
      changeFormat: '$message$',
      color: '0,0,0',
      createFormat: '$pieceName$ created in $location$',
      edgeHeight: 0,
      edgeWidth: 0,
      hotkey: options.button.hotkey,
      icon: options.button.icon,
      launch: options.launch,
      mapName: options.mapName,
      markMoved: 'Never',
      moveToFormat: '$pieceName$ moves $previousLocation$ -> $location$',
      moveWithinFormat: '$pieceName$ moves $previousLocation$ -> $location$',
      thickness: 3,
      ...(options.button.tooltip !== '' ? { tooltip: options.button.tooltip } : {}),
    },
    [
      el(
        `${P}module.map.BoardPicker`,
        {
          addColumnText: 'Add column',
          addRowText: 'Add row',
          boardPrompt: 'Select board',
          slotHeight: 125,
          slotScale: '0.2',
          slotWidth: 350,
          title: 'Choose Boards',
        },
        [...(options.setup !== undefined ? [el('setup', {}, [], options.setup)] : []), ...options.boards],
      ),
      ...mapInteraction(),
      counterDetailViewer(),
      zoomer(),
      ...(options.tools ?? []).map(({ tool, button }) => el(MAP_TOOLS[tool].element, buttonAttributes(MAP_TOOLS[tool].attributes, button))),
      ...(options.atStart ?? []),
    ],
  );
}

export function pieceSlot(entryName: string, gpid: number, definition: string): XmlElement {
  // Attributes listed in name order, as `el` sorts them: a palette has thousands of slots.
  const attributes: [string, string][] = [
    ['entryName', entryName],
    ['gpid', String(gpid)],
    ['height', '0'],
    ['width', '0'],
  ];
  return element(`${P}widget.PieceSlot`, attributes, [], definition);
}
