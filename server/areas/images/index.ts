// The images area's public surface: other areas and the app import only from here.
export { imageHandlers, type StoryPictureAccess } from './handlers.ts';
export { discardImagesOf, forgetFiles, imageIdsOfStory, placeStoryImages, storyImages, type StoryImageInput } from './image-rows.ts';
