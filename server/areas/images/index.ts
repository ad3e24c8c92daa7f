// The images area's public surface: other areas and the app import only from here.
export { imageHandlers } from './handlers.ts';
export { discardImagesOf, forgetFiles, imageIdsOfStory, placeStoryImages, storyImages, type StoryImageInput } from './image-rows.ts';
