/** map.json `buttons`: each names a map or chart window the data shows (a board's, or the player aids'), a toolbar component, or a die of game.json, once. */
import { AID_CARDS_WINDOW, type MapFile } from '../model/files';
import type { CheckContext } from './check-context';

/** The window a button belongs to, as a key and as said to a user. */
const buttonOf = (b: NonNullable<MapFile['buttons']>[number]) => {
  if (b.component !== undefined) return { key: `component\u0000${b.component}`, what: `the ${b.component} component` };
  if (b.die !== undefined) return { key: `die\u0000${b.die}`, what: `die "${b.die}"` };
  if (b.map === undefined) return { key: `window\u0000${b.window ?? ''}`, what: `chart window "${b.window ?? ''}"` };
  return b.tool === undefined ? { key: `map\u0000${b.map}`, what: `map "${b.map}"` } : { key: `tool\u0000${b.map}\u0000${b.tool}`, what: `the ${b.tool} tool of map "${b.map}"` };
};

/** `dice`: game.json's dice ids, undefined without a valid game.json. */
export function checkMapButtons(ctx: CheckContext, map: MapFile, dice: ReadonlySet<string> | undefined): void {
  const maps = new Set([...(map.name !== undefined ? [map.name] : []), ...(map.boards ?? []).map((b) => b.map)]);
  const windows = new Set([AID_CARDS_WINDOW, ...(map.boards ?? []).flatMap((b) => (b.window !== undefined ? [b.window] : []))]);
  const seen = new Map<string, number>();
  (map.buttons ?? []).forEach((button, i) => {
    const { key, what } = buttonOf(button);
    const first = seen.get(key);
    if (first !== undefined)
      ctx.error('map', `/buttons/${i}`, 'map/duplicate-button', `the button of ${what} is listed twice (also at /buttons/${first})`, 'list each window’s button once');
    else seen.set(key, i);
    if (button.map !== undefined && !maps.has(button.map))
      ctx.error('map', `/buttons/${i}/map`, 'map/button-unknown-map', `${what} is neither the game map (map.json name) nor a map of map.json boards`, 'name a map the data lists, or remove the button');
    ctx.ref('map', `/buttons/${i}/die`, 'die', button.die, dice, 'game.json dice');
    if (button.tool !== undefined && button.map === undefined)
      ctx.error('map', `/buttons/${i}/tool`, 'map/button-tool-window', `${what} has a \`tool\`, which only a map's toolbar has`, 'give the tool with the `map` whose toolbar shows it');
    // The turn tracker's tooltip is its turn label's: the build writes that.
    if (button.tooltip !== undefined && button.component === 'turn')
      ctx.warning('map', `/buttons/${i}/tooltip`, 'map/button-tooltip-unused', `the tooltip of ${what} is not used: the built module's tooltip there is the turn label’s`, 'remove `tooltip`');
    if (button.window !== undefined && !windows.has(button.window))
      ctx.error('map', `/buttons/${i}/window`, 'map/button-unknown-window', `${what} is no chart window of map.json boards (\`window\`) nor the player aids' "${AID_CARDS_WINDOW}"`, 'name a chart window a board names, or remove the button');
  });
}
