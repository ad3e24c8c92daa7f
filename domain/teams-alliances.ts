/** Alliances of lasting teams: rules both the server and the browser follow. */

/** A team stands in at most this many pending or active alliances at once. */
export const ALLIANCE_LIMIT = 3;
export const ALLIANCE_NAME_MAX = 60;
/** A proposal names at most this many other teams. */
export const ALLIANCE_INVITE_MAX = 9;

export const ALLIANCE_STATUSES = ['pending', 'active', 'ended'] as const;
export type AllianceStatus = (typeof ALLIANCE_STATUSES)[number];
export const ALLIANCE_MEMBER_STATES = ['invited', 'accepted', 'left'] as const;
export type AllianceMemberState = (typeof ALLIANCE_MEMBER_STATES)[number];

export const ALLIANCE_STATE_LABELS: Record<AllianceMemberState, string> = {
  invited: 'Invited',
  accepted: 'In',
  left: 'Left',
};
