import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/index.ts';
import { athleteProfiles, challengeEntries, challengeParticipants, challengeRankSlices, challenges, challengeScores, challengeTeams, timelinePosts, users } from '../../db/schema.ts';
import { deliverTimelinePost } from '../athletes/timeline.ts';
import { AGE_GROUPS, birthYearsFor } from '../../../domain/athlete-groups.ts';
import { rowsOf } from '../../db/rows.ts';
import { ApiError, badRequest, conflict, notFound } from '../../errors.ts';
import { scoreEffects } from '../achievements.ts';
import { rowFromJson, statement } from '../../db/statement.ts';
import { ensureStreakRows, streakFromJson } from '../streaks.ts';
import { STREAK_TYPES } from '../../../domain/achievement-rules.ts';
import { challengeRoom, type RealtimeEnvelope } from '../realtime-events.ts';
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
} from '../../../domain/scoring/index.ts';

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

/** The challenge-by-id query, built once per database (or transaction) and prepared: it runs on every board read and score. */
const byIdQueries = new WeakMap<Database, { execute(p: { id: number }): Promise<ChallengeRow[]> }>();
function challengeById(db: Database) {
  let q = byIdQueries.get(db);
  if (!q) {
    q = db.select().from(challenges).where(eq(challenges.id, sql.placeholder('id'))).prepare('challenge_by_id');
    byIdQueries.set(db, q);
  }
  return q;
}

const NO_CHALLENGE = 'No challenge with that id.';

/** A challenge that exists and is not deleted (unless asked for), or a 404. */
function foundChallenge(c: ChallengeRow | undefined, opts: { includeDeleted?: boolean } = {}): ChallengeRow {
  if (!c || (c.deletedAt && !opts.includeDeleted)) throw notFound(NO_CHALLENGE);
  return c;
}

export async function loadChallenge(db: Database, id: number, opts: { includeDeleted?: boolean } = {}) {
  const [c] = await challengeById(db).execute({ id });
  return foundChallenge(c, opts);
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
    rank: entry ? await rankOf(db, c.id, entry.entry.sortKey) : null,
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
  const postId = await db.transaction(async (tx): Promise<number | null> => {
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
      return null;
    }
    if (c.participantCap !== null && c.participantCount >= c.participantCap) throw conflict('This challenge is full.');
    const team = c.kind === 'team' ? await teamForJoiner(tx as unknown as Database, c, userId, input, now) : null;
    await tx.insert(challengeParticipants).values({ challengeId: id, userId, division: input.division, sex: input.sex ?? null, teamId: team?.id ?? null, joinedAt: now });
    await tx.update(challenges).set({ participantCount: sql`${challenges.participantCount} + 1` }).where(eq(challenges.id, id));
    // A public challenge joined goes on the athlete's timeline; an unlisted one stays unlisted.
    if (c.visibility !== 'public') return null;
    const [post] = await tx
      .insert(timelinePosts)
      .values({
        userId,
        kind: 'challenge_joined',
        body: team ? `Joined ${c.title} with ${team.name}` : `Joined ${c.title}`,
        payload: { challenge_id: c.id, challenge_title: c.title, division: input.division, team_id: team?.id ?? null, team_name: team?.name ?? null },
        createdAt: now,
      })
      .returning({ id: timelinePosts.id });
    return post!.id;
  });
  // After commit, the post also goes to the community site (when one is configured).
  if (postId !== null) ctx.tasks.defer('timeline delivery', () => deliverTimelinePost(ctx, postId));
  const c = await loadChallenge(db, id);
  return (await participation(ctx, c, userId))!;
}

/**
 * The team a new athlete joins, inside the join's transaction (which holds the
 * challenge row, so two joins cannot both take a team's last place): a new team
 * with them as captain, or an existing one with room.
 */
