/**
 * The toolbar buttons of the built module's map and chart windows: map.json `buttons` over the
 * built module's defaults, in the attributes VASSAL reads (a Map's `buttonName`, a ChartWindow's
 * `text`; both `tooltip`, `icon`, `hotkey`). Pure.
 */
import { AID_CARDS_WINDOW } from '../../model/files';
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

/** Whose button: a map window (by map name) or a chart window (by name). */
export type ButtonOwner = { map: string } | { window: string };

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
  if ('map' in owner) return { text: owner.map === gameMap ? 'Map' : owner.map, tooltip: '', icon: '', hotkey: '' };
  return { text: owner.window, tooltip: owner.window === AID_CARDS_WINDOW ? 'Player aids' : owner.window, icon: '', hotkey: '' };
}

export function buttonsOf(game: Pick<Game, 'map'>, art: ModuleArt): ButtonOf {
  const gameMap = mainMapName(game);
  return (owner) => {
    const defaults = defaultButton(owner, gameMap);
    const button = (game.map.buttons ?? []).find((b) => ('map' in owner ? b.map === owner.map : b.window === owner.window));
    if (!button) return defaults;
    return {
      text: button.text ?? defaults.text,
      tooltip: button.tooltip ?? defaults.tooltip,
      icon: button.icon !== undefined ? iconPath(button.icon, art) : defaults.icon,
      hotkey: button.hotkey ?? defaults.hotkey,
    };
  };
}

/** The button icons that are pictures of the data (the module ships them under images/). */
export function buttonPictures(game: Pick<Game, 'map'>): string[] {
  return (game.map.buttons ?? []).flatMap((b) => (b.icon !== undefined && b.icon !== '' && !isVassalImage(b.icon) ? [b.icon] : []));
}
