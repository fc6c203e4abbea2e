/**
 * The toolbar buttons of the built module's map and chart windows, of its own toolbar components
 * (piece palette, player roster, notes, turn tracker) and of its dice: map.json `buttons` over the built module's
 * defaults, in the attributes VASSAL reads (a Map's `buttonName`, a ChartWindow's `text`; both
 * `tooltip`, `icon`, `hotkey`; each component its own names; a DiceButton's the same four as a ChartWindow's), and the tools of a map's toolbar the
 * data lists (overview window, save map as image, hide pieces), each written with its button. Pure.
 */
import { AID_CARDS_WINDOW, type DieFile, type MapButtonFile, type MapTool, type ToolbarComponent } from '../../model/files';
import type { Game } from '../../model/game';
import type { ModuleArt } from './art';
import { mainMapName } from './names';

/** A button as the module writes it. */
export interface ToolbarButton {
  text: string;
  tooltip: string;
  icon: string;
  hotkey: string;
  /** The hide-pieces tool's second icon, shown while the pieces are hidden. */
  hiddenIcon?: string;
}

/** Whose button: a map window (by map name), a tool of its toolbar, a chart window (by name), a toolbar component of the module, or a die (by id). */
export type ButtonOwner = { map: string; tool?: MapTool } | { window: string } | { component: ToolbarComponent } | { die: string };

/** The attributes VASSAL reads a component's button from; no `tooltip`: the component's tooltip is no button's. */
export interface ButtonAttributes {
  text: string;
  tooltip?: string;
  icon: string;
  hotkey: string;
  hiddenIcon?: string;
}

/** What an overview window's and a save-image button's button is read from and written to. */
const TOOL_ATTRIBUTES: ButtonAttributes = { text: 'buttonText', tooltip: 'tooltip', icon: 'icon', hotkey: 'hotkey' };

/**
 * VASSAL's element of each toolbar component, the attributes of its button (each class has its own
 * names), and the button the built module gives it where the data says nothing else. The turn
 * tracker's `tooltip` is its turn label's, which the built module writes from the turns.
 */
export const TOOLBAR_COMPONENTS: Readonly<
  Record<ToolbarComponent, { element: string; attributes: ButtonAttributes; button: ToolbarButton }>
> = {
  pieces: {
    element: 'VASSAL.build.module.PieceWindow',
    attributes: { text: 'text', tooltip: 'tooltip', icon: 'icon', hotkey: 'hotkey' },
    button: { text: 'Counters', tooltip: 'Counter palette', icon: '', hotkey: '67,195' },
  },
  roster: {
    element: 'VASSAL.build.module.PlayerRoster',
    attributes: { text: 'buttonText', tooltip: 'buttonToolTip', icon: 'buttonIcon', hotkey: 'buttonKeyStroke' },
    button: { text: 'Retire', tooltip: 'Switch sides, become observer, or allow another player to take your side', icon: '', hotkey: '' },
  },
  // VASSAL's own defaults (NotesWindow's launch button).
  notes: {
    element: 'VASSAL.build.module.NotesWindow',
    attributes: { text: 'buttonText', tooltip: 'tooltip', icon: 'icon', hotkey: 'hotkey' },
    button: { text: 'Notes', tooltip: 'Notes', icon: '/images/notes.gif', hotkey: '' },
  },
  turn: {
    element: 'VASSAL.build.module.turn.TurnTracker',
    attributes: { text: 'buttonText', icon: 'icon', hotkey: 'hotkey' },
    button: { text: 'Turn', tooltip: '', icon: '', hotkey: '' },
  },
};

/** What a DiceButton's button is read from and written to (VASSAL's AbstractToolbarItem names, as a SpecialDiceButton's). */
export const DIE_ATTRIBUTES: ButtonAttributes = { text: 'text', tooltip: 'tooltip', icon: 'icon', hotkey: 'hotkey' };

/**
 * The die's name in the built module: its DiceButton's `name`, which VASSAL's roll report prints
 * (`$name$`) and which names its `<name>_result` properties; the die's id when it has no name.
 */
export function dieName(die: DieFile): string {
  return die.name ?? die.id;
}

/**
 * The button the built module gives a die: its id ("2d6", short enough for a toolbar) as text, its
 * name as tooltip (VASSAL shows a DiceButton's name there when no tooltip is set).
 */
export function dieButton(die: DieFile): ToolbarButton {
  return { text: die.id, tooltip: dieName(die), icon: '', hotkey: '' };
}

/** A button written in its element's own attribute names (the tooltip and hidden icon only where the element has them). */
export function buttonAttributes(names: ButtonAttributes, button: ToolbarButton): Record<string, string> {
  return {
    [names.text]: button.text,
    ...(names.tooltip !== undefined ? { [names.tooltip]: button.tooltip } : {}),
    [names.icon]: button.icon,
    [names.hotkey]: button.hotkey,
    ...(names.hiddenIcon !== undefined ? { [names.hiddenIcon]: button.hiddenIcon ?? '' } : {}),
  };
}

