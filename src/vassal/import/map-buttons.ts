/**
 * map.json `buttons`: the toolbar buttons of the module's map windows and chart windows that the
 * data shows (the game map, the maps of map.json `boards` in windows of their own, the chart windows
 * boards name, and the first chart window of pictures the import reads as charts, which the built
 * module's player aids' window stands for), each with what differs from the button a module built
 * from the data gives it, so that the built module shows the module's buttons and an import of it
 * finds the same; the overview, save-image and hide-pieces tools of those maps' toolbars (and of the maps
 * chart windows show), each listed, since a built map has them only when the data does; and the
 * buttons of the module's own toolbar components (piece palette, roster, notes, turn tracker), the
 * notes window listed always, since a built module has one only when the data does; and the button
 * of each dice button a die of game.json was read from, named by the die's id. Pure.
 */
import { AID_CARDS_WINDOW, type BoardFile, type MapButtonFile, type MapTool, type ToolbarComponent } from '../../model/files';
import {
  DIE_ATTRIBUTES,
  MAP_TOOLS,
  TOOLBAR_COMPONENTS,
  type ButtonAttributes,
  type ButtonOwner,
  type ToolbarButton,
  defaultButton,
} from '../module/buttons';
import { mainMapNameOf } from '../module/names';
import { attribute, type XmlElement } from '../xml-tree';
import type { MapInfo } from './map';
import type { ImportedDie } from './tracks';

const P = 'VASSAL.build.module.';
const CHART_WINDOW = `${P}ChartWindow`;
const DICE_BUTTON = `${P}DiceButton`;
/** A DiceButton's attribute of name and button text in one, before VASSAL 1.3 (DiceButton.DEPRECATED_NAME). */
const DICE_BUTTON_DEPRECATED_NAME = 'label';
/** The pictures of a chart window that the import reads as charts (./tracks.ts `importCharts`). */
const CHARTS = new Set(['VASSAL.build.widget.Chart', 'VASSAL.build.widget.HtmlChart']);
/** The map windows with a toolbar button (a chart window's WidgetMap has none). */
const WINDOW_MAPS = new Set([`${P}Map`, `${P}PrivateMap`, `${P}PlayerHand`]);

/** What VASSAL reads a button from: a Map's text is its `buttonName`, a ChartWindow's its `text` (a tool's and a component's: MAP_TOOLS, TOOLBAR_COMPONENTS). */
const ATTRIBUTES: Readonly<Record<'map' | 'window', ButtonAttributes>> = {
  map: { text: 'buttonName', tooltip: 'tooltip', icon: 'icon', hotkey: 'hotkey' },
  window: { text: 'text', tooltip: 'tooltip', icon: 'icon', hotkey: 'hotkey' },
};
/** The notes window is built only when listed: listed even as the built one would be, like a map's tools. */
const LISTED_ALWAYS = new Set<ToolbarComponent>(['notes']);
const TOOL_OF = new Map(Object.entries(MAP_TOOLS).map(([tool, { element }]) => [element, tool as MapTool]));

/**
 * The button of each window the data shows. `icon` names the data's file of a module image
 * (undefined when the folder does not take it); VASSAL's own images ("/images/…") stay as they are.
 */
