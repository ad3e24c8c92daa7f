/**
 * The business constants of the product spec (section 9), named once.
 * Machines, server and tests import them from here; no inline copies.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const TOKEN_REFRESH_LEAD_MS = 5 * MINUTE;
export const EXPIRING_SOON_MS = 5 * MINUTE;
export const MAX_REFRESH_ATTEMPTS = 3;
export const DEFAULT_TOKEN_LIFETIME_MS = 24 * HOUR;

export const SOCKET_RECONNECT_INTERVAL_MS = 3000;
export const SOCKET_MAX_RECONNECT_ATTEMPTS = 5;
export const SOCKET_NORMAL_CLOSE_CODE = 1000;
/** The server is stopping (a deploy, a restart): the client reconnects, maybe to another node. */
export const SOCKET_GOING_AWAY_CODE = 1001;
/** The server closed the socket for breaking a rule (too many messages or connections, a bad or expired token): reconnecting would break it again. */
export const SOCKET_POLICY_VIOLATION_CODE = 1008;
/** The server closed the socket for a message over SOCKET_MAX_MESSAGE_BYTES. */
export const SOCKET_MESSAGE_TOO_BIG_CODE = 1009;
/** Limits of one real-time socket; past one the server closes it rather than queue or read more. */
export const SOCKET_MAX_MESSAGE_BYTES = 4096;
export const SOCKET_MESSAGES_PER_SECOND = 10;
/** Messages a socket may send at once before the per-second rate applies: a reconnect rejoins up to 50 rooms and re-authenticates. */
export const SOCKET_MESSAGE_BURST = 60;
/** Bytes waiting to be sent to one socket (replies and broadcasts alike) past which the reader is too slow and is dropped. */
export const SOCKET_MAX_BUFFERED_BYTES = 256 * 1024;
/** Open sockets per account on one server node; a new one closes the account's oldest. */
export const SOCKET_MAX_PER_USER = 10;

export const CELEBRATION_DURATION_MS = {
  subtle: 3 * SECOND,
  normal: 5 * SECOND,
  epic: 8 * SECOND,
  legendary: 12 * SECOND,
} as const;
export const PERSONAL_RECORD_CELEBRATION_MS = 7 * SECOND;
/** An achievement unlocked this recently and not yet popped up in any tab pops up when a tab's socket (re)connects. */
export const ACHIEVEMENT_CATCH_UP_MS = 10 * 60 * SECOND;
/** At most this many achievements are caught up at once (one score unlocks a handful). */
export const ACHIEVEMENT_CATCH_UP_LIMIT = 20;
export const PERSONAL_RECORD_RARITY = 'epic';
export const PERSONAL_RECORD_POINTS = 500;
export const DEFAULT_ACHIEVEMENT_POINTS = 100;

/** Streak count thresholds, highest first: the first one met gives the rarity. */
export const STREAK_RARITY_THRESHOLDS = [
  { min: 100, rarity: 'legendary' },
  { min: 50, rarity: 'epic' },
  { min: 30, rarity: 'rare' },
  { min: 7, rarity: 'uncommon' },
  { min: 0, rarity: 'common' },
] as const;
export const STREAK_POINTS_PER_COUNT = 10;
export const STREAK_EPIC_CELEBRATION_MIN = 30;
export const STREAK_SHARE_WORTHY_MIN = 7;

export const FEEDBACK_LIMITS = {
  subject: 200,
  description: 2000,
  steps_to_reproduce: 1000,
  page_url: 500,
  browser_info: 200,
} as const;

export const SESSION_EXPIRED_REDIRECT_MS = 10 * SECOND;
export const SESSION_EXPIRED_TOAST_MS = 5 * SECOND;
export const FEEDBACK_AUTO_CLOSE_MS = 2 * SECOND;
export const PARENT_BEACON_INTERVAL_MS = 1 * SECOND;
export const CONFETTI_PIECES = 500;
export const LEGENDARY_SPARKLES = 20;

/** Flows of the app: limits the forms and their machines check before anything is sent. */
export const SCORE_NOTE_MAX_LENGTH = 500;
export const RECORD_NOTE_MAX_LENGTH = 500;
export const RECORD_EVIDENCE_URL_MAX_LENGTH = 500;
/** The earliest day a personal record may be dated (YYYY-MM-DD). */
export const RECORD_EARLIEST_DAY = '1950-01-01';
export const TEAM_NAME_LENGTH = { min: 2, max: 60 } as const;
export const HISTORICAL_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const HISTORICAL_UPLOAD_FILENAME_MAX_LENGTH = 200;
/** An admin's reason for rejecting a record or claim: the athlete reads it. */
export const ADMIN_REASON_LIMITS = { min: 3, max: 500 } as const;
/** A reason for deleting a challenge: anything but blank. */
export const CHALLENGE_DELETE_REASON_LIMITS = { min: 1, max: 1000 } as const;
/** The optional note with a feedback status change. */
export const FEEDBACK_ADMIN_NOTE_MAX = 2000;
/** The leaderboard replay: time between scores at normal speed, and the speeds offered. */
export const REPLAY_STEP_MS = 700;
export const REPLAY_SPEEDS = [1, 2, 4] as const;
/** Accounts: the shortest password accepted, and the shortest reset token worth checking. */
export const MIN_PASSWORD_LENGTH = 8;
export const RESET_TOKEN_MIN_LENGTH = 16;
/** The rating offered after signing out: 1 … SIGNOUT_RATING_MAX, with an optional comment. */
export const SIGNOUT_RATING_MAX = 5;
export const SIGNOUT_COMMENT_MAX = 1000;
/** Claiming historical results: most results in one claim, longest message to the reviewer. */
export const CLAIM_MAX_RESULTS = 50;
export const CLAIM_MESSAGE_MAX = 500;

/** An Idempotency-Key header on a retried write (score and record submission): 8 to 64 letters, digits, '-' or '_'. */
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_-]{8,64}$';
/** How long the first answer to an Idempotency-Key is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * HOUR;

/** What one account may create in a rolling day (administrators and editors are exempt): an abuse limit, not a quota. */
export const CREATIONS_PER_DAY = { challenges: 20, teams: 10, gyms: 10 } as const;
export const CREATION_WINDOW_MS = 24 * HOUR;
