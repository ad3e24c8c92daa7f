/** Privacy rules both the server and the browser follow (data export, account deletion, choices). */

/** Who may invite the athlete (to a team, later to other things). */
export const INVITATION_AUDIENCES = ['everyone', 'team_mates', 'nobody'] as const;
export type InvitationAudience = (typeof INVITATION_AUDIENCES)[number];

export const INVITATION_AUDIENCE_LABELS: Record<InvitationAudience, string> = {
  everyone: 'Everyone',
  team_mates: 'Only my team-mates',
  nobody: 'Nobody',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** One data export per this much time. */
export const EXPORT_INTERVAL_MS = DAY_MS;
/** A finished export's download link works this long. */
export const EXPORT_LINK_TTL_MS = 7 * DAY_MS;
/** After a deletion request, the account is erased this much later unless the athlete signs in. */
export const DELETION_GRACE_MS = 14 * DAY_MS;
export const DELETION_GRACE_DAYS = DELETION_GRACE_MS / DAY_MS;
/** The mailed confirmation code works this long, for this many wrong tries. */
export const DELETION_CODE_TTL_MS = 10 * 60 * 1000;
export const DELETION_CODE_MAX_TRIES = 5;
/** How an erased account appears on boards (its results keep their places). */
export const FORMER_ATHLETE_NAME = 'Former athlete';
/** How an anonymous athlete appears to others on boards. */
export const anonymousName = (userId: number) => `Athlete #${userId}`;
/** How often the privacy page asks how an export is going while it is being built. */
export const EXPORT_POLL_MS = 1000;
