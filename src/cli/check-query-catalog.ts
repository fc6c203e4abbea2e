/**
 * The engine's query declarations as `hexforge validate` checks checks.json against them. The built
 * CLI (dist/) replaces this module with the same declarations written out as data at build time
 * (scripts/build-dist.ts), so that validating a game with checks loads no engine code: the engine
 * with every system's queries is the largest chunk of the CLI, and validation only reads their schemas.
 */
export { CHECK_QUERY_CATALOG } from '../engine/checks/catalog';
