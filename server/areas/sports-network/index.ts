// The sports-network area's public surface: other areas and the app import only from here.
export { sportsNetworkHandlers } from './handlers.ts';
