// The moderation area's public surface: other areas and the app import only from here.
export { moderationHandlers } from './handlers.ts';
