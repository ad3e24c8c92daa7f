// The events area's public surface: other areas and the app import only from here.
export { cacheKey, keptDivisionStanding } from './events-cache.ts';
export { eventCategories, workoutsOf } from './events.ts';
export { eventHandlers } from './handlers.ts';
export { seedDemoEvent } from './seed.ts';
export type { EventWorkout } from './seed.ts';
