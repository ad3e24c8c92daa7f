// The judging area's public surface: other areas and the app import only from here.
export { judgingHandlers } from './handlers.ts';
export { judgesNow } from './judging.ts';
