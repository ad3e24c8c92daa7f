import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/index.ts';
import { athleteProfiles, challengeEntries, challengeParticipants, challengeRankBuckets, challenges, challengeScores, challengeTeams, users } from '../db/schema.ts';
import { AGE_GROUPS, birthYearsFor } from '../../src/lib/athlete-groups.ts';
import { ApiError, badRequest, conflict, notFound } from '../errors.ts';
import { onScoreSubmitted } from './achievements.ts';
import { challengeRoom, publish, type RealtimeEnvelope } from './realtime-events.ts';
import {
  encodeScore,
  formatScore,
  sortKey,
  validateScore,
  type Division,
  type EncodedScore,
  type ScoreInput,
  type ScoreType,
  type ScoringRules,
} from './scoring/index.ts';

export type ChallengeRow = typeof challenges.$inferSelect;
export type ChallengeStatus = 'upcoming' | 'open' | 'closed' | 'deleted';

/** A result more than this much better than the current leader (with enough entries) waits for review. */
export const UNVERIFIED_MARGIN = 0.5;
export const UNVERIFIED_MIN_ENTRIES = 5;
const MAX_DURATION_DAYS = 366;

export const TEAM_RULES = ['sum', 'average', 'best_n'] as const;
export type TeamRule = (typeof TEAM_RULES)[number];
export const TEAM_SIZE = { min: 2, max: 50 } as const;
export const TEAM_BEST_N = { min: 2, max: 20 } as const;
export const TEAM_NAME_LENGTH = { min: 2, max: 60 } as const;

export interface ChallengeInput {
  title: string;
  description?: string;
  kind?: 'individual' | 'team';
  score_type: ScoreType;
  time_cap_seconds?: number | null;
  reps_per_round?: number | null;
  has_tiebreak?: boolean;
  tiebreak_label?: string | null;
  starts_at: string;
  ends_at: string;
  visibility?: 'public' | 'unlisted';
  participant_cap?: number | null;
  requires_waiver?: boolean;
  cover_image_url?: string | null;
  team_rule?: TeamRule | null;
  team_best_n?: number | null;
  team_size_max?: number | null;
}

/** The team settings, checked: all null for an individual challenge. */
function checkTeamInput(input: ChallengeInput) {
  const given = (['team_rule', 'team_best_n', 'team_size_max'] as const).filter((k) => input[k] !== undefined && input[k] !== null);
  if (input.kind !== 'team') {
    if (given.length) throw badRequest(`${given.join(', ')} only apply to a team challenge (kind "team").`);
    return { teamRule: null, teamBestN: null, teamSizeMax: null };
  }
  const rule = input.team_rule;
  if (!rule) throw badRequest('team_rule is required for a team challenge: sum, average or best_n.');
  if (!TEAM_RULES.includes(rule)) throw badRequest('team_rule must be sum, average or best_n.');
  const size = input.team_size_max;
  if (size === undefined || size === null) throw badRequest('team_size_max is required for a team challenge.');
  if (!Number.isInteger(size) || size < TEAM_SIZE.min || size > TEAM_SIZE.max) throw badRequest(`team_size_max must be a whole number from ${TEAM_SIZE.min} to ${TEAM_SIZE.max}.`);
  const n = input.team_best_n ?? null;
  if (rule === 'best_n') {
    if (n === null) throw badRequest('team_best_n is required for the best_n rule.');
    if (!Number.isInteger(n) || n < TEAM_BEST_N.min || n > TEAM_BEST_N.max) throw badRequest(`team_best_n must be a whole number from ${TEAM_BEST_N.min} to ${TEAM_BEST_N.max}.`);
    if (n > size) throw badRequest('team_best_n cannot be more than team_size_max.');
  } else if (n !== null) {
    throw badRequest('team_best_n only applies to the best_n rule.');
  }
  return { teamRule: rule, teamBestN: n, teamSizeMax: size };
}

export function challengeStatus(c: Pick<ChallengeRow, 'startsAt' | 'endsAt' | 'deletedAt'>, now: Date): ChallengeStatus {
  if (c.deletedAt) return 'deleted';
  if (now < c.startsAt) return 'upcoming';
  if (now >= c.endsAt) return 'closed';
  return 'open';
}

export function rulesOf(c: Pick<ChallengeRow, 'scoreType' | 'timeCapMs' | 'repsPerRound' | 'hasTiebreak'>): ScoringRules {
  return { scoreType: c.scoreType as ScoreType, timeCapMs: c.timeCapMs, repsPerRound: c.repsPerRound, hasTiebreak: c.hasTiebreak };
}

function checkInput(input: ChallengeInput) {
  const title = input.title.trim();
  if (!title) throw badRequest('title must not be blank');
  const starts = new Date(input.starts_at);
  const ends = new Date(input.ends_at);
  if (Number.isNaN(starts.getTime()) || Number.isNaN(ends.getTime())) throw badRequest('starts_at and ends_at must be dates');
  if (ends <= starts) throw badRequest('ends_at must be after starts_at');
  if (ends.getTime() - starts.getTime() > MAX_DURATION_DAYS * 86_400_000) throw badRequest(`A challenge can last at most ${MAX_DURATION_DAYS} days.`);
  if (input.score_type === 'rounds_reps' && !input.reps_per_round) throw badRequest('reps_per_round is required for a rounds + reps challenge');
  if (input.score_type !== 'rounds_reps' && input.reps_per_round) throw badRequest('reps_per_round only applies to rounds + reps');
  if (input.score_type !== 'time' && input.time_cap_seconds) throw badRequest('time_cap_seconds only applies to a timed workout');
  const team = checkTeamInput(input);
  return {
    title,
    description: (input.description ?? '').trim(),
    kind: input.kind ?? 'individual',
    ...team,
    scoreType: input.score_type,
    timeCapMs: input.time_cap_seconds ? input.time_cap_seconds * 1000 : null,
    repsPerRound: input.reps_per_round ?? null,
    hasTiebreak: input.has_tiebreak ?? false,
    tiebreakLabel: input.has_tiebreak ? (input.tiebreak_label?.trim() || null) : null,
    startsAt: starts,
    endsAt: ends,
    visibility: input.visibility ?? 'public',
    participantCap: input.participant_cap ?? null,
    requiresWaiver: input.requires_waiver ?? false,
    coverImageUrl: input.cover_image_url ?? null,
  } satisfies Partial<typeof challenges.$inferInsert>;
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
    team_rule: (c.teamRule as TeamRule | null) ?? null,
    team_best_n: c.teamBestN,
    team_size_max: c.teamSizeMax,
  };
}

