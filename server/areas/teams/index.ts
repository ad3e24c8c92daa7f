// The teams area's public surface: other areas and the app import only from here.
export { teamAllianceHandlers } from './handlers-alliances.ts';
export { teamHandlers } from './handlers.ts';
export { seedDemoTeams } from './seed.ts';
export { claimEmailInvitations } from './teams-claims.ts';
export { leaveTeamsOnErasure } from './teams-erasure.ts';
export { teamRoleOf } from './teams-access.ts';
export { teamRoster, teamsLedBy, teamRostersWithAtLeast, type TeamRoster } from './teams-squads.ts';
