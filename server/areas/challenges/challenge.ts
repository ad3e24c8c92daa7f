import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { challenges, challengeScores, users } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import type { GymRule } from '#domain/gym-events.ts';
import { categoriesOf, standardsFor, type DivisionScheme } from '#domain/divisions.ts';
import { formatScore, type EncodedScore, type ScoreType, type ScoringRules } from '#domain/scoring/index.ts';

// One challenge as every part of the area reads it: its row, status, scoring rules, and how it and its scores are shown.

export type ChallengeRow = typeof challenges.$inferSelect;
export type ChallengeStatus = 'upcoming' | 'open' | 'closed' | 'deleted';

export const TEAM_RULES = ['sum', 'average', 'best_n'] as const;
export type TeamRule = (typeof TEAM_RULES)[number];
export const TEAM_SIZE = { min: 2, max: 50 } as const;
export const TEAM_BEST_N = { min: 2, max: 20 } as const;
export const TEAM_NAME_LENGTH = { min: 2, max: 60 } as const;

export function challengeStatus(c: Pick<ChallengeRow, 'startsAt' | 'endsAt' | 'deletedAt'>, now: Date): ChallengeStatus {
  if (c.deletedAt) return 'deleted';
  if (now < c.startsAt) return 'upcoming';
  if (now >= c.endsAt) return 'closed';
  return 'open';
}

export function rulesOf(c: Pick<ChallengeRow, 'scoreType' | 'timeCapMs' | 'repsPerRound' | 'hasTiebreak'>): ScoringRules {
  return { scoreType: c.scoreType as ScoreType, timeCapMs: c.timeCapMs, repsPerRound: c.repsPerRound, hasTiebreak: c.hasTiebreak };
}

type Creator = { wp_user_id: number; display_name: string };

export function presentChallenge(c: ChallengeRow, creator: Creator, now: Date) {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    kind: c.kind as 'individual' | 'team',
    score_type: c.scoreType as ScoreType,
    time_cap_seconds: c.timeCapMs === null ? null : Math.round(c.timeCapMs / 1000),
    reps_per_round: c.repsPerRound,
    has_tiebreak: c.hasTiebreak,
    tiebreak_label: c.tiebreakLabel,
    starts_at: c.startsAt.toISOString(),
    ends_at: c.endsAt.toISOString(),
    visibility: c.visibility as 'public' | 'unlisted',
    participant_cap: c.participantCap,
    requires_waiver: c.requiresWaiver,
    cover_image_url: c.coverImageUrl,
    status: challengeStatus(c, now),
    participant_count: c.participantCount,
    creator,
    created_at: c.createdAt.toISOString(),
    deleted_at: c.deletedAt ? c.deletedAt.toISOString() : null,
    deletion_reason: c.deletionReason,
    hidden: c.hiddenAt !== null,
    team_rule: (c.teamRule as TeamRule | null) ?? null,
    team_best_n: c.teamBestN,
    team_size_max: c.teamSizeMax,
    gym_rule: (c.gymRule as GymRule | null) ?? null,
    gym_best_n: c.gymBestN,
    divisions: presentDivisions(c),
    test_id: c.testId,
  };
}

/** How the board splits, every category with its label and standards, and whether a combined board is offered. */
export function presentDivisions(c: ChallengeRow) {
  const scheme = schemeOf(c);
  const standards = c.standards ?? {};
  return {
    sex: scheme.sex,
    age_scheme: scheme.age,
    overall_board: c.overallBoard,
    overall_standards: standards[''] ?? null,
    stated: standards,
    categories: categoriesOf(scheme).map((k) => ({ id: k.id, label: k.label, standards: standardsFor(standards, k.id) })),
  };
}

export function schemeOf(c: Pick<ChallengeRow, 'sexDivisions' | 'ageScheme'>): DivisionScheme {
  return { sex: c.sexDivisions as DivisionScheme['sex'], age: c.ageScheme as DivisionScheme['age'] };
}

export async function withCreators(db: Database, rows: ChallengeRow[], now: Date) {
  const ids = [...new Set(rows.map((r) => r.creatorId))];
  const people = ids.length ? await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(people.map((p) => [p.id, { wp_user_id: p.id, display_name: p.name }]));
  return rows.map((r) => presentChallenge(r, byId.get(r.creatorId) ?? { wp_user_id: r.creatorId, display_name: 'Former athlete' }, now));
}

/** The challenge-by-id query, built once per database (or transaction) and prepared: it runs on every board read and score. */
const byIdQueries = new WeakMap<Database, { execute(p: { id: number }): Promise<ChallengeRow[]> }>();
function challengeById(db: Database) {
  let q = byIdQueries.get(db);
  if (!q) {
    q = db
      .select()
      .from(challenges)
      .where(eq(challenges.id, sql.placeholder('id')))
      .prepare('challenge_by_id');
    byIdQueries.set(db, q);
  }
  return q;
}

export const NO_CHALLENGE = 'No challenge with that id.';

/** A challenge that exists and is not deleted (unless asked for), or a 404. */
export function foundChallenge(c: ChallengeRow | undefined, opts: { includeDeleted?: boolean } = {}): ChallengeRow {
  if (!c || (c.deletedAt && !opts.includeDeleted)) throw notFound(NO_CHALLENGE);
  return c;
}

export async function loadChallenge(db: Database, id: number, opts: { includeDeleted?: boolean } = {}) {
  const [c] = await challengeById(db).execute({ id });
  return foundChallenge(c, opts);
}

/** A judge's verdict on a score, as far as the athlete's own lists show it. */
export interface ScoreJudgement {
  verdict: string | null;
  penaltyPercent: number | null;
  reason: string | null;
  originalValue: number | null;
}

/** What a penalty verdict did to a verified score, or null when the result stands as entered. */
function adjustment(c: ChallengeRow, s: typeof challengeScores.$inferSelect, j: ScoreJudgement | null | undefined) {
  if (!j || (j.verdict !== 'minor_penalty' && j.verdict !== 'major_penalty')) return null;
  if (s.verification !== 'verified' || j.originalValue === null || j.originalValue === s.value) return null;
  const from: EncodedScore = { status: s.status as EncodedScore['status'], value: j.originalValue, tiebreakMs: s.tiebreakMs };
  return {
    from_display: formatScore(c.scoreType as ScoreType, from, { repsPerRound: c.repsPerRound }),
    verdict: j.verdict as 'minor_penalty' | 'major_penalty',
    penalty_percent: j.penaltyPercent,
    reason: j.reason,
  };
}

export function presentScore(c: ChallengeRow, s: typeof challengeScores.$inferSelect, judgement?: ScoreJudgement | null) {
  const encoded: EncodedScore = { status: s.status as EncodedScore['status'], value: s.value, tiebreakMs: s.tiebreakMs };
  return {
    id: s.id,
    status: encoded.status,
    value: s.value,
    tiebreak_ms: s.tiebreakMs,
    display: formatScore(c.scoreType as ScoreType, encoded, { repsPerRound: c.repsPerRound }),
    verification: s.verification as 'verified' | 'unverified' | 'rejected',
    submitted_at: s.submittedAt.toISOString(),
    held_reason: s.heldReason,
    review_reason: s.reviewReason,
    ...(judgement === undefined ? {} : { adjusted: adjustment(c, s, judgement) }),
  };
}