async function withCreators(db: Database, rows: ChallengeRow[], now: Date) {
  const ids = [...new Set(rows.map((r) => r.creatorId))];
  const people = ids.length ? await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(people.map((p) => [p.id, { wp_user_id: p.id, display_name: p.name }]));
  return rows.map((r) => presentChallenge(r, byId.get(r.creatorId) ?? { wp_user_id: r.creatorId, display_name: 'Former athlete' }, now));
}

export async function loadChallenge(db: Database, id: number, opts: { includeDeleted?: boolean } = {}) {
  const [c] = await db.select().from(challenges).where(eq(challenges.id, id));
  if (!c || (c.deletedAt && !opts.includeDeleted)) throw notFound('No challenge with that id.');
  return c;
}

export async function createChallenge(ctx: AppContext, creatorId: number, input: ChallengeInput) {
  const values = checkInput(input);
  const now = ctx.now();
  const [row] = await ctx.database.db.insert(challenges).values({ ...values, creatorId, createdAt: now, updatedAt: now }).returning();
  return (await withCreators(ctx.database.db, [row!], now))[0]!;
}

export async function updateChallenge(ctx: AppContext, caller: { id: number; isAdmin: boolean }, id: number, input: ChallengeInput) {
  const db = ctx.database.db;
  const values = checkInput(input);
  const now = ctx.now();
  const updated = await db.transaction(async (tx) => {
    const [c] = await tx.select().from(challenges).where(eq(challenges.id, id)).for('update');
    if (!c || c.deletedAt) throw notFound('No challenge with that id.');
    if (c.creatorId !== caller.id && !caller.isAdmin) throw new ApiError(403, 'Only the creator of this challenge or an admin can change it.');
    const [scored] = await tx.select({ n: count() }).from(challengeScores).where(and(eq(challengeScores.challengeId, id), isNull(challengeScores.deletedAt)));
    const rulesChanged =
      values.scoreType !== c.scoreType ||
      values.timeCapMs !== c.timeCapMs ||
      values.repsPerRound !== c.repsPerRound ||
      values.hasTiebreak !== c.hasTiebreak ||
      values.teamRule !== c.teamRule ||
      values.teamBestN !== c.teamBestN;
    if ((scored?.n ?? 0) > 0 && rulesChanged) throw conflict('Scores exist, so the score type and scoring rules (the team rule too) can no longer change.');
    // Athletes joined as individuals have no team, and team members would lose theirs.
    if (values.kind !== c.kind && c.participantCount > 0) throw conflict('Athletes have joined, so the challenge can no longer switch between individual and team.');
    if (values.teamSizeMax !== null) {
      const [largest] = await tx
        .select({ n: sql<number>`coalesce(max(members), 0)::int` })
        .from(
          tx
            .select({ members: count().as('members') })
            .from(challengeParticipants)
            .where(and(eq(challengeParticipants.challengeId, id), isNotNull(challengeParticipants.teamId)))
            .groupBy(challengeParticipants.teamId)
            .as('sizes'),
        );
      if ((largest?.n ?? 0) > values.teamSizeMax) throw conflict(`A team already has ${largest!.n} members: the team size limit cannot be lower.`);
    }
    if (values.participantCap !== null && values.participantCap < c.participantCount) {
      throw conflict(`${c.participantCount} athletes have already joined: the cap cannot be lower.`);
    }
    const [row] = await tx.update(challenges).set({ ...values, updatedAt: now }).where(eq(challenges.id, id)).returning();
    return row!;
  });
  return (await withCreators(db, [updated], now))[0]!;
}

export async function deleteChallenge(ctx: AppContext, adminId: number, id: number, reason: string) {
  const why = reason.trim();
  if (!why) throw badRequest('deletion_reason must not be blank');
  const db = ctx.database.db;
  const now = ctx.now();
  const [row] = await db
    .update(challenges)
    .set({ deletedAt: now, deletedBy: adminId, deletionReason: why })
    .where(and(eq(challenges.id, id), isNull(challenges.deletedAt)))
    .returning();
  if (!row) throw notFound('No challenge with that id.');
  return (await withCreators(db, [row], now))[0]!;
}

export async function listDeleted(ctx: AppContext) {
  const rows = await ctx.database.db.select().from(challenges).where(isNotNull(challenges.deletedAt)).orderBy(desc(challenges.deletedAt)).limit(200);
  return { items: await withCreators(ctx.database.db, rows, ctx.now()) };
}

export async function getChallenge(ctx: AppContext, id: number, caller: { id: number; isAdmin: boolean } | null) {
  const db = ctx.database.db;
  const c = await loadChallenge(db, id);
  const [base] = await withCreators(db, [c], ctx.now());
  const myEntry = caller ? await participation(ctx, c, caller.id) : null;
  return { ...base!, my_entry: myEntry, can_edit: !!caller && (caller.id === c.creatorId || caller.isAdmin) };
}

