/** System-specific queries (`<system>.<name>`), one module per game system. */
import type { QueryHandler } from '../checks/query';

export const SYSTEM_QUERIES: Record<string, QueryHandler> = {};
