// The realtime area's public surface: other areas and the app import only from here.
export { celebratePersonalRecord, celebratePodiums, scoreEffects } from './achievements.ts';
export type { PodiumFinish } from './achievements.ts';
export { realtimeHandlers } from './handlers.ts';
export { registerRealtime } from './socket.ts';
export type { RealtimeHub } from './socket.ts';
export { ensureStreakRows, isTimeZone, listStreaks, setTimeZone, streakFromJson } from './streaks.ts';
export { seedDemoAchievements, seedDemoStreaks } from './seed.ts';
