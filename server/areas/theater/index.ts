// The theater area's public surface: other areas and the app import only from here.
export { theaterHandlers } from './handlers.ts';
export { shownInTheater } from './theater.ts';
