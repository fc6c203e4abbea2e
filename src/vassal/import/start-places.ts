/**
 * Where the module starts a piece (its at-start stacks), as the texts that may say whose it is: a
 * private window or player hand that one side alone owns, and the map folders around the stack.
 */
import { attribute, type XmlElement } from '../xml-tree';
import { MAP_CLASSES, privateWindow } from './map';

const MAP_SUB_FOLDER = 'VASSAL.build.module.folder.MapSubFolder';

/** A start place that may name a side: the owner of a one-side window, or a folder's name. */
export interface StartPlace {
  /** 'window': `text` is the window's name and `owner` the one side it belongs to. */
  where: 'window' | 'folder';
  text: string;
  owner?: string;
}

/** The names of the editor folders between a stack's map and the stack, outermost first. */
export function stackFolders(ancestors: readonly XmlElement[]): string[] {
  const folders: string[] = [];
  for (let i = ancestors.length - 1; i >= 0 && !MAP_CLASSES.has(ancestors[i].name); i--)
    if (ancestors[i].name === MAP_SUB_FOLDER) folders.unshift(attribute(ancestors[i], 'name') ?? '');
  return folders;
}

/**
 * The places of an at-start piece that may name a side, in the order they are asked: its window's
 * one owner, then its folders outermost first. A window several sides share names none.
 */
export function startPlaces(ancestors: readonly XmlElement[]): StartPlace[] {
  const places: StartPlace[] = [];
  const map = ancestors.findLast((a) => MAP_CLASSES.has(a.name));
  const owners = map ? privateWindow(map).privateTo?.sides : undefined;
  if (map && owners?.length === 1) places.push({ where: 'window', text: attribute(map, 'mapName') ?? '', owner: owners[0] });
  for (const folder of stackFolders(ancestors)) if (folder !== '') places.push({ where: 'folder', text: folder });
  return places;
}