export function mapButtons(
  root: XmlElement,
  maps: readonly MapInfo[],
  data: { gameMap: string | undefined; boards: readonly BoardFile[]; dice: readonly ImportedDie[] },
  icon: (image: string) => string | undefined,
): MapButtonFile[] {
  const gameMap = mainMapNameOf(data.gameMap);
  const ownWindow = new Set([
    ...(data.gameMap !== undefined ? [data.gameMap] : []),
    ...data.boards.filter((b) => b.window === undefined).map((b) => b.map),
  ]);
  const chartWindows = new Set(data.boards.flatMap((b) => (b.window !== undefined ? [b.window] : [])));
  const buttons: MapButtonFile[] = [];
  const dice = data.dice.map((d) => d.die);
  const add = (owner: ButtonOwner, element: XmlElement) => {
    const attributes =
      'component' in owner
        ? TOOLBAR_COMPONENTS[owner.component].attributes
        : 'die' in owner
          ? DIE_ATTRIBUTES
          : 'window' in owner
            ? ATTRIBUTES.window
            : owner.tool !== undefined
              ? MAP_TOOLS[owner.tool].attributes
              : ATTRIBUTES.map;
    const kept = keptButton(element, attributes, defaultButton(owner, gameMap, dice), icon, 'die' in owner ? dieButtonText : undefined);
    // A tool is listed even as the built one would be: the built map has it only when listed.
    const listedAlways = 'component' in owner ? LISTED_ALWAYS.has(owner.component) : 'map' in owner && owner.tool !== undefined;
    if (Object.keys(kept).length > 0 || listedAlways) buttons.push({ ...owner, ...kept });
  };
  for (const m of maps)
    if (WINDOW_MAPS.has(m.element.name) && ownWindow.has(m.id) && !buttons.some((b) => b.map === m.id && b.tool === undefined))
      add({ map: m.id }, m.element);
  // In the data's order of maps (the game map, then as boards lists them), which the built module keeps.
  const shown = new Set([...(data.gameMap !== undefined ? [data.gameMap] : []), ...data.boards.map((b) => b.map)]);
  for (const id of shown) {
    const m = maps.find((candidate) => candidate.id === id);
    for (const child of m?.element.children ?? []) {
      const tool = TOOL_OF.get(child.name);
      if (tool && !buttons.some((b) => b.map === id && b.tool === tool)) add({ map: id, tool }, child);
    }
  }
  const components = moduleComponents(root, [CHART_WINDOW, ...Object.values(TOOLBAR_COMPONENTS).map((c) => c.element)]);
  const windows = components.get(CHART_WINDOW)!;
  for (const w of windows) {
    const name = attribute(w, 'name') ?? '';
    if (chartWindows.has(name) && !buttons.some((b) => b.window === name)) add({ window: name }, w);
  }
  // The built module shows the charts in its player aids' window, or in a board's window of that name.
  const pictures = windows.find((w) => !chartWindows.has(attribute(w, 'name') ?? '') && holdsCharts(w));
  if (pictures && !chartWindows.has(AID_CARDS_WINDOW)) add({ window: AID_CARDS_WINDOW }, pictures);
  // The module's first of each toolbar component on the toolbar (a hidden palette has no button): the built module has one of each.
  for (const [component, { element }] of Object.entries(TOOLBAR_COMPONENTS) as Array<[ToolbarComponent, { element: string }]>) {
    const found = components.get(element)!.find((c) => attribute(c, 'hidden') !== 'true');
    if (found) add({ component }, found);
  }
  // Each die's own button (a module built from the data writes each die as a DiceButton of its own).
  for (const { die, button } of data.dice) add({ die: die.id }, button);
  return buttons;
}

function holdsCharts(element: XmlElement): boolean {
  return element.children.some((c) => CHARTS.has(c.name) || holdsCharts(c));
}

/**
 * A dice button's text as VASSAL reads it: a DiceButton of a module before VASSAL 1.3 has one
 * `label` for its name and its text (DiceButton.setAttribute, DEPRECATED_NAME), which a `text`
 * overrides (set after it: VASSAL sets attributes in sorted order). A SpecialDiceButton ignores `label`.
 */
function dieButtonText(element: XmlElement): string | undefined {
  const text = attribute(element, DIE_ATTRIBUTES.text);
  return text !== undefined || element.name !== DICE_BUTTON ? text : attribute(element, DICE_BUTTON_DEPRECATED_NAME);
}

/** The button's attributes the element sets otherwise than the built module's default (its text read by `textOf`, where given). */
function keptButton(
  element: XmlElement,
  names: ButtonAttributes,
  defaults: ToolbarButton,
  icon: (image: string) => string | undefined,
  textOf?: (element: XmlElement) => string | undefined,
): Omit<MapButtonFile, 'map' | 'window' | 'component' | 'die'> {
  const read = (name: string) => attribute(element, name);
  const text = textOf ? textOf(element) : read(names.text);
  const tooltip = names.tooltip !== undefined ? read(names.tooltip) : undefined;
  const iconFile = (image: string | undefined) =>
    image === undefined || image === '' || image.startsWith('/') ? image : (icon(image) ?? '');
  const shown = iconFile(read(names.icon));
  const hidden = names.hiddenIcon !== undefined ? iconFile(read(names.hiddenIcon)) : undefined;
  const hotkey = read(names.hotkey);
  return {
    ...(text !== undefined && text !== defaults.text ? { text } : {}),
    ...(tooltip !== undefined && tooltip !== defaults.tooltip ? { tooltip } : {}),
    ...(shown !== undefined && shown !== defaults.icon ? { icon: shown } : {}),
    ...(hotkey !== undefined && hotkey !== defaults.hotkey ? { hotkey } : {}),
    ...(hidden !== undefined && hidden !== defaults.hiddenIcon ? { hiddenIcon: hidden } : {}),
  };
}

/**
 * The module's components of each of the given classes, wherever the module nests them (folders,
 * menus), not inside maps nor inside a component of the same class: in one walk of the tree, which
 * holds every palette piece.
 */
function moduleComponents(root: XmlElement, names: readonly string[]): Map<string, XmlElement[]> {
  const found = new Map(names.map((name) => [name, [] as XmlElement[]]));
  // `closed`: the classes of the components the walk is inside, whose like it does not look for there.
  const visit = (el: XmlElement, closed: readonly string[]) => {
    const children = el.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      const list = found.get(child.name);
      if (list === undefined) {
        if (!WINDOW_MAPS.has(child.name)) visit(child, closed);
      } else if (!closed.includes(child.name)) {
        list.push(child);
        visit(child, [...closed, child.name]);
      } else visit(child, closed);
    }
  };
  visit(root, []);
  return found;
}