async function participation(ctx: AppContext, c: ChallengeRow, userId: number) {
  const db = ctx.database.db;
  const [p] = await db
    .select()
    .from(challengeParticipants)
    .where(and(eq(challengeParticipants.challengeId, c.id), eq(challengeParticipants.userId, userId)));
  if (!p) return null;
  const [team] = p.teamId === null ? [] : await db.select({ id: challengeTeams.id, name: challengeTeams.name }).from(challengeTeams).where(eq(challengeTeams.id, p.teamId));
  const [entry] = await db
    .select({ entry: challengeEntries, score: challengeScores })
    .from(challengeEntries)
    .innerJoin(challengeScores, eq(challengeScores.id, challengeEntries.scoreId))
    .where(and(eq(challengeEntries.challengeId, c.id), eq(challengeEntries.userId, userId)));
  return {
    challenge_id: c.id,
    division: p.division as Division,
    sex: (p.sex as 'female' | 'male' | null) ?? null,
    joined_at: p.joinedAt.toISOString(),
    best: entry ? presentScore(c, entry.score) : null,
    rank: entry ? await rankOf(db, c.id, entry.entry.sortKey, null) : null,
    team: team ?? null,
  };
}

export function presentScore(c: ChallengeRow, s: typeof challengeScores.$inferSelect) {
  const encoded: EncodedScore = { status: s.status as EncodedScore['status'], value: s.value, tiebreakMs: s.tiebreakMs };
  return {
    id: s.id,
    status: encoded.status,
    value: s.value,
    tiebreak_ms: s.tiebreakMs,
    display: formatScore(c.scoreType as ScoreType, encoded, { repsPerRound: c.repsPerRound }),
    verification: s.verification as 'verified' | 'unverified' | 'rejected',
    submitted_at: s.submittedAt.toISOString(),
  };
}

export async function joinChallenge(
  ctx: AppContext,
  userId: number,
  id: number,
  input: { division: Division; sex?: 'female' | 'male'; waiver_accepted?: boolean; team_name?: string; team_id?: number },
) {
  const db = ctx.database.db;
  const now = ctx.now();
  if (input.team_name !== undefined && input.team_id !== undefined) throw badRequest('Give either team_name (to create a team) or team_id (to join one), not both.');
  await db.transaction(async (tx) => {
    const [c] = await tx.select().from(challenges).where(eq(challenges.id, id)).for('update');
    if (!c || c.deletedAt) throw notFound('No challenge with that id.');
    const status = challengeStatus(c, now);
    if (status === 'closed') throw conflict('This challenge has closed; it can no longer be joined.');
    if (c.requiresWaiver && !input.waiver_accepted) throw conflict('This challenge needs you to accept the liability waiver before joining.');
    const wantsTeam = input.team_name !== undefined || input.team_id !== undefined;
    if (c.kind !== 'team' && wantsTeam) throw badRequest('This is an individual challenge: join it without a team.');
    const [existing] = await tx
      .select()
      .from(challengeParticipants)
      .where(and(eq(challengeParticipants.challengeId, id), eq(challengeParticipants.userId, userId)));
    if (existing) {
      if (wantsTeam && !(input.team_id !== undefined && input.team_id === existing.teamId)) {
        throw conflict('You are on a team in this challenge already; your team cannot change.');
      }
      if (existing.division !== input.division) {
        const [scored] = await tx
          .select({ n: count() })
          .from(challengeScores)
          .where(and(eq(challengeScores.challengeId, id), eq(challengeScores.userId, userId), isNull(challengeScores.deletedAt)));
        if ((scored?.n ?? 0) > 0) throw conflict('You have scores in your division already, so it cannot change.');
      }
      await tx
        .update(challengeParticipants)
        .set({ division: input.division, sex: input.sex ?? existing.sex })
        .where(and(eq(challengeParticipants.challengeId, id), eq(challengeParticipants.userId, userId)));
      return;
    }
    if (c.participantCap !== null && c.participantCount >= c.participantCap) throw conflict('This challenge is full.');
    const teamId = c.kind === 'team' ? await teamForJoiner(tx as unknown as Database, c, userId, input, now) : null;
    await tx.insert(challengeParticipants).values({ challengeId: id, userId, division: input.division, sex: input.sex ?? null, teamId, joinedAt: now });
    await tx.update(challenges).set({ participantCount: sql`${challenges.participantCount} + 1` }).where(eq(challenges.id, id));
  });
  const c = await loadChallenge(db, id);
  return (await participation(ctx, c, userId))!;
}

/**
 * The team a new athlete joins, inside the join's transaction (which holds the
 * challenge row, so two joins cannot both take a team's last place): a new team
 * with them as captain, or an existing one with room.
 */
async function teamForJoiner(tx: Database, c: ChallengeRow, userId: number, input: { team_name?: string; team_id?: number }, now: Date): Promise<number> {
  if (input.team_id !== undefined) {
    const [team] = await tx
      .select({ id: challengeTeams.id, name: challengeTeams.name })
      .from(challengeTeams)
      .where(and(eq(challengeTeams.id, input.team_id), eq(challengeTeams.challengeId, c.id)));
    if (!team) throw notFound('No team with that id in this challenge.');
    const [members] = await tx.select({ n: count() }).from(challengeParticipants).where(eq(challengeParticipants.teamId, team.id));
    if (c.teamSizeMax !== null && (members?.n ?? 0) >= c.teamSizeMax) throw conflict(`${team.name} is full (${c.teamSizeMax} members): join another team or create one.`);
    return team.id;
  }
  if (input.team_name === undefined) throw badRequest('This is a team challenge: give team_name to create a team or team_id to join one.');
  const name = input.team_name.trim().replace(/\s+/g, ' ');
  if (name.length < TEAM_NAME_LENGTH.min || name.length > TEAM_NAME_LENGTH.max) {
    throw badRequest(`A team name has ${TEAM_NAME_LENGTH.min} to ${TEAM_NAME_LENGTH.max} characters.`);
  }
  if (/[\p{Cc}\p{Cf}]/u.test(name)) throw badRequest('A team name cannot contain control characters.');
  const [taken] = await tx
    .select({ id: challengeTeams.id })
    .from(challengeTeams)
    .where(and(eq(challengeTeams.challengeId, c.id), sql`lower(${challengeTeams.name}) = lower(${name})`));
  if (taken) throw conflict(`A team called “${name}” exists already: join it, or pick another name.`);
  const [team] = await tx.insert(challengeTeams).values({ challengeId: c.id, name, captainId: userId, createdAt: now }).returning({ id: challengeTeams.id });
  return team!.id;
}

