/** System-specific queries (`<system>.<name>`), one module per game system. */
import type { QueryEntry } from '../checks/query';
import { SCHWERPUNKT_QUERIES } from './schwerpunkt';
import { KURSK_QUERIES, KURSK_SYSTEM } from './kursk';
import { T3_QUERIES } from './t3';
import { ROF_QUERIES, ROF_SYSTEM } from './rof';

export const SYSTEM_QUERIES: Record<string, QueryEntry> = { ...KURSK_QUERIES, ...T3_QUERIES, ...SCHWERPUNKT_QUERIES, ...ROF_QUERIES };

/**
 * The queries of each game system, by game.json "system": what `hexforge engine list` shows for a
 * game and what its checks may use besides the generic queries. A new system adds its line here.
 */
export const SYSTEMS: Record<string, Record<string, QueryEntry>> = {
  schwerpunkt: SCHWERPUNKT_QUERIES,
  t3: T3_QUERIES,
  [KURSK_SYSTEM]: KURSK_QUERIES,
  [ROF_SYSTEM]: ROF_QUERIES,
};
