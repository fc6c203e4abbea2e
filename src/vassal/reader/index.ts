/** Reading VASSAL modules and saved games: see module.ts (pure) and source.ts (the I/O edge). */
export * from './limits';
export * from './module';
export * from './saved-game';
export * from './source';
export * from './xml';
export * from './zip';