export async function countParticipants(ctx: AppContext, id: number) {
  const c = await loadChallenge(ctx.database.db, id);
  return { count: c.participantCount };
}

/** The submission body, read for the challenge's score type. */
export function scoreInputFor(type: ScoreType, body: Record<string, unknown>): ScoreInput {
  const has = (k: string) => body[k] !== undefined;
  const allowed: Record<ScoreType, string[]> = {
    time: ['time_ms', 'capped', 'reps'],
    reps: ['reps'],
    load: ['load_value', 'load_unit'],
    rounds_reps: ['rounds', 'reps'],
    distance: ['distance_value', 'distance_unit'],
    calories: ['calories'],
    points: ['points'],
  };
  const extra = Object.keys(body).filter((k) => !['tiebreak_ms', 'note', ...allowed[type]].includes(k));
  if (extra.length) throw badRequest(`A ${type.replace('_', ' + ')} score does not take ${extra.join(', ')}.`);
  switch (type) {
    case 'time':
      if (body.capped === true) {
        if (!has('reps')) throw badRequest('A capped time needs the reps you completed.');
        return { kind: 'capped', reps: body.reps as number };
      }
      if (!has('time_ms')) throw badRequest('time_ms is required');
      return { kind: 'time', ms: body.time_ms as number };
    case 'reps':
      if (!has('reps')) throw badRequest('reps is required');
      return { kind: 'count', value: body.reps as number };
    case 'calories':
    case 'points':
      if (!has(type)) throw badRequest(`${type} is required`);
      return { kind: 'count', value: body[type] as number };
    case 'load':
      if (!has('load_value') || !has('load_unit')) throw badRequest('load_value and load_unit are required');
      return { kind: 'load', value: body.load_value as number, unit: body.load_unit as 'kg' | 'lb' };
    case 'distance':
      if (!has('distance_value') || !has('distance_unit')) throw badRequest('distance_value and distance_unit are required');
      return { kind: 'distance', value: body.distance_value as number, unit: body.distance_unit as 'm' | 'km' | 'mi' };
    case 'rounds_reps':
      if (!has('rounds')) throw badRequest('rounds is required');
      return { kind: 'rounds_reps', rounds: body.rounds as number, reps: (body.reps as number | undefined) ?? 0 };
  }
}

/** Sort keys are grouped in slices of 2^30 (the tie-break bits and 5 bits of the result: 32 ms, reps, g or mm) for counting. */
export const RANK_BUCKET_SHIFT = 30n;
export const bucketOf = (key: bigint) => key >> RANK_BUCKET_SHIFT;

/**
 * 1 + the number of board rows strictly better: ties share the higher place.
 * Counted as the entries of every slice below this key's slice (one small sum)
 * plus those ahead inside its own slice (a short index range), so it does not
 * grow with the rank.
 */
async function rankOf(db: Database, challengeId: number, key: bigint, division: Division | null): Promise<number> {
  const bucket = bucketOf(key);
  const bucketWhere = [eq(challengeRankBuckets.challengeId, challengeId), lt(challengeRankBuckets.bucket, bucket)];
  const entryWhere = [
    eq(challengeEntries.challengeId, challengeId),
    gte(challengeEntries.sortKey, bucket << RANK_BUCKET_SHIFT),
    lt(challengeEntries.sortKey, key),
  ];
  if (division) {
    bucketWhere.push(eq(challengeRankBuckets.division, division));
    entryWhere.push(eq(challengeEntries.division, division));
  }
  const [[below], [inside]] = await Promise.all([
    db.select({ n: sql<string | null>`sum(${challengeRankBuckets.entries})` }).from(challengeRankBuckets).where(and(...bucketWhere)),
    db.select({ n: count() }).from(challengeEntries).where(and(...entryWhere)),
  ]);
  return Number(below?.n ?? 0) + (inside?.n ?? 0) + 1;
}

/** Below this, a plain OFFSET is cheaper than finding the slice. */
const DEEP_PAGE_OFFSET = 1000;

/** Where the board's entry number `offset` (0-based) lives: its slice's first key, and how many of that slice come before it. */
async function sliceStart(db: Database, challengeId: number, division: Division | null, offset: number) {
  const slices = await db
    .select({ bucket: challengeRankBuckets.bucket, entries: sql<number>`sum(${challengeRankBuckets.entries})::int` })
    .from(challengeRankBuckets)
    .where(and(eq(challengeRankBuckets.challengeId, challengeId), ...(division ? [eq(challengeRankBuckets.division, division)] : [])))
    .groupBy(challengeRankBuckets.bucket)
    .orderBy(asc(challengeRankBuckets.bucket));
  let before = 0;
  for (const slice of slices) {
    const n = Number(slice.entries);
    if (before + n > offset) return { key: BigInt(slice.bucket) << RANK_BUCKET_SHIFT, skip: offset - before };
    before += n;
  }
  return null;
}

/** Moves an entry between slices (or adds one) inside the caller's transaction. */
async function countInBucket(db: Database, challengeId: number, division: string, key: bigint, delta: 1 | -1) {
  await db
    .insert(challengeRankBuckets)
    .values({ challengeId, division, bucket: bucketOf(key), entries: delta })
    .onConflictDoUpdate({
      target: [challengeRankBuckets.challengeId, challengeRankBuckets.division, challengeRankBuckets.bucket],
      set: { entries: sql`${challengeRankBuckets.entries} + ${delta}` },
    });
}

/** Recounts a challenge's slices from its board (after bulk loads). */
export async function rebuildRankBuckets(db: Database, challengeId: number) {
  await db.delete(challengeRankBuckets).where(eq(challengeRankBuckets.challengeId, challengeId));
  await db.execute(sql`insert into challenge_rank_buckets (challenge_id, division, bucket, entries)
    select challenge_id, division, sort_key >> ${Number(RANK_BUCKET_SHIFT)}, count(*)::int from challenge_entries
    where challenge_id = ${challengeId} group by 1, 2, 3`);
}

