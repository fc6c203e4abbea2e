/** System-specific queries (`<system>.<name>`), one module per game system. */
import type { QueryHandler } from '../checks/query';
import { SCHWERPUNKT_QUERIES } from './schwerpunkt';
import { KURSK_QUERIES } from './kursk';
import { T3_QUERIES } from './t3';
import { ROF_QUERIES } from './rof';

export const SYSTEM_QUERIES: Record<string, QueryHandler> = { ...KURSK_QUERIES, ...T3_QUERIES, ...SCHWERPUNKT_QUERIES, ...ROF_QUERIES };