async function teamForJoiner(
  tx: Database,
  c: ChallengeRow,
  userId: number,
  input: { team_name?: string; team_id?: number },
  now: Date,
): Promise<{ id: number; name: string }> {
  if (input.team_id !== undefined) {
    const [team] = await tx
      .select({ id: challengeTeams.id, name: challengeTeams.name })
      .from(challengeTeams)
      .where(and(eq(challengeTeams.id, input.team_id), eq(challengeTeams.challengeId, c.id)));
    if (!team) throw notFound('No team with that id in this challenge.');
    const [members] = await tx.select({ n: count() }).from(challengeParticipants).where(eq(challengeParticipants.teamId, team.id));
    if (c.teamSizeMax !== null && (members?.n ?? 0) >= c.teamSizeMax) throw conflict(`${team.name} is full (${c.teamSizeMax} members): join another team or create one.`);
    return team;
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
  return { id: team!.id, name };
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

/**
 * Board entries are counted in slices of sort keys at four widths: level L holds key >> shift
 * (2^25 = one result with every tie-break, then 256 times wider per level). See
 * server/services/scoring/sort-key.ts for the key's bits.
 */
export const RANK_LEVEL_SHIFTS = [25, 33, 41, 49] as const;
const TOP_LEVEL = RANK_LEVEL_SHIFTS.length - 1;
/** The division is the key's top bit: every Scaled key is at least this, every Rx key below it. */
const SCALED_KEYS_FROM = 1n << 62n;
const LEVELS_SQL = sql.raw(RANK_LEVEL_SHIFTS.map((shift, level) => `(${level}, ${shift})`).join(', '));

/**
 * 1 + the number of rows strictly better on the whole board: ties share the higher place.
 * Counted from the slices (at most 256 per level) and the entries with the same
 * result, so it does not grow with the rank or the board.
 */
async function rankOf(db: Database, challengeId: number, key: bigint): Promise<number> {
  const [row] = await rowsOf<{ rank: number }>(db, sql`select ${placeOfKey(challengeId, null, sql`${String(key)}::bigint`)} as rank`);
  return Number(row!.rank);
}

/**
 * The place a sort key holds on a board (SQL). At each level, the slices ahead of the key's
 * own slice inside its parent slice (at the top level: all of them, from the division's
 * first key); then the entries with the same result and a better tie-break.
 */
function placeOfKey(challengeId: number | Placeholder, division: Division | null, key: SQL) {
  const sums = RANK_LEVEL_SHIFTS.map((shift, level) => {
    const from =
      level === TOP_LEVEL
        ? division === 'scaled'
          ? sql`and s.slice >= ${sql.raw(String(SCALED_KEYS_FROM >> BigInt(shift)))}`
          : sql``
        : sql`and s.slice >= ((${key} >> ${sql.raw(String(RANK_LEVEL_SHIFTS[level + 1]))}) << ${sql.raw(String(RANK_LEVEL_SHIFTS[level + 1]! - shift))})`;
    return sql`coalesce((select sum(s.entries) from challenge_rank_slices s
      where s.challenge_id = ${challengeId} and s.level = ${sql.raw(String(level))} ${from} and s.slice < (${key} >> ${sql.raw(String(shift))})), 0)`;
  });
  const fine = sql.raw(String(RANK_LEVEL_SHIFTS[0]));
  return sql`(1 + ${sql.join(sums, sql` + `)}
    + (select count(*) from challenge_entries x
       where x.challenge_id = ${challengeId} and x.sort_key >= ((${key} >> ${fine}) << ${fine}) and x.sort_key < ${key}))::int`;
}

/** Below this, a plain OFFSET is cheaper than finding the slice. */
const DEEP_PAGE_OFFSET = 1000;

/**
 * Where the board's entry number `offset` (0-based) lives: the first key of the finest slice
 * that holds it, and how many of that slice come before it. Walks down the levels, reading
 * at most 256 slices at each.
 */
async function sliceStart(db: Database, challengeId: number, division: Division | null, offset: number) {
  let from: bigint | null = division === 'scaled' ? SCALED_KEYS_FROM : null;
  let below: bigint | null = division === 'rx' ? SCALED_KEYS_FROM : null;
  let before = 0;
  for (let level = TOP_LEVEL; level >= 0; level--) {
    const shift = BigInt(RANK_LEVEL_SHIFTS[level]!);
    const slices = await rowsOf<{ slice: string; entries: number }>(
      db,
      sql`select s.slice::text as slice, s.entries from challenge_rank_slices s
        where s.challenge_id = ${challengeId} and s.level = ${sql.raw(String(level))} and s.entries > 0
          ${from === null ? sql`` : sql`and s.slice >= ${String(from >> shift)}::bigint`}
          ${below === null ? sql`` : sql`and s.slice < ${String(below >> shift)}::bigint`}
        order by s.slice`,
    );
    const found = slices.find((s) => {
      if (before + Number(s.entries) > offset) return true;
      before += Number(s.entries);
      return false;
    });
    if (!found) return null;
    from = BigInt(found.slice) << shift;
    below = (BigInt(found.slice) + 1n) << shift;
  }
  return { key: from!, skip: offset - before };
}

/**
 * One statement that moves entries between slices at every level: `moves` yields
 * (key bigint, delta int) rows, +1 where an entry now stands and -1 where it stood.
 * A move inside one slice nets to nothing there.
 */
function slicesMoved(challengeId: number | Placeholder, moves: SQL): SQL {
  return sql`insert into challenge_rank_slices (challenge_id, level, slice, entries)
    select ${challengeId}::int, l.level::smallint, m.key >> l.shift, sum(m.delta)::int
    from (${moves}) as m(key, delta), (values ${LEVELS_SQL}) as l(level, shift)
    group by l.level, m.key >> l.shift
    having sum(m.delta) <> 0
    on conflict (challenge_id, level, slice) do update set entries = challenge_rank_slices.entries + excluded.entries`;
}

/** Recounts a challenge's slices from its board (after bulk loads). */
export async function rebuildRankSlices(db: Database, challengeId: number) {
  await db.delete(challengeRankSlices).where(eq(challengeRankSlices.challengeId, challengeId));
  await db.execute(sql`insert into challenge_rank_slices (challenge_id, level, slice, entries)
    select e.challenge_id, l.level::smallint, e.sort_key >> l.shift, count(*)::int
    from challenge_entries e, (values ${LEVELS_SQL}) as l(level, shift)
    where e.challenge_id = ${challengeId} group by 1, 2, 3`);
}

/**
 * Is this result so far beyond the leader that a person should look first? `leaders` are the
 * division's first entries in board order (finishers sort before capped athletes).
 */
function holdsForReview(c: ChallengeRow, score: EncodedScore, leaders: { value: number; status: string }[]): boolean {
  if (score.status !== 'finished') return false;
  if (leaders.length < UNVERIFIED_MIN_ENTRIES || leaders.some((l) => l.status !== 'finished')) return false;
  const leader = Number(leaders[0]!.value);
  return c.scoreType === 'time' ? score.value < leader * (1 - UNVERIFIED_MARGIN) : score.value > leader * (1 + UNVERIFIED_MARGIN);
}

/** Who is submitting, locked for this transaction: their entry in the challenge, streaks and the division's leaders. */
interface Submitter {
  division: Division;
  sex: string | null;
  display_name: string;
  time_zone: string | null;
  leaders: { value: number; status: string }[];
  streaks: Record<string, unknown>[] | null;
  has_first_score: boolean;
}

// The submission's statements: each one's text is built once (server/db/statement.ts).

/**
 * The challenge and, locked for this transaction, the athlete's participation and streak
 * rows (created on a first submission), with the division's leaders and whether the
 * athlete already holds the first-score achievement. No row: no such challenge; a row
 * without a division: the athlete has not joined.
 */
const lockSubmitter = statement(
  ['challenge_id', 'user_id', 'now'],
  (v) => sql`with created as (
        insert into streaks (user_id, type, last_updated)
        select ${v.user_id}::int, t.type, ${v.now}::timestamptz from (values ${sql.raw(STREAK_TYPES.map((t) => `('${t}'::varchar)`).join(', '))}) as t(type)
        where not exists (select 1 from streaks where user_id = ${v.user_id}::int)
        on conflict do nothing
        returning *
      ), st as (select * from streaks where user_id = ${v.user_id}::int for update)
      select to_jsonb(c) as challenge, w.*
      from challenges c left join lateral (
        select p.division, p.sex, u.display_name, u.time_zone,
          (select coalesce(json_agg(json_build_object('value', l.value::float8, 'status', l.status) order by l.sort_key), '[]'::json)
             from (select value, status, sort_key from challenge_entries
                   where challenge_id = p.challenge_id and division = p.division order by sort_key limit ${sql.raw(String(UNVERIFIED_MIN_ENTRIES))}) l) as leaders,
          (select json_agg(r) from (select row_to_json(st) as r from st union all select row_to_json(created) from created) x) as streaks,
          exists (select 1 from achievements a where a.user_id = u.id and a.key = 'first_score') as has_first_score
        from challenge_participants p join users u on u.id = p.user_id
        where p.challenge_id = c.id and p.user_id = ${v.user_id}::int
        for update of p
      ) w on true
      where c.id = ${v.challenge_id}::int`,
);

/** The athlete's board entry: a statement of its own, so it runs after the lock is held and sees a submission that held it before. */
const currentEntry = statement(
  ['challenge_id', 'user_id'],
  (v) => sql`select sort_key::text as sort_key from challenge_entries where challenge_id = ${v.challenge_id}::int and user_id = ${v.user_id}::int`,
);

/** The score stored and, when it is the athlete's new best, their board entry, rank slices and board size moved. */
const storeScore = statement(
  ['challenge_id', 'user_id', 'division', 'sex', 'status', 'value', 'tiebreak_ms', 'key', 'verification', 'note', 'at', 'is_best', 'old_key', 'rx', 'scaled'],
  (v) => sql`with best as (
      select ${v.is_best}::boolean as is_best, ${v.old_key}::bigint as old_key
    ), score as (
      insert into challenge_scores (challenge_id, user_id, division, status, value, tiebreak_ms, sort_key, verification, note, submitted_at)
      values (${v.challenge_id}::int, ${v.user_id}::int, ${v.division}::varchar, ${v.status}::varchar, ${v.value}::bigint, ${v.tiebreak_ms}::int,
              ${v.key}::bigint, ${v.verification}::varchar, ${v.note}::varchar, ${v.at}::timestamptz)
      returning id
    ), entry as (
      insert into challenge_entries (challenge_id, user_id, score_id, division, sex, status, value, tiebreak_ms, sort_key, submitted_at)
      select ${v.challenge_id}::int, ${v.user_id}::int, score.id, ${v.division}::varchar, ${v.sex}::varchar, ${v.status}::varchar, ${v.value}::bigint,
             ${v.tiebreak_ms}::int, ${v.key}::bigint, ${v.at}::timestamptz
      from score, best where best.is_best
      on conflict (challenge_id, user_id) do update set score_id = excluded.score_id, division = excluded.division, sex = excluded.sex,
        status = excluded.status, value = excluded.value, tiebreak_ms = excluded.tiebreak_ms, sort_key = excluded.sort_key, submitted_at = excluded.submitted_at
    ), moved as (
      ${slicesMoved(
        v.challenge_id,
        sql`select ${v.key}::bigint, 1 from best where best.is_best
            union all select best.old_key, -1 from best where best.is_best and best.old_key is not null`,
      )}
    ), sized as (
      update challenges set rx_entries = rx_entries + ${v.rx}::int, scaled_entries = scaled_entries + ${v.scaled}::int
      from best where best.is_best and best.old_key is null and id = ${v.challenge_id}::int
    )
    select score.id from score`,
);

/**
 * Streaks, achievements and messages (achievements.ts), with the athlete's place read from
 * the board as this statement runs. The athlete's own entry is never ahead of itself, so
 * the place counts only others. (The key as a sub-select: planned without its value, the
 * statement keeps one cached plan.)
 */
const submissionEffects = scoreEffects(
  ['challenge_id', 'placed_at'],
  (v) => sql`case when ${v.placed_at}::bigint is null then null else ${placeOfKey(v.challenge_id, null, sql`(select ${v.placed_at}::bigint)`)} end`,
);

/**
 * One score in one transaction, in two rounds of pipelined statements. First: the challenge
 * with a lock on the athlete's participation and streaks (and the division's leaders), and
 * then, after the lock, their current entry. Second: the score stored and, when it is their
 * new best, their board entry, rank slices and board size moved; then streaks, achievements
 * and the messages, with the athlete's place read from the updated board. PostgreSQL sends
 * the messages only if all of it commits.
 */
export async function submitScore(ctx: AppContext, userId: number, id: number, body: Record<string, unknown>) {
  const now = ctx.now();
  const note = typeof body.note === 'string' ? body.note.trim() || null : null;
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const lock = async () => {
      const [row] = await lockSubmitter<Submitter & { challenge: Record<string, unknown> }>(txDb, { challenge_id: id, user_id: userId, now: now.toISOString() });
      // Both drivers hand json columns back parsed.
      return row && { ...row, challenge: foundChallenge(rowFromJson(challenges, row.challenge)) };
    };
    const [locked, [current]] = await Promise.all([lock(), currentEntry<{ sort_key: string }>(txDb, { challenge_id: id, user_id: userId })]);
    if (!locked) throw notFound(NO_CHALLENGE);
    const c = locked.challenge;
    let who: Submitter = locked;
    const status = challengeStatus(c, now);
    if (status === 'upcoming') throw conflict('This challenge has not opened yet.');
    if (status === 'closed') throw conflict('This challenge has closed; scores can no longer be submitted.');
    const rules = rulesOf(c);
    const encoded = validateScore(rules, encodeScore(rules, scoreInputFor(rules.scoreType, body), (body.tiebreak_ms as number | undefined) ?? null));
    if (!who.division) throw conflict('Join this challenge before submitting a score.');
    if ((who.streaks?.length ?? 0) < STREAK_TYPES.length) {
      // Another request created this athlete's streaks while we waited: read them again.
      await ensureStreakRows(txDb, userId, now);
      who = (await lock())!;
    }
    const division = who.division;
    const key = sortKey(rules, encoded, division);
    const review = holdsForReview(c, encoded, who.leaders);
    const previous = current ? BigInt(current.sort_key) : null;
    const isBest = !review && (previous === null || key < previous);
    const placedAt = isBest ? key : previous;
    const store = storeScore<{ id: number }>(txDb, {
      challenge_id: id,
      user_id: userId,
      division,
      sex: who.sex,
      status: encoded.status,
      value: encoded.value,
      tiebreak_ms: encoded.tiebreakMs,
      key: String(key),
      verification: review ? 'unverified' : 'verified',
      note,
      at: now.toISOString(),
      is_best: isBest,
      old_key: previous === null ? null : String(previous),
      rx: division === 'rx' ? 1 : 0,
      scaled: division === 'scaled' ? 1 : 0,
    });
    // Where the athlete stands (the rank is filled in as the next statement reads the board), and for a new best that the board moved.
    const announced: RealtimeEnvelope[] = [
      { to: { user: userId }, message: { type: 'progress_update', challenge_id: c.id, challenge_title: c.title, rank: null, is_best: isBest } },
    ];
    if (isBest) {
      announced.push({
        to: { room: challengeRoom(c.id) },
        message: { type: 'leaderboard_updated', challenge_id: c.id, division, user_id: userId, display_name: who.display_name, rank: null },
      });
    }
    const effects = submissionEffects(
      txDb,
      {
        userId,
        at: now,
        improved: review || previous === null ? null : isBest,
        challengeTitle: c.title,
        streaks: (who.streaks ?? []).map(streakFromJson),
        timeZone: who.time_zone ?? 'UTC',
        hasFirstScore: who.has_first_score,
      },
      announced,
      { challenge_id: id, placed_at: placedAt === null ? null : String(placedAt) },
    );
    // Everything the answer needs but the score's id and the place, worked out before anything can commit.
    const shown = presentScore(c, {
      id: 0,
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
      deletedAt: null,
    });
    const message = review
      ? 'That result is far beyond the current leaders, so it will rank once a judge has checked it.'
      : isBest
        ? 'New best! Your place on the board is updated.'
        : 'Saved. Your best score still stands.';
    const result = Promise.all([store, effects]).then(([[stored], { rank }]) => ({
      score: { ...shown, id: Number(stored!.id) },
      is_best: isBest,
      rank,
      message,
    }));
    if (ctx.database.kind !== 'postgres') return { result: await result };
    // On PostgreSQL the COMMIT goes out right behind these two statements instead of a round
    // trip later: once every microtask has run, both are in the connection's queue ahead of it.
    // A failure seen by then (in building a statement) throws here and rolls back; a statement
    // that fails later has aborted the transaction, so its COMMIT rolls back and `result`
    // rejects below.
    let failed: { error: unknown } | null = null;
    result.catch((error: unknown) => {
      failed = { error };
    });
    await new Promise((resolve) => setImmediate(resolve));
    if (failed) throw (failed as { error: unknown }).error;
    return { result };
  });
  return outcome.result;
}

