// The videos area's public surface: other areas and the app import only from here.
export { videoHandlers } from './handlers.ts';
export { videoJobHandlers, videoSweep } from './videos-processing.ts';
export { videoService } from './videos-tus.ts';
export { discardVideo, ownReadyVideo, presentStoryVideo, presentTheaterVideo, presentVideo } from './videos.ts';
export type { VideoRow } from './videos.ts';
