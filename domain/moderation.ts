/**
 * Moderation rules both sides share: what can be reported, the reasons (with the severity that
 * orders the queue), the actions and their bounds. Pure: no I/O.
 */

/** What a signed-in user can report. Later areas add a kind here and in server/areas/moderation/moderation-kinds.ts. */
export const REPORTABLE_KINDS = ['profile', 'challenge', 'score', 'team', 'video', 'story', 'comment'] as const;
export type ReportableKind = (typeof REPORTABLE_KINDS)[number];

export const KIND_LABELS: Record<ReportableKind, string> = {
  profile: 'profile',
  challenge: 'challenge',
  score: 'score',
  team: 'team',
  video: 'video',
  story: 'story',
  comment: 'comment',
};

/** The reasons a reporter picks from, most severe first; severity orders the moderators' queue. */
export const MODERATION_REASONS = [
  { id: 'threat', label: 'Threats or violence', severity: 5 },
  { id: 'harassment', label: 'Harassment or hate', severity: 4 },
  { id: 'sexual', label: 'Sexual or shocking content', severity: 4 },
  { id: 'cheating', label: 'Cheating or a fake result', severity: 3 },
  { id: 'impersonation', label: 'Pretends to be someone else', severity: 3 },
  { id: 'spam', label: 'Spam or advertising', severity: 2 },
  { id: 'other', label: 'Something else', severity: 1 },
] as const;
export type ModerationReason = (typeof MODERATION_REASONS)[number]['id'];
export const MODERATION_REASON_IDS = MODERATION_REASONS.map((r) => r.id) as ModerationReason[];

export const severityOf = (reason: string): number => MODERATION_REASONS.find((r) => r.id === reason)?.severity ?? 1;
export const reasonLabel = (reason: string): string => MODERATION_REASONS.find((r) => r.id === reason)?.label ?? reason;

/** The reporter's own words are optional ("other" needs them). */
export const REPORT_DETAILS_MAX = 1000;

export const MODERATION_ACTIONS = ['hide', 'restore', 'dismiss', 'warn', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const ACTION_LABELS: Record<ModerationAction, string> = {
  hide: 'Hidden',
  restore: 'Restored',
  dismiss: 'Dismissed',
  warn: 'Author warned',
  suspend: 'Author suspended',
};

/** The moderator's reason (the author reads it). */
export const MODERATION_REASON_LIMITS = { min: 3, max: 500 } as const;
/** A suspension lasts 1 to 365 days. */
export const SUSPEND_DAYS = { min: 1, max: 365 } as const;
/** The author's appeal. */
export const APPEAL_REASON_LIMITS = { min: 10, max: 1000 } as const;

/** Actions an author may appeal (dismiss and restore leave nothing against them). */
export const APPEALABLE_ACTIONS: readonly ModerationAction[] = ['hide', 'warn', 'suspend'];

/** What a suspended account is told at sign-in. */
export function suspendedText(until: Date): string {
  return `This account is suspended until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC after a moderator's decision. You can sign in again after that.`;
}