/** Is this result so far beyond the leader that a person should look first? */
async function needsReview(db: Database, c: ChallengeRow, score: EncodedScore, division: Division): Promise<boolean> {
  if (score.status !== 'finished') return false;
  // Finishers sort before capped athletes, so the division's first keys are its leaders.
  const leaders = await db
    .select({ value: challengeEntries.value, status: challengeEntries.status })
    .from(challengeEntries)
    .where(and(eq(challengeEntries.challengeId, c.id), eq(challengeEntries.division, division)))
    .orderBy(asc(challengeEntries.sortKey))
    .limit(UNVERIFIED_MIN_ENTRIES);
  if (leaders.length < UNVERIFIED_MIN_ENTRIES || leaders.some((l) => l.status !== 'finished')) return false;
  const leader = leaders[0]!.value;
  return c.scoreType === 'time' ? score.value < leader * (1 - UNVERIFIED_MARGIN) : score.value > leader * (1 + UNVERIFIED_MARGIN);
}

export async function submitScore(ctx: AppContext, userId: number, id: number, body: Record<string, unknown>) {
  const db = ctx.database.db;
  const now = ctx.now();
  const c = await loadChallenge(db, id);
  const status = challengeStatus(c, now);
  if (status === 'upcoming') throw conflict('This challenge has not opened yet.');
  if (status === 'closed') throw conflict('This challenge has closed; scores can no longer be submitted.');
  const rules = rulesOf(c);
  const encoded = validateScore(rules, encodeScore(rules, scoreInputFor(rules.scoreType, body), (body.tiebreak_ms as number | undefined) ?? null));
  const note = typeof body.note === 'string' ? body.note.trim() || null : null;
  const result = await db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(challengeParticipants)
      .where(and(eq(challengeParticipants.challengeId, id), eq(challengeParticipants.userId, userId)))
      .for('update');
    if (!p) throw conflict('Join this challenge before submitting a score.');
    const division = p.division as Division;
    const key = sortKey(rules, encoded, division);
    const review = await needsReview(tx as unknown as Database, c, encoded, division);
    const [score] = await tx
      .insert(challengeScores)
      .values({
        challengeId: id,
        userId,
        division,
        status: encoded.status,
        value: encoded.value,
        tiebreakMs: encoded.tiebreakMs,
        sortKey: key,
        verification: review ? 'unverified' : 'verified',
        note,
        submittedAt: now,
      })
      .returning();
    const txDb = tx as unknown as Database;
    if (review) {
      await onScoreSubmitted(txDb, { userId, at: now, improved: null, challengeTitle: c.title });
      return { score: score!, isBest: false };
    }
    const [current] = await tx
      .select({ sortKey: challengeEntries.sortKey })
      .from(challengeEntries)
      .where(and(eq(challengeEntries.challengeId, id), eq(challengeEntries.userId, userId)));
    const isBest = !current || key < current.sortKey;
    if (!current) {
      await tx
        .update(challenges)
        .set(division === 'rx' ? { rxEntries: sql`${challenges.rxEntries} + 1` } : { scaledEntries: sql`${challenges.scaledEntries} + 1` })
        .where(eq(challenges.id, id));
    }
    await onScoreSubmitted(txDb, { userId, at: now, improved: current ? isBest : null, challengeTitle: c.title });
    if (isBest) {
      if (current) await countInBucket(txDb, id, division, current.sortKey, -1);
      await countInBucket(txDb, id, division, key, 1);
      const entry = {
        challengeId: id,
        userId,
        scoreId: score!.id,
        division,
        sex: p.sex,
        status: encoded.status,
        value: encoded.value,
        tiebreakMs: encoded.tiebreakMs,
        sortKey: key,
        submittedAt: now,
      };
      await tx
        .insert(challengeEntries)
        .values(entry)
        .onConflictDoUpdate({ target: [challengeEntries.challengeId, challengeEntries.userId], set: entry });
    }
    return { score: score!, isBest };
  });
  const [entry] = await db
    .select({ sortKey: challengeEntries.sortKey })
    .from(challengeEntries)
    .where(and(eq(challengeEntries.challengeId, id), eq(challengeEntries.userId, userId)));
  const rank = entry ? await rankOf(db, id, entry.sortKey, null) : null;
  await announceScore(ctx, c, userId, result.score.division as Division, result.isBest, rank);
  return {
    score: presentScore(c, result.score),
    is_best: result.isBest,
    rank,
    message:
      result.score.verification === 'unverified'
        ? 'That result is far beyond the current leaders, so it will rank once a judge has checked it.'
        : result.isBest
          ? 'New best! Your place on the board is updated.'
          : 'Saved. Your best score still stands.',
  };
}

/** Tells the athlete's sockets where they stand, and the challenge's room that the board moved. */
async function announceScore(ctx: AppContext, c: ChallengeRow, userId: number, division: Division, isBest: boolean, rank: number | null) {
  const envelopes: RealtimeEnvelope[] = [
    { to: { user: userId }, message: { type: 'progress_update', challenge_id: c.id, challenge_title: c.title, rank, is_best: isBest } },
  ];
  if (isBest) {
    const [athlete] = await ctx.database.db.select({ displayName: users.displayName }).from(users).where(eq(users.id, userId));
    envelopes.push({
      to: { room: challengeRoom(c.id) },
      message: { type: 'leaderboard_updated', challenge_id: c.id, division, user_id: userId, display_name: athlete?.displayName ?? '', rank },
    });
  }
  try {
    await publish(ctx.database.db, envelopes);
  } catch {
    // The score is stored; a lost announcement only delays the board until its next refresh.
  }
}

