/**
 * Notification kinds the athlete chooses per channel. Only in-app popups can be switched: every mail RepForge
 * sends is about the account's security or something the user just asked for, so those always go out.
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
