/** Public API of the bundle module. */
export * from './format';
export { toBundle, bundleJson } from './to-bundle';
export { fromBundle, type FromBundleResult } from './from-bundle';
export { stableStringify } from './stable-json';