export async function rankings(
  ctx: AppContext,
  q: { challenge_id: number; division?: Division; sex?: 'female' | 'male'; age_group?: string; gym?: string; offset: number; limit: number },
  callerId: number | null,
) {
  const db = ctx.database.db;
  const c = await loadChallenge(db, q.challenge_id);
  const board: SQL[] = [eq(challengeEntries.challengeId, c.id)];
  if (q.division) board.push(eq(challengeEntries.division, q.division));
  const narrowing = profileFilters(q, ctx.now());
  if (q.sex) narrowing.push(eq(challengeEntries.sex, q.sex));
  const filtered = narrowing.length > 0;
  const shown = [...board, ...narrowing];
  const division = q.division ?? null;
  // The page is found on the board index alone; only its rows are joined to scores and names.
  const page = async () => {
    // A deep page starts at the rank slice that holds its first row, so OFFSET only skips inside one slice.
    const start = filtered || q.offset < DEEP_PAGE_OFFSET ? null : await sliceStart(db, c.id, division, q.offset);
    const keys = await db
      .select({ userId: challengeEntries.userId })
      .from(challengeEntries)
      .where(and(...shown, ...(start ? [gte(challengeEntries.sortKey, start.key)] : [])))
      .orderBy(asc(challengeEntries.sortKey), asc(challengeEntries.submittedAt), asc(challengeEntries.userId))
      .limit(q.limit)
      .offset(start ? start.skip : q.offset);
    const ids = keys.map((k) => k.userId);
    const [joined, total] = await Promise.all([
      ids.length
        ? db
            .select({ entry: challengeEntries, score: challengeScores, name: users.displayName })
            .from(challengeEntries)
            .innerJoin(challengeScores, eq(challengeScores.id, challengeEntries.scoreId))
            .innerJoin(users, eq(users.id, challengeEntries.userId))
            .where(and(eq(challengeEntries.challengeId, c.id), inArray(challengeEntries.userId, ids)))
        : Promise.resolve([]),
      filtered
        ? db
            .select({ n: count() })
            .from(challengeEntries)
            .where(and(...shown))
            .then((r) => r[0]?.n ?? 0)
        : Promise.resolve(q.division === 'rx' ? c.rxEntries : q.division === 'scaled' ? c.scaledEntries : c.rxEntries + c.scaledEntries),
    ]);
    const byUser = new Map(joined.map((r) => [r.entry.userId, r]));
    const rows = ids.map((uid) => byUser.get(uid)!).filter(Boolean);
    // Places are those of the whole board (or division); a filter never re-ranks. Unfiltered,
    // only the first row needs a count: every row after it sits at its position unless tied.
    const counted = new Map<bigint, Promise<number>>();
    const place = (key: bigint) => {
      if (!counted.has(key)) counted.set(key, rankOf(db, c.id, key, division));
      return counted.get(key)!;
    };
    let ranks: number[];
    if (filtered) {
      ranks = await Promise.all(rows.map((r) => place(r.entry.sortKey)));
    } else {
      ranks = [];
      for (const [i, r] of rows.entries()) {
        if (i === 0) ranks.push(await place(r.entry.sortKey));
        else ranks.push(rows[i - 1]!.entry.sortKey === r.entry.sortKey ? ranks[i - 1]! : q.offset + i + 1);
      }
    }
    return { items: rows.map((r, i) => row(c, r, ranks[i]!)), total };
  };
  const mine = async () => {
    if (callerId === null) return null;
    const [found] = await db
      .select({ entry: challengeEntries, score: challengeScores, name: users.displayName })
      .from(challengeEntries)
      .innerJoin(challengeScores, eq(challengeScores.id, challengeEntries.scoreId))
      .innerJoin(users, eq(users.id, challengeEntries.userId))
      .where(and(...board, eq(challengeEntries.userId, callerId)));
    return found ? row(c, found, await rankOf(db, c.id, found.entry.sortKey, division)) : null;
  };
  const [{ items, total }, me] = await Promise.all([page(), mine()]);
  return { challenge_id: c.id, division: q.division ?? null, total, offset: q.offset, items, me };
}

/** Age group and gym come from athlete profiles: entries whose athlete matches and shows that field publicly. */
function profileFilters(q: { age_group?: string; gym?: string }, now: Date): SQL[] {
  const out: SQL[] = [];
  const group = q.age_group ? AGE_GROUPS.find((g) => g.id === q.age_group) : undefined;
  if (q.age_group && !group) throw badRequest(`“${q.age_group}” is not an age group.`);
  if (group) {
    const years = birthYearsFor(group, now.getUTCFullYear());
    out.push(
      sql`${challengeEntries.userId} in (select ${athleteProfiles.userId} from ${athleteProfiles} where ${athleteProfiles.birthYear} between ${years.from} and ${years.to} and ${athleteProfiles.privacy}->>'birth_year' = 'public')`,
    );
  }
  if (q.gym) {
    out.push(sql`${challengeEntries.userId} in (select ${athleteProfiles.userId} from ${athleteProfiles} where lower(${athleteProfiles.gym}) = ${q.gym.trim().toLowerCase()} and ${athleteProfiles.privacy}->>'gym' = 'public')`);
  }
  return out;
}

function row(
  c: ChallengeRow,
  r: { entry: typeof challengeEntries.$inferSelect; score: typeof challengeScores.$inferSelect; name: string },
  rank: number,
) {
  return {
    rank,
    athlete: { wp_user_id: r.entry.userId, display_name: r.name },
    division: r.entry.division as Division,
    sex: (r.entry.sex as 'female' | 'male' | null) ?? null,
    score: presentScore(c, r.score),
  };
}

export async function mySubmissions(ctx: AppContext, userId: number) {
  const db = ctx.database.db;
  const rows = await db
    .select({ score: challengeScores, challenge: challenges, best: challengeEntries.scoreId })
    .from(challengeScores)
    .innerJoin(challenges, eq(challenges.id, challengeScores.challengeId))
    .leftJoin(challengeEntries, and(eq(challengeEntries.challengeId, challengeScores.challengeId), eq(challengeEntries.userId, userId)))
    .where(and(eq(challengeScores.userId, userId), isNull(challengeScores.deletedAt), isNull(challenges.deletedAt)))
    .orderBy(desc(challengeScores.submittedAt), desc(challengeScores.id))
    .limit(200);
  const items = [];
  for (const r of rows) {
    const isBest = r.best === r.score.id;
    items.push({
      challenge: { id: r.challenge.id, title: r.challenge.title, score_type: r.challenge.scoreType as ScoreType },
      score: presentScore(r.challenge, r.score),
      is_best: isBest,
      rank: isBest ? await rankOf(db, r.challenge.id, r.score.sortKey, null) : null,
    });
  }
  return { items };
}

