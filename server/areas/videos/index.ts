// The videos area's public surface: other areas and the app import only from here.
export { videoHandlers } from './handlers.ts';
export { videoJobHandlers, videoSweep } from './videos-processing.ts';
export { VIDEO_SETTLED_JOB } from './videos.ts';
export { videoService } from './videos-tus.ts';
export { mediaToolsPresent, seedDemoVideo } from './seed.ts';
export {
  checkStorageQuota,
  discardVideo,
  ownReadyVideo,
  ownVideoForScore,
  presentProfileVideo,
  presentStoryVideo,
  presentTheaterVideo,
  presentVideo,
  videoBacksSomething,
} from './videos.ts';
export type { VideoRow } from './videos.ts';
export { adoptVideo, joinWebmParts, remuxWebm } from './videos-adopt.ts';
export type { MadeVideo } from './videos-adopt.ts';
