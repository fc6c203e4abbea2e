/** Errata between two versions of a game's data. */
export * from './diff-games';
export * from './markdown';
export * from './sheets';
