/**
 * The charts window: one tab per aid card. A card is a picture (Chart), or, for a table the data
 * says the imported module held as an HTML page, a page showing that picture (HtmlChart: VASSAL
 * reads the page from the archive and an `<img src>` from its images/ folder, reference §2.4).
 * A chart that prints a table says which in its description ("Table <id>"; an import reads it).
 */
import { AID_CARDS_WINDOW } from '../../model/files';
import type { Game } from '../../model/game';
import type { XmlElement } from '../xml-tree';
import type { ModuleArt } from './art';
import type { ButtonOf } from './buttons';
import { P, el } from './components';
import { CHART_TABLE_PREFIX, chartPagePath } from './names';
import { escapeAttribute } from './xml-writer';

export interface ChartWindow {
  element: XmlElement;
  /** The HTML pages of the HtmlCharts, by archive entry name. */
  pages: Array<{ path: string; text: string }>;
}

/** The player aids' window, with its button as map.json `buttons` gives it. */
export function chartWindow(game: Game, art: ModuleArt, buttonOf: ButtonOf): ChartWindow {
  const html = new Set(game.tables.filter((t) => t.vassal?.chart === 'html').map((t) => t.id));
  const pages: ChartWindow['pages'] = [];
  const tabs = art.charts.map((c) => {
    const description = c.table !== undefined ? `${CHART_TABLE_PREFIX}${c.table}` : '';
    if (c.table === undefined || !html.has(c.table))
      return el(`${P}widget.Chart`, { chartName: c.name, description, fileName: c.image.path });
    const path = chartPagePath(c.table);
    pages.push({ path, text: `<html><body><img src="${escapeAttribute(c.image.path)}"></body></html>\n` });
    return el(`${P}widget.HtmlChart`, { chartName: c.name, description, fileName: path });
  });
  const { text, tooltip, icon, hotkey } = buttonOf({ window: AID_CARDS_WINDOW });
  const element = el(`${P}module.ChartWindow`, { hotkey, icon, name: AID_CARDS_WINDOW, text, tooltip }, [
    el(`${P}widget.TabWidget`, { entryName: AID_CARDS_WINDOW }, tabs),
  ]);
  return { element, pages };
}

/**
 * Puts the charts window's tabs into a chart window of the same name among `windows` (one the data
 * shows maps in), after its own tabs, so that the module has one button of that name; false when
 * there is none.
 */
export function joinChartWindow(windows: readonly XmlElement[], charts: XmlElement): boolean {
  const name = charts.attributes.find(([k]) => k === 'name')?.[1];
  const same = windows.find((w) => w.name === charts.name && w.attributes.some(([k, v]) => k === 'name' && v === name));
  const tabs = same?.children.find((c) => c.name === `${P}widget.TabWidget`);
  if (!tabs) return false;
  tabs.children = [...tabs.children, ...charts.children.flatMap((c) => c.children)];
  return true;
}
