/** Lasting teams and their invitations: rules both the server and the browser follow. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** An invitation or join request nobody answered lapses this long after it was sent. */
export const INVITATION_TTL_MS = 14 * DAY_MS;
export const INVITATION_TTL_DAYS = INVITATION_TTL_MS / DAY_MS;

/**
 * Invitations reach addresses without an account by mail, with the team's name in it: these
 * keep a captain from using the team as a mail relay. Every invitation sent counts (also one
 * revoked since); the pending cap counts those still waiting for an answer.
 */
export const INVITES_PER_CAPTAIN_PER_HOUR = 20;
export const INVITES_PER_TEAM_PER_DAY = 40;
export const PENDING_INVITATIONS_MAX = 50;

export const TEAM_NAME_MAX = 60;

/**
 * A team name may not carry a link: it is shown to others and put in invitation mails.
 * Refused: a scheme (`http://`), `www.`, and domain-like text (`evil.example`, `x.com/login`);
 * ordinary dots pass (`St. Louis`, `Team 2.0`, `A.M. Crew`).
 */
export function teamNameHasLink(name: string): boolean {
  return /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b[a-z0-9-]+\.[a-z]{2,24}(\/|\b(?!\.))/i.test(name);
}
export const TEAM_TAG_MAX = 6;
export const TEAM_GYM_MAX = 80;
export const TEAM_DESCRIPTION_MAX = 1000;
export const TEAM_SIZE_MIN = 2;
export const TEAM_SIZE_MAX = 50;
export const TEAM_SIZE_DEFAULT = 8;

export const TEAM_VISIBILITIES = ['public', 'invite_only'] as const;
export type TeamVisibility = (typeof TEAM_VISIBILITIES)[number];
export const TEAM_VISIBILITY_LABELS: Record<TeamVisibility, string> = {
  public: 'Public: athletes can ask to join',
  invite_only: 'Invite only',
};

export const TEAM_ROLES = ['captain', 'co_captain', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { captain: 'Captain', co_captain: 'Co-captain', member: 'Member' };

/** Captains and co-captains run the team's invitations, requests and members. */
export const leadsTeam = (role: TeamRole | null | undefined) => role === 'captain' || role === 'co_captain';

/** A tag as stored and shown: letters and digits, upper case. */
export const normalizeTag = (tag: string) => tag.replace(/[^0-9a-z]/gi, '').toUpperCase();

/** Notification kinds of the teams area (the inbox shows any kind; these are the ones mailed by default). */
export const TEAM_NOTIFICATION_KINDS = [
  'team_invitation',
  'team_join_request',
  'team_request_approved',
  'team_member_joined',
  'team_removed',
  'team_captaincy',
  'team_disbanded',
] as const;