export async function rankings(
  ctx: AppContext,
  q: { challenge_id: number; division?: Division; sex?: 'female' | 'male'; age_group?: string; gym?: string; offset: number; limit: number },
  callerId: number | null,
) {
  const db = ctx.database.db;
  const id = q.challenge_id;
  const board: SQL[] = [eq(challengeEntries.challengeId, id)];
  if (q.division) board.push(eq(challengeEntries.division, q.division));
  const narrowing = profileFilters(q, ctx.now());
  if (q.sex) narrowing.push(eq(challengeEntries.sex, q.sex));
  const filtered = narrowing.length > 0;
  const shown = and(...board, ...narrowing)!;
  const division = q.division ?? null;
  // The board is read alongside the challenge (its rows need only the id); a missing
  // or deleted challenge still answers 404 from loadChallenge.
  const read = async () => {
    // A deep page starts at the rank slice that holds its first row, so OFFSET only skips inside one slice.
    const start = filtered || q.offset < DEEP_PAGE_OFFSET ? null : await sliceStart(db, id, division, q.offset);
    return boardRows(db, id, { division, shown, filtered, from: start?.key ?? null, skip: start ? start.skip : q.offset, limit: q.limit, callerId });
  };
  const [c, rows, counted] = await Promise.all([
    loadChallenge(db, id),
    read(),
    filtered
      ? db
          .select({ n: count() })
          .from(challengeEntries)
          .where(shown)
          .then((r) => r[0]?.n ?? 0)
      : Promise.resolve(null),
  ]);
  const total = counted ?? (q.division === 'rx' ? c.rxEntries : q.division === 'scaled' ? c.scaledEntries : c.rxEntries + c.scaledEntries);
  const pageRows = rows.filter((r) => r.n > 0);
  // Places are those of the whole board (or division); a filter never re-ranks. Unfiltered,
  // only the first row was counted: every row after it sits at its position unless tied.
  const ranks: number[] = [];
  for (const [i, r] of pageRows.entries()) {
    if (r.rank !== null) ranks.push(r.rank);
    else ranks.push(pageRows[i - 1]!.sort_key === r.sort_key ? ranks[i - 1]! : q.offset + i + 1);
  }
  const mine = rows.find((r) => r.n === 0);
  return {
    challenge_id: c.id,
    division: q.division ?? null,
    total,
    offset: q.offset,
    items: pageRows.map((r, i) => boardRow(c, r, ranks[i]!)),
    me: mine ? boardRow(c, mine, mine.rank!) : null,
  };
}

