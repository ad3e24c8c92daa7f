// The system area's public surface: other areas and the app import only from here.
export { systemHandlers } from './handlers.ts';