async function listWhere(ctx: AppContext, where: SQL | undefined, order: SQL[], limit = 100) {
  const rows = await ctx.database.db.select().from(challenges).where(where).orderBy(...order).limit(limit);
  return { items: await withCreators(ctx.database.db, rows, ctx.now()) };
}

export async function myParticipating(ctx: AppContext, userId: number) {
  const ids = ctx.database.db.select({ id: challengeParticipants.challengeId }).from(challengeParticipants).where(eq(challengeParticipants.userId, userId));
  return listWhere(ctx, and(inArray(challenges.id, ids), isNull(challenges.deletedAt)), [asc(challenges.endsAt), asc(challenges.id)]);
}

export async function myCreated(ctx: AppContext, userId: number) {
  return listWhere(ctx, and(eq(challenges.creatorId, userId), isNull(challenges.deletedAt)), [desc(challenges.createdAt), desc(challenges.id)]);
}

/** Not joined, open or upcoming; score types and divisions the athlete competes in first, then popularity. */
export async function recommendations(ctx: AppContext, userId: number) {
  const db = ctx.database.db;
  const now = ctx.now();
  const history = await db
    .select({ scoreType: challenges.scoreType, n: count() })
    .from(challengeParticipants)
    .innerJoin(challenges, eq(challenges.id, challengeParticipants.challengeId))
    .where(eq(challengeParticipants.userId, userId))
    .groupBy(challenges.scoreType);
  const joined = db.select({ id: challengeParticipants.challengeId }).from(challengeParticipants).where(eq(challengeParticipants.userId, userId));
  const rows = await db
    .select()
    .from(challenges)
    .where(and(isNull(challenges.deletedAt), eq(challenges.visibility, 'public'), gt(challenges.endsAt, now), sql`${challenges.id} not in (${joined})`))
    .orderBy(desc(challenges.participantCount), asc(challenges.endsAt))
    .limit(100);
  const affinity = new Map(history.map((h) => [h.scoreType, h.n]));
  rows.sort((a, b) => (affinity.get(b.scoreType) ?? 0) - (affinity.get(a.scoreType) ?? 0) || b.participantCount - a.participantCount);
  return { items: await withCreators(db, rows.slice(0, 12), now) };
}

