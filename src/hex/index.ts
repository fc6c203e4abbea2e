/**
 * Public API of the hex module: axial coordinates, named directions, printed numbering schemes,
 * map extents, hexsides, lines/rings and pixel layout. Every other module goes through here for
 * anything hex-related.
 */
export * from './axial';
export * from './directions';
export * from './numbering';
export * from './extent';
export * from './hexside';
export * from './line';
export * from './ring';
export * from './layout';
