// The privacy area's public surface: other areas and the app import only from here.
export { privacyHandlers } from './handlers.ts';
export { sweepPrivacy } from './privacy.ts';
export { exportJobHandlers, failStrandedExports } from './privacy-export.ts';
