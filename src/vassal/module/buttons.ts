/**
 * The toolbar buttons of the built module's map and chart windows: map.json `buttons` over the
 * built module's defaults, in the attributes VASSAL reads (a Map's `buttonName`, a ChartWindow's
 * `text`; both `tooltip`, `icon`, `hotkey`), and the tools of a map's toolbar the data lists
 * (overview window, save map as image), each written with its button. Pure.
 */
import { AID_CARDS_WINDOW, type MapTool } from '../../model/files';
import type { Game } from '../../model/game';
import type { ModuleArt } from './art';
import { mainMapName } from './names';

/** A button as the module writes it. */
export interface ToolbarButton {
  text: string;
  tooltip: string;
  icon: string;
  hotkey: string;
}

/** Whose button: a map window (by map name), a tool of its toolbar, or a chart window (by name). */
export type ButtonOwner = { map: string; tool?: MapTool } | { window: string };

/** VASSAL's element of each tool, and the button the built module gives it where the data says nothing else (VASSAL's own defaults). */
export const MAP_TOOLS: Readonly<Record<MapTool, { element: string; button: ToolbarButton }>> = {
  overview: {
    element: 'VASSAL.build.module.map.GlobalMap',
    button: { text: '', tooltip: 'Show/Hide overview window', icon: '/images/overview.gif', hotkey: '79,195' },
  },
  'save-image': {
    element: 'VASSAL.build.module.map.ImageSaver',
    button: { text: '', tooltip: 'Save map as PNG image', icon: '/images/camera.gif', hotkey: '' },
  },
};

/** The button of a window: the data's, over the built module's default. */
export type ButtonOf = (owner: ButtonOwner) => ToolbarButton;

/** VASSAL's own images are named from its archive's root ("/images/chart.gif"); the module's from its images/. */
const isVassalImage = (icon: string) => icon.startsWith('/');

/** The icon as the module names it: VASSAL's own image as is, a picture of the data where the module holds it. */
function iconPath(icon: string, art: ModuleArt): string {
  return isVassalImage(icon) ? icon : (art.boards?.get(icon)?.path ?? '');
}

/**
 * The button the built module gives a window the data says nothing of: the game map's "Map",
 * another map's its name; a chart window's its name, also as tooltip ("Player aids" for the
 * player aids' window). No icon, no key.
 */
export function defaultButton(owner: ButtonOwner, gameMap: string): ToolbarButton {
  if ('map' in owner && owner.tool !== undefined) return MAP_TOOLS[owner.tool].button;
  if ('map' in owner) return { text: owner.map === gameMap ? 'Map' : owner.map, tooltip: '', icon: '', hotkey: '' };
  return { text: owner.window, tooltip: owner.window === AID_CARDS_WINDOW ? 'Player aids' : owner.window, icon: '', hotkey: '' };
}

export function buttonsOf(game: Pick<Game, 'map'>, art: ModuleArt): ButtonOf {
  const gameMap = mainMapName(game);
  return (owner) => {
    const defaults = defaultButton(owner, gameMap);
    const button = (game.map.buttons ?? []).find((b) =>
      'map' in owner ? b.map === owner.map && b.tool === owner.tool : b.window === owner.window,
    );
    if (!button) return defaults;
    return {
      text: button.text ?? defaults.text,
      tooltip: button.tooltip ?? defaults.tooltip,
      icon: button.icon !== undefined ? iconPath(button.icon, art) : defaults.icon,
      hotkey: button.hotkey ?? defaults.hotkey,
    };
  };
}

/** The tools the data gives a map's toolbar, in the order it lists them, each with its button. */
export function mapToolsOf(game: Pick<Game, 'map'>, buttonOf: ButtonOf, mapName: string): Array<{ tool: MapTool; button: ToolbarButton }> {
  return (game.map.buttons ?? []).flatMap((b) =>
    b.map === mapName && b.tool !== undefined ? [{ tool: b.tool, button: buttonOf({ map: mapName, tool: b.tool }) }] : [],
  );
}

/** The button icons that are pictures of the data (the module ships them under images/). */
export function buttonPictures(game: Pick<Game, 'map'>): string[] {
  return (game.map.buttons ?? []).flatMap((b) => (b.icon !== undefined && b.icon !== '' && !isVassalImage(b.icon) ? [b.icon] : []));
}
