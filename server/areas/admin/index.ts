// The admin area's public surface: other areas and the app import only from here.
export { biJobHandlers, biSweep } from './admin-bi-rollup.ts';
export { recordServerFault } from './admin-errors.ts';
export { RateLimits, attachRateLimits } from './admin-rate-limits.ts';
export { platformCheckJobHandlers } from './admin-testing.ts';
export { adminBiHandlers } from './handlers-bi.ts';
export { adminTestingHandlers } from './handlers-testing.ts';
export { adminHandlers } from './handlers.ts';
