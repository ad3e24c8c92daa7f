// The analytics area's public surface: other areas and the app import only from here.
export { analyticsHandlers } from './handlers.ts';
