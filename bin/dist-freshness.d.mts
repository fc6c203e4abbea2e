export declare const SOURCE_ROOTS: string[];
export declare function newestSourceTime(root: string): number;
export declare function distIsFresh(root: string): boolean;
