// The follows area's public surface: other areas and the app import only from here.
export { followHandlers } from './handlers.ts';
export { followeesOf } from './follows.ts';
export { announceToFollowers, followJobHandlers } from './fanout.ts';
export { seedDemoFollows } from './seed.ts';
