// The feedback area's public surface: other areas and the app import only from here.
export { feedbackHandlers } from './handlers.ts';