function likePattern(s: string) {
  return `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function decodeCursor(cursor: string | undefined): { at: string; id: number } | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { at?: unknown; id?: unknown };
    if (typeof parsed.at !== 'string' || typeof parsed.id !== 'number' || Number.isNaN(Date.parse(parsed.at))) throw new Error('bad');
    return { at: parsed.at, id: parsed.id };
  } catch {
    throw badRequest('cursor is not one this API gave out');
  }
}
const encodeCursor = (at: Date, id: number) => Buffer.from(JSON.stringify({ at: at.toISOString(), id })).toString('base64url');

/** Public challenges by end time (soonest first for open ones), keyset-paginated. */
export async function discover(
  ctx: AppContext,
  q: { search?: string; score_type?: ScoreType; kind?: string; status?: ChallengeStatus; division?: Division; cursor?: string; limit: number },
  archive = false,
) {
  const now = ctx.now();
  const where: SQL[] = [isNull(challenges.deletedAt), eq(challenges.visibility, 'public')];
  const search = q.search?.trim();
  if (search) where.push(or(ilike(challenges.title, likePattern(search)), ilike(challenges.description, likePattern(search)))!);
  if (q.score_type) where.push(eq(challenges.scoreType, q.score_type));
  if (q.kind) where.push(eq(challenges.kind, q.kind));
  const status = archive ? 'closed' : q.status;
  if (status === 'deleted') return { items: [], next_cursor: null };
  if (status === 'upcoming') where.push(gt(challenges.startsAt, now));
  if (status === 'open') where.push(lte(challenges.startsAt, now), gt(challenges.endsAt, now));
  if (status === 'closed') where.push(lte(challenges.endsAt, now));
  const after = decodeCursor(q.cursor);
  // Closed ones latest-ended first; the others ending soonest first.
  const newestFirst = status === 'closed';
  if (after) {
    const at = new Date(after.at);
    where.push(
      newestFirst
        ? or(lt(challenges.endsAt, at), and(eq(challenges.endsAt, at), lt(challenges.id, after.id)))!
        : or(gt(challenges.endsAt, at), and(eq(challenges.endsAt, at), gt(challenges.id, after.id)))!,
    );
  }
  const order = newestFirst ? [desc(challenges.endsAt), desc(challenges.id)] : [asc(challenges.endsAt), asc(challenges.id)];
  const rows = await ctx.database.db.select().from(challenges).where(and(...where)).orderBy(...order).limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return { items: await withCreators(ctx.database.db, page, now), next_cursor: rows.length > q.limit && last ? encodeCursor(last.endsAt, last.id) : null };
}

export async function scoreHistory(ctx: AppContext, id: number) {
  const db = ctx.database.db;
  const c = await loadChallenge(db, id);
  const rows = await db
    .select({ score: challengeScores, name: users.displayName })
    .from(challengeScores)
    .innerJoin(users, eq(users.id, challengeScores.userId))
    .where(and(eq(challengeScores.challengeId, id), isNull(challengeScores.deletedAt), eq(challengeScores.verification, 'verified')))
    .orderBy(asc(challengeScores.submittedAt), asc(challengeScores.id))
    .limit(100_000);
  const ranked = [...rows]
    .sort((a, b) => (a.score.sortKey < b.score.sortKey ? -1 : a.score.sortKey > b.score.sortKey ? 1 : a.score.id - b.score.id))
    .map((r) => r.score.id);
  return {
    challenge_id: c.id,
    ranked,
    items: rows.map((r) => ({
      athlete: { wp_user_id: r.score.userId, display_name: r.name },
      division: r.score.division as Division,
      score: presentScore(c, r.score),
    })),
  };
}


type Tx = Database;

/**
 * Puts an athlete's best verified, standing score on the board (or takes them
 * off it), keeping the rank slices and board sizes in step. Runs inside the
 * caller's transaction, after any change to that athlete's scores.
 */
async function recomputeEntry(tx: Tx, challengeId: number, userId: number) {
  const [best] = await tx
    .select()
    .from(challengeScores)
    .where(
      and(
        eq(challengeScores.challengeId, challengeId),
        eq(challengeScores.userId, userId),
        isNull(challengeScores.deletedAt),
        eq(challengeScores.verification, 'verified'),
      ),
    )
    .orderBy(asc(challengeScores.sortKey), asc(challengeScores.submittedAt))
    .limit(1);
  const [current] = await tx
    .select()
    .from(challengeEntries)
    .where(and(eq(challengeEntries.challengeId, challengeId), eq(challengeEntries.userId, userId)));
  if (current?.scoreId === best?.id) return;
  const size = (division: string, delta: 1 | -1) =>
    tx
      .update(challenges)
      .set(division === 'rx' ? { rxEntries: sql`${challenges.rxEntries} + ${delta}` } : { scaledEntries: sql`${challenges.scaledEntries} + ${delta}` })
      .where(eq(challenges.id, challengeId));
  if (current) {
    await countInBucket(tx, challengeId, current.division, current.sortKey, -1);
    if (!best) {
      await tx.delete(challengeEntries).where(and(eq(challengeEntries.challengeId, challengeId), eq(challengeEntries.userId, userId)));
      await size(current.division, -1);
      return;
    }
  }
  if (!best) return;
  const [p] = await tx
    .select({ sex: challengeParticipants.sex })
    .from(challengeParticipants)
    .where(and(eq(challengeParticipants.challengeId, challengeId), eq(challengeParticipants.userId, userId)));
  const entry = {
    challengeId,
    userId,
    scoreId: best.id,
    division: best.division,
    sex: p?.sex ?? null,
    status: best.status,
    value: best.value,
    tiebreakMs: best.tiebreakMs,
    sortKey: best.sortKey,
    submittedAt: best.submittedAt,
  };
  await tx.insert(challengeEntries).values(entry).onConflictDoUpdate({ target: [challengeEntries.challengeId, challengeEntries.userId], set: entry });
  await countInBucket(tx, challengeId, best.division, best.sortKey, 1);
  if (!current) await size(best.division, 1);
}

async function placeOf(db: Database, challengeId: number, userId: number) {
  const [entry] = await db
    .select({ sortKey: challengeEntries.sortKey })
    .from(challengeEntries)
    .where(and(eq(challengeEntries.challengeId, challengeId), eq(challengeEntries.userId, userId)));
  return entry ? rankOf(db, challengeId, entry.sortKey, null) : null;
}

/** An athlete withdraws a score (while the challenge is open), or an admin removes one. */
export async function deleteScore(ctx: AppContext, caller: { id: number; isAdmin: boolean }, challengeId: number, scoreId: number) {
  const db = ctx.database.db;
  const c = await loadChallenge(db, challengeId);
  const now = ctx.now();
  const score = await db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(challengeScores)
      .where(and(eq(challengeScores.id, scoreId), eq(challengeScores.challengeId, challengeId), isNull(challengeScores.deletedAt)))
      .for('update');
    if (!s) throw notFound('No such score in this challenge.');
    if (s.userId !== caller.id && !caller.isAdmin) throw new ApiError(403, 'Only the athlete who submitted a score or an admin can remove it.');
    if (!caller.isAdmin && challengeStatus(c, now) !== 'open') throw conflict('This challenge has closed; its scores are final.');
    const [gone] = await tx.update(challengeScores).set({ deletedAt: now }).where(eq(challengeScores.id, scoreId)).returning();
    await recomputeEntry(tx as unknown as Tx, challengeId, s.userId);
    return gone!;
  });
  return { score: presentScore(c, score), rank: await placeOf(db, challengeId, score.userId) };
}

/** An admin or editor verifies a held score (it ranks) or rejects it (it never does). */
export async function reviewScore(ctx: AppContext, scoreId: number, decision: 'verify' | 'reject') {
  const db = ctx.database.db;
  const result = await db.transaction(async (tx) => {
    const [s] = await tx.select().from(challengeScores).where(and(eq(challengeScores.id, scoreId), isNull(challengeScores.deletedAt))).for('update');
    if (!s) throw notFound('No such score.');
    if (s.verification !== 'unverified') throw conflict('This score is not waiting for review.');
    const [reviewed] = await tx
      .update(challengeScores)
      .set({ verification: decision === 'verify' ? 'verified' : 'rejected' })
      .where(eq(challengeScores.id, scoreId))
      .returning();
    await recomputeEntry(tx as unknown as Tx, s.challengeId, s.userId);
    return reviewed!;
  });
  const c = await loadChallenge(db, result.challengeId, { includeDeleted: true });
  return { score: presentScore(c, result), rank: await placeOf(db, result.challengeId, result.userId) };
}

export async function listPendingScores(ctx: AppContext) {
  const db = ctx.database.db;
  const rows = await db
    .select({ score: challengeScores, challenge: challenges, name: users.displayName })
    .from(challengeScores)
    .innerJoin(challenges, eq(challenges.id, challengeScores.challengeId))
    .innerJoin(users, eq(users.id, challengeScores.userId))
    .where(and(eq(challengeScores.verification, 'unverified'), isNull(challengeScores.deletedAt), isNull(challenges.deletedAt)))
    .orderBy(asc(challengeScores.submittedAt))
    .limit(200);
  return {
    items: rows.map((r) => ({
      challenge: { id: r.challenge.id, title: r.challenge.title },
      athlete: { wp_user_id: r.score.userId, display_name: r.name },
      division: r.score.division as Division,
      score: presentScore(r.challenge, r.score),
    })),
  };
}
