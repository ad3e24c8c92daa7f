// The gyms area's public surface: other areas and the app import only from here.
export { gymForName, presentGym, teamGymText } from './gyms.ts';
export { gymHandlers } from './handlers.ts';
