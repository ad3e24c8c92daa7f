// The live area's public surface: other areas and the app import only from here.
export { liveHandlers } from './handlers.ts';
export { liveJobHandlers, settleIfDue } from './live-end.ts';
export { liveSpectatorWatcher } from './spectators.ts';
// Broadcasts (live-broadcast*.ts).
export { liveBroadcastHandlers } from './live-broadcast-handlers.ts';
export { directLiveBroadcast, sweepDirector } from './live-director.ts';
export { liveRecordingJobHandlers } from './live-segments-recording.ts';
export { liveCleanupJobHandlers, liveCleanupSweep } from './live-stream-cleanup.ts';
export { recordingGaps, type LiveGap } from './live-segments-recording.ts';