/** One board entry as boardRows reads it: n is its position on the page from 1, or 0 for the caller's own row. */
interface BoardRow {
  n: number;
  user_id: number;
  display_name: string;
  score_id: number;
  division: string;
  sex: string | null;
  status: string;
  value: number;
  tiebreak_ms: number | null;
  sort_key: string;
  submitted_ms: number;
  rank: number | null;
}

/**
 * A page of the board and the caller's own entry in one statement, read from the board
 * index (an entry holds its score's fields, and only verified standing scores have one).
 * Places are counted for the caller's row, the page's first row, and, when a filter
 * narrows the view, every row (a filtered row keeps its overall place).
 */
async function boardRows(
  db: Database,
  challengeId: number,
  o: { division: Division | null; shown: SQL; filtered: boolean; from: bigint | null; skip: number; limit: number; callerId: number | null },
): Promise<BoardRow[]> {
  const rows = await rowsOf<BoardRow>(
    db,
    sql`with page as (
      select ${challengeEntries.userId} as user_id,
        row_number() over (order by ${challengeEntries.sortKey}, ${challengeEntries.submittedAt}, ${challengeEntries.userId}) as n
      from ${challengeEntries}
      where ${o.shown} ${o.from === null ? sql`` : sql`and ${challengeEntries.sortKey} >= ${String(o.from)}::bigint`}
      order by ${challengeEntries.sortKey}, ${challengeEntries.submittedAt}, ${challengeEntries.userId}
      limit ${o.limit} offset ${o.skip}
    ), wanted as (
      select user_id, n from page
      union all
      select ${o.callerId ?? -1}::int, 0
    )
    select w.n::int as n, e.user_id, u.display_name, e.score_id, e.division, e.sex, e.status, e.value::float8 as value, e.tiebreak_ms,
      e.sort_key::text as sort_key, (extract(epoch from e.submitted_at) * 1000)::float8 as submitted_ms,
      case when w.n = 0 or w.n = ${o.skip + 1} or ${o.filtered} then ${placeOfKey(challengeId, o.division, sql`e.sort_key`)} end as rank
    from wanted w
    join challenge_entries e on e.challenge_id = ${challengeId} and e.user_id = w.user_id
    join users u on u.id = e.user_id
    ${o.division ? sql`where w.n > 0 or e.division = ${o.division}` : sql``}
    order by w.n`,
  );
  return rows.map((r) => ({ ...r, n: Number(r.n), user_id: Number(r.user_id), score_id: Number(r.score_id), rank: r.rank === null ? null : Number(r.rank) }));
}

