/**
 * sharp (libvips) loaded on first use: about 19 MiB and a tenth of a second of start-up that a
 * command drawing no image (validate, `build --only counters`) never pays.
 */
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  return (loading ??= import('sharp').then((module) => module.default));
}
