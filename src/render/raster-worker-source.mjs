// Starts a raster worker from the TypeScript sources (a checkout without dist/, or tests): a
// worker thread does not inherit the main thread's tsx loader, so it registers its own first.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
