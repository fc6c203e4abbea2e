/** Errata between two versions of a game's data. */
export * from './affected';
export * from './diff-games';
export * from './markdown';
export * from './sheets';