function boardRow(c: ChallengeRow, r: BoardRow, rank: number) {
  const encoded: EncodedScore = { status: r.status as EncodedScore['status'], value: Number(r.value), tiebreakMs: r.tiebreak_ms };
  return {
    rank,
    athlete: { wp_user_id: r.user_id, display_name: r.display_name },
    division: r.division as Division,
    sex: (r.sex as 'female' | 'male' | null) ?? null,
    score: {
      id: r.score_id,
      status: encoded.status,
      value: encoded.value,
      tiebreak_ms: r.tiebreak_ms,
      display: formatScore(c.scoreType as ScoreType, encoded, { repsPerRound: c.repsPerRound }),
      verification: 'verified' as const,
      submitted_at: new Date(Number(r.submitted_ms)).toISOString(),
    },
  };
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
      rank: isBest ? await rankOf(db, r.challenge.id, r.score.sortKey) : null,
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
  const moves: SQL[] = [];
  if (current) moves.push(sql`(${String(current.sortKey)}::bigint, -1)`);
  if (best) moves.push(sql`(${String(best.sortKey)}::bigint, 1)`);
  if (moves.length) await tx.execute(slicesMoved(challengeId, sql`values ${sql.join(moves, sql`, `)}`));
  if (current && !best) {
    await tx.delete(challengeEntries).where(and(eq(challengeEntries.challengeId, challengeId), eq(challengeEntries.userId, userId)));
    await size(current.division, -1);
    return;
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
  if (!current) await size(best.division, 1);
}

async function placeOf(db: Database, challengeId: number, userId: number) {
  const [entry] = await db
    .select({ sortKey: challengeEntries.sortKey })
    .from(challengeEntries)
    .where(and(eq(challengeEntries.challengeId, challengeId), eq(challengeEntries.userId, userId)));
  return entry ? rankOf(db, challengeId, entry.sortKey) : null;
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