/** A button written in a component's own attribute names. */
export function componentButtonAttributes(component: ToolbarComponent, button: ToolbarButton): Record<string, string> {
  return buttonAttributes(TOOLBAR_COMPONENTS[component].attributes, button);
}

/** VASSAL's element of each tool, its button's attributes, and the button the built module gives it where the data says nothing else (VASSAL's own defaults). */
export const MAP_TOOLS: Readonly<Record<MapTool, { element: string; attributes: ButtonAttributes; button: ToolbarButton }>> = {
  overview: {
    element: 'VASSAL.build.module.map.GlobalMap',
    attributes: TOOL_ATTRIBUTES,
    button: { text: '', tooltip: 'Show/Hide overview window', icon: '/images/overview.gif', hotkey: '79,195' },
  },
  'save-image': {
    element: 'VASSAL.build.module.map.ImageSaver',
    attributes: TOOL_ATTRIBUTES,
    button: { text: '', tooltip: 'Save map as PNG image', icon: '/images/camera.gif', hotkey: '' },
  },
  // HidePiecesButton: one icon while the pieces show, another while they are hidden.
  'hide-pieces': {
    element: 'VASSAL.build.module.map.HidePiecesButton',
    attributes: { text: 'buttonText', tooltip: 'tooltip', icon: 'showingIcon', hotkey: 'hotkey', hiddenIcon: 'hiddenIcon' },
    button: {
      text: '',
      tooltip: 'Hide all pieces on this map',
      icon: '/images/globe_unselected.gif',
      hotkey: '',
      hiddenIcon: '/images/globe_selected.gif',
    },
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
 * player aids' window). No icon, no key. A die's: `dieButton` of the die of that id among `dice`.
 */
export function defaultButton(owner: ButtonOwner, gameMap: string, dice: readonly DieFile[] = []): ToolbarButton {
  if ('component' in owner) return TOOLBAR_COMPONENTS[owner.component].button;
  if ('die' in owner) {
    const die = dice.find((d) => d.id === owner.die);
    return die ? dieButton(die) : { text: owner.die, tooltip: '', icon: '', hotkey: '' };
  }
  if ('map' in owner && owner.tool !== undefined) return MAP_TOOLS[owner.tool].button;
  if ('map' in owner) return { text: owner.map === gameMap ? 'Map' : owner.map, tooltip: '', icon: '', hotkey: '' };
  return { text: owner.window, tooltip: owner.window === AID_CARDS_WINDOW ? 'Player aids' : owner.window, icon: '', hotkey: '' };
}

/** Whether a map.json button is the owner's. */
function isButtonOf(b: MapButtonFile, owner: ButtonOwner): boolean {
  if ('map' in owner) return b.map === owner.map && b.tool === owner.tool;
  if ('window' in owner) return b.window === owner.window;
  if ('component' in owner) return b.component === owner.component;
  return b.die === owner.die;
}

export function buttonsOf(game: Pick<Game, 'map' | 'info'>, art: ModuleArt): ButtonOf {
  const gameMap = mainMapName(game);
  return (owner) => {
    const defaults = defaultButton(owner, gameMap, game.info.dice);
    const button = (game.map.buttons ?? []).find((b) => isButtonOf(b, owner));
    if (!button) return defaults;
    return {
      text: button.text ?? defaults.text,
      tooltip: button.tooltip ?? defaults.tooltip,
      icon: button.icon !== undefined ? iconPath(button.icon, art) : defaults.icon,
      hotkey: button.hotkey ?? defaults.hotkey,
      ...(defaults.hiddenIcon !== undefined
        ? { hiddenIcon: button.hiddenIcon !== undefined ? iconPath(button.hiddenIcon, art) : defaults.hiddenIcon }
        : {}),
    };
  };
}

/** The tools the data gives a map's toolbar, in the order it lists them, each with its button. */
export function mapToolsOf(game: Pick<Game, 'map'>, buttonOf: ButtonOf, mapName: string): Array<{ tool: MapTool; button: ToolbarButton }> {
  return (game.map.buttons ?? []).flatMap((b) =>
    b.map === mapName && b.tool !== undefined ? [{ tool: b.tool, button: buttonOf({ map: mapName, tool: b.tool }) }] : [],
  );
}

/** Whether the data lists a toolbar component's button (the built module has a notes window only then). */
export function listsComponent(game: Pick<Game, 'map'>, component: ToolbarComponent): boolean {
  return (game.map.buttons ?? []).some((b) => b.component === component);
}

/** The button icons that are pictures of the data (the module ships them under images/). */
export function buttonPictures(game: Pick<Game, 'map'>): string[] {
  return (game.map.buttons ?? []).flatMap((b) =>
    [b.icon, b.hiddenIcon].filter((i): i is string => i !== undefined && i !== '' && !isVassalImage(i)),
  );
}
