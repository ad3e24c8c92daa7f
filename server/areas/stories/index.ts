// The stories area's public surface: other areas and the app import only from here.
export { storyHandlers } from './handlers.ts';
export { shownInStory } from './stories.ts';
