/**
 * CRT column from the net Attack Strength (9.0, 9.35) and the net column shift (9.34, 9.36), on the
 * columns tables.json gives. The table lists only the columns the text names, so a shift is
 * answered only when every column it crosses is known (adjacent ranges that abut).
 */
import type { TableFile } from '../../../model/files';
import type { Engine } from '../../context';
import { pickColumn } from '../../crt';
import { number, optNumber, type Input } from '../../checks/input';
import { unsupported, type QueryAnswer } from '../../checks/query';
import { cite } from '../../source-text';
import { flag } from './cases';
import { minimumAttack } from './rules';

function contiguous(table: TableFile, from: number, to: number): boolean {
  const columns = table.columns ?? [];
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  for (let i = lo; i < hi; i++) {
    const max = columns[i].max;
    const min = columns[i + 1].min;
    if (max === undefined || min === undefined || max + 1 !== min) return false;
  }
  return true;
}

export function crtColumn(engine: Engine, input: Input): QueryAnswer {
  const table = engine.game.tables.find((t) => t.kind === 'crt');
  if (!table) return unsupported('the game has no table of kind "crt" in tables.json');
  const netAttack = number(input, 'netAttack');
  const shift = optNumber(input, 'shift') ?? 0;
  const reasoning: string[] = [];
  const least = minimumAttack(engine);
  if (flag(input, 'antitankFire') && netAttack > 0 && netAttack < least.value) {
    reasoning.push(`anti-tank fire with ${netAttack} points (< ${least.value}) uses the lowest attack column [13.23 L510]`);
  }
  if (netAttack <= 0) reasoning.push(`net Attack Strength ${netAttack} uses the "0 or less" column [9.35 L345]`);
  else if (netAttack < least.value) reasoning.push(`net Attack Strength ${netAttack} uses the lowest attack column${least.cite}`);
  const start = pickColumn(table, { attack: netAttack }, reasoning);
  if (start.kind !== 'column')
    return unsupported(start.kind === 'unknown' ? start.why : `net Attack Strength ${netAttack} is off the table`, reasoning);
  const columns = table.columns ?? [];
  const target = Math.min(Math.max(start.index + shift, 0), columns.length - 1);
  if (!contiguous(table, start.index, target)) {
    return unsupported(
      `a shift of ${shift} from ${start.label} crosses CRT columns the text does not give${cite(table.source)}`,
      reasoning,
    );
  }
  if (start.index + shift !== target)
    reasoning.push(`net shift ${shift} stops at the ${columns[target].label} column, the end of the table [9.36 L346]`);
  else if (shift !== 0)
    reasoning.push(`net shift ${shift > 0 ? '+' : ''}${shift}: ${start.label} → ${columns[target].label} [9.0 L323, 9.34]`);
  return { actual: { column: columns[target].label }, reasoning };
}
