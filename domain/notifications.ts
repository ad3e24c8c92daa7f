/**
 * Popup kinds the athlete switches in the app. Inbox notifications (NOTIFICATION_KINDS below) always land in the
 * inbox and are switched by mail; mail about the account's security or something the user just asked for
 * (sign-in codes, reset links, deletion, exports) always goes out.
 */
export const IN_APP_KINDS = ['achievement_unlocked', 'milestone_reached', 'personal_record', 'popup_sound'] as const;
export type InAppKind = (typeof IN_APP_KINDS)[number];

export const isInAppKind = (v: unknown): v is InAppKind => IN_APP_KINDS.includes(v as InAppKind);

/** No stored row: every popup shows, silently (the sound was off by default when it was a browser switch). */
export const DEFAULT_IN_APP: Record<InAppKind, boolean> = {
  achievement_unlocked: true,
  milestone_reached: true,
  personal_record: true,
  popup_sound: false,
};

/** Which popup kind a stored achievement is (by its `type`: streak, personal_record, first_score, ...). */
export function popupKindOfAchievement(achievementType: string): Exclude<InAppKind, 'popup_sound'> {
  if (achievementType === 'personal_record') return 'personal_record';
  return achievementType === 'streak' ? 'milestone_reached' : 'achievement_unlocked';
}

/** Which popup kind a real-time message is, or null when it is no popup. */
export function popupKindOf(messageType: string): Exclude<InAppKind, 'popup_sound'> | null {
  switch (messageType) {
    case 'achievement_unlocked':
      return 'achievement_unlocked';
    case 'milestone_reached':
    case 'streak_milestone':
      return 'milestone_reached';
    case 'PERSONAL_RECORD_ACHIEVED':
      return 'personal_record';
    default:
      return null;
  }
}

/**
 * Every kind of inbox notification the server sends (server/areas/notifications/notifications.ts notify() takes only these),
 * with its label on /settings and whether it also comes by mail until the athlete chooses. On by default: what
 * asks for an answer or changes the athlete's standing without their doing (an invitation, a request to answer,
 * the answer to their own request, a rejected or judged score, a moderator's decision about them); off: news
 * that the inbox carries well enough (someone joined, the team entered a challenge, an alliance's progress).
 */
export const NOTIFICATION_KINDS = {
  team_invitation: { label: 'Team invitations', hint: 'A captain invites you to join a team.', email: true },
  team_join_request: { label: 'Requests to join your team', hint: 'An athlete asks to join a team you lead.', email: true },
  team_request_approved: { label: 'Your join request approved', hint: 'A captain lets you into the team you asked to join.', email: true },
  team_request_declined: { label: 'Your join request declined', hint: 'A captain turns down your request to join.', email: true },
  team_member_joined: { label: 'New team members', hint: 'Someone joins a team you lead.', email: false },
  team_captaincy: { label: 'Captaincy handed to you', hint: 'You become the captain of a team.', email: true },
  team_removed: { label: 'Removed from a team', hint: 'A captain removes you from a team.', email: true },
  team_disbanded: { label: 'Team disbanded', hint: 'A team you were in no longer exists.', email: true },
  team_challenge_entered: { label: 'Your team enters a challenge', hint: 'Your team enters a challenge with you in it.', email: false },
  alliance_proposed: { label: 'Alliance proposals', hint: 'Another team proposes an alliance to a team you lead.', email: false },
  alliance_accepted: { label: 'Alliance accepted', hint: 'A team accepts an alliance your team is in.', email: false },
  alliance_active: { label: 'Alliance active', hint: 'Every team accepted: the alliance is active.', email: false },
  alliance_left: { label: 'Team left an alliance', hint: 'A team leaves an alliance your team is in.', email: false },
  alliance_ended: { label: 'Alliance ended', hint: 'Fewer than two teams remain in an alliance.', email: false },
  score_rejected: { label: 'Score not accepted', hint: 'A reviewer rejects one of your scores.', email: true },
  score_judged: { label: 'Video score judged', hint: 'A judge gives the verdict on your video score.', email: true },
  score_video_failed: {
    label: 'Score video failed',
    hint: 'The video of a score you submitted while it processed could not be processed.',
    email: true,
  },
  moderation_decision: { label: 'Moderation of your posts', hint: 'A moderator hides something of yours or suspends you.', email: true },
  moderation_appeal: { label: 'Your appeal answered', hint: 'A moderator decides on your appeal.', email: true },
  report_outcome: { label: 'Your reports handled', hint: 'A moderator acts on something you reported.', email: false },
  battle_eliminated: {
    label: 'Eliminated from a battle',
    hint: 'A round of a battle you are in closes with you below the cut.',
    email: true,
  },
  battle_pact_proposed: {
    label: 'Pacts proposed to your squad',
    hint: 'Another squad’s captain proposes an immunity-token pact to a squad you captain in a battle.',
    email: true,
  },
  tournament_advanced: {
    label: 'Advanced in a tournament',
    hint: 'A tournament stage you are in ends with you among those going through to the next.',
    email: true,
  },
  new_follower: { label: 'New followers', hint: 'Someone starts following you.', email: false },
  followed_story: { label: 'Stories from people you follow', hint: 'Someone you follow posts a story.', email: false },
  followed_challenge: { label: 'Challenges from people you follow', hint: 'Someone you follow creates a public challenge.', email: false },
  creator_payout: {
    label: 'Your payouts',
    hint: 'An administrator approves, pays or turns down a payout you asked for.',
    email: true,
  },
} as const satisfies Record<string, { label: string; hint: string; email: boolean }>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const EMAIL_KINDS = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

export const isNotificationKind = (v: unknown): v is NotificationKind =>
  typeof v === 'string' && Object.prototype.hasOwnProperty.call(NOTIFICATION_KINDS, v);

/** Whether a kind comes by mail: the athlete's stored choice (only choices are stored), else its default. */
export const emailWanted = (kind: NotificationKind, chosen: Partial<Record<string, boolean>> | null | undefined) =>
  chosen?.[kind] ?? NOTIFICATION_KINDS[kind].email;

/** Where a mail without an item of its own points: the inbox. */
export const INBOX_LINK = '/dashboard-page?view=notifications';
