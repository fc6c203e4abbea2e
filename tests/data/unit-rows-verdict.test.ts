/**
 * The column-by-column verdict on units.csv rows (unit-rows-verdict.ts) is the schema's: the same as
 * the whole-row validators, lean and verbose, on rows that pass and on each way a row can fail.
 */
import { describe, expect, it } from 'vitest';
import { compiledValidators } from '../../src/data/compiled-validators';
import { parseCsvSource } from '../../src/data/csv-source';
import { unitRowsPass } from '../../src/data/unit-rows-verdict';
import { unitRowsFromCsv } from '../../src/data/units-csv';

/** The column-by-column verdict, the lean whole-row one and the verbose one on a units.csv text. */
function verdicts(text: string): [boolean | undefined, boolean, boolean] {
  const source = parseCsvSource('units.csv', text).source!;
  const rows = unitRowsFromCsv(source);
  return [unitRowsPass(rows, source.header), compiledValidators(false).rows(rows) as boolean, compiledValidators(true).rows(rows) as boolean];
}

const PASS: [boolean, boolean, boolean] = [true, true, true];
const FAIL: [boolean, boolean, boolean] = [false, false, false];

describe('units.csv rows checked column by column', () => {
  it('passes what the schema passes', () => {
    // Ids, a declared unknown, numbers and text in value columns, flags, a back value, empty cells.
    expect(verdicts('id,side,type,size,steps,attack,back.attack,flags,name,setup\nu1,north,inf,?,2,4,2,a;b,First,0101\nu2,north,arm,,1,x,,,,\n')).toEqual(PASS);
    // A value column named as an inherited member of every object, and one named twice.
    expect(verdicts('id,side,type,constructor,toString,attack,attack\nu1,north,inf,1,2,3,4\nu2,north,inf,,,,\n')).toEqual(PASS);
  });

  it('fails what the schema fails, whichever check fails', () => {
    // A bad id, in a fixed column and in a list.
    expect(verdicts('id,side,type\nu1,North,inf\n')).toEqual(FAIL);
    expect(verdicts('id,side,type,flags\nu1,north,inf,ok;Not ok\n')).toEqual(FAIL);
    // A required column empty in one row, or missing from the header.
    expect(verdicts('id,side,type\nu1,north,inf\nu2,,inf\n')).toEqual(FAIL);
    expect(verdicts('id,sidee,type\nu1,north,inf\n')).toEqual(FAIL);
    // A column no property or pattern names (`additionalProperties: false`), filled in one row only.
    expect(verdicts('id,side,type,Move Pts\nu1,north,inf,\nu2,north,inf,4\n')).toEqual(FAIL);
    // Out of an integer property's range, not an integer, not one of an enum.
    expect(verdicts('id,side,type,steps\nu1,north,inf,25\n')).toEqual(FAIL);
    expect(verdicts('id,side,type,steps\nu1,north,inf,1.5\n')).toEqual(FAIL);
    expect(verdicts('id,side,type,back\nu1,north,inf,weird\n')).toEqual(FAIL);
    // An art path that climbs out of the game folder.
    expect(verdicts('id,side,type,image\nu1,north,inf,../x.png\n')).toEqual(FAIL);
  });

  it('passes a column no property or pattern names when every cell of it is empty', () => {
    expect(verdicts('id,side,type,Move Pts\nu1,north,inf,\nu2,north,inf, \n')).toEqual(PASS);
  });

  it('reads no `__proto__` column as a value (a row cannot have one of its own)', () => {
    expect(verdicts('id,side,type,__proto__\nu1,north,inf,4\n')).toEqual(PASS);
  });
});
