/**
 * The component plan (see component-plan.ts): the facts every output takes about a counter, a
 * page and a hex. Outputs import from here.
 */
export * from './component-plan';
export * from './counters';
export * from './faces';
export * from './format';
export * from './imposition';
export * from './map-geometry';
export * from './paper';
export * from './sheets';
export * from './templates';
export * from './safe-area';
export * from './starts';
export * from './holding';
export * from './display-sheet';
