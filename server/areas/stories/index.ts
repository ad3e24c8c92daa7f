// The stories area's public surface: other areas and the app import only from here.
export { storyHandlers } from './handlers.ts';
export { createStoryIn, shownInStory, storyPictureAccess } from './stories.ts';
export { seedDemoStories } from './seed.ts';
