import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { refusePastCreationLimit } from '#server/lib/creation-limit.ts';
import { challengeParticipants, challenges, challengeScores, tests } from '#server/db/schema.ts';
import type { Database } from '#server/db/index.ts';
import { SCORE_TYPE_OF, type TestUnit } from '#domain/measures.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import type { ScoreType } from '#domain/scoring/index.ts';
import { GYM_BEST_N, GYM_RULES, isGymBestN, isGymRule } from '#domain/gym-events.ts';
import { TEAM_RULES, TEAM_SIZE, TEAM_BEST_N, withCreators, loadChallenge, type TeamRule } from './challenge.ts';
import { announceToFollowers } from '../follows/index.ts';
import { participation, profileSex } from './join.ts';
import {
  AGE_SCHEMES,
  SEX_DIVISIONS,
  STANDARD_TEXT_MAX,
  hasCategories,
  standardKeys,
  type AgeScheme,
  type DivisionScheme,
  type SexDivisions,
} from '#domain/divisions.ts';

// Creating, editing and (admins) deleting a challenge: the input is checked here, once, for create and update alike.

const MAX_DURATION_DAYS = 366;

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
  gym_rule?: string | null;
  gym_best_n?: number | null;
  sex_divisions?: SexDivisions;
  age_scheme?: AgeScheme;
  overall_board?: boolean;
  standards?: Record<string, string>;
  test_id?: number | null;
}

/**
 * The catalogue test a challenge is linked to (Fran ↔ Fran): it must be active and measured
 * as the challenge is scored, since its bounds then refuse impossible results at entry.
 */
async function checkTestLink(db: Database, input: ChallengeInput): Promise<number | null> {
  if (input.test_id === undefined || input.test_id === null) return null;
  const [t] = await db.select().from(tests).where(eq(tests.id, input.test_id));
  if (!t || t.status !== 'active') throw badRequest('No active catalogue test with that id.', 'test_id');
  const measured = SCORE_TYPE_OF[t.unit as TestUnit];
  if (measured !== input.score_type)
    throw badRequest(`${t.name} is measured in ${t.unit}: link it to a challenge scored the same way.`, 'test_id');
  return t.id;
}

/** The division settings, checked: standards only for the combined board ('') or one of the scheme's categories. */
function checkDivisions(input: ChallengeInput) {
  const scheme: DivisionScheme = { sex: input.sex_divisions ?? 'open', age: input.age_scheme ?? 'none' };
  if (!SEX_DIVISIONS.includes(scheme.sex)) throw badRequest('sex_divisions must be open or split.', 'sex_divisions');
  if (!AGE_SCHEMES.includes(scheme.age)) throw badRequest('age_scheme must be none, masters or teens.', 'age_scheme');
  const standards: Record<string, string> = {};
  for (const [id, text] of Object.entries(input.standards ?? {})) {
    if (!standardKeys(scheme).includes(id))
      throw badRequest(`Standards are for “${id}”, which is not a division of this challenge.`, 'standards');
    const trimmed = text.trim();
    if (trimmed.length > STANDARD_TEXT_MAX)
      throw badRequest(`A division's standards have at most ${STANDARD_TEXT_MAX} characters.`, 'standards');
    if (trimmed) standards[id] = trimmed;
  }
  return {
    sexDivisions: scheme.sex,
    ageScheme: scheme.age,
    // One board and no split: the combined board is the only board.
    overallBoard: hasCategories(scheme) ? (input.overall_board ?? true) : true,
    standards,
  };
}

/** The team settings, checked: all null for an individual challenge. */
function checkTeamInput(input: ChallengeInput) {
  const given = (['team_rule', 'team_best_n', 'team_size_max'] as const).filter((k) => input[k] !== undefined && input[k] !== null);
  if (input.kind !== 'team') {
    if (given.length) throw badRequest(`${given.join(', ')} only apply to a team challenge (kind "team").`);
    return { teamRule: null, teamBestN: null, teamSizeMax: null };
  }
  const rule = input.team_rule;
  if (!rule) throw badRequest('Team rule is required for a team challenge: sum, average or best_n.', 'team_rule');
  if (!TEAM_RULES.includes(rule)) throw badRequest('team_rule must be sum, average or best_n.');
  const size = input.team_size_max;
  if (size === undefined || size === null) throw badRequest('The largest team size is required for a team challenge.', 'team_size_max');
  if (!Number.isInteger(size) || size < TEAM_SIZE.min || size > TEAM_SIZE.max)
    throw badRequest(`team_size_max must be a whole number from ${TEAM_SIZE.min} to ${TEAM_SIZE.max}.`);
  const n = input.team_best_n ?? null;
  if (rule === 'best_n') {
    if (n === null) throw badRequest('How many members count (best n) is required for the best_n rule.', 'team_best_n');
    if (!Number.isInteger(n) || n < TEAM_BEST_N.min || n > TEAM_BEST_N.max)
      throw badRequest(`team_best_n must be a whole number from ${TEAM_BEST_N.min} to ${TEAM_BEST_N.max}.`);
    if (n > size) throw badRequest('team_best_n cannot be more than team_size_max.');
  } else if (n !== null) {
    throw badRequest('team_best_n only applies to the best_n rule.');
  }
  return { teamRule: rule, teamBestN: n, teamSizeMax: size };
}

/**
 * The multi-gym settings, checked (422 with nothing stored when wrong): a rule from
 * domain/gym-events.ts and its N, on an individual challenge; both null for no gym board.
 */
function checkGymInput(input: ChallengeInput) {
  const rule = input.gym_rule ?? null;
  const n = input.gym_best_n ?? null;
  if (rule === null) {
    if (n !== null) throw new ApiError(422, 'gym_best_n only applies to a gym event: choose a gym rule too.', 'gym_best_n');
    return { gymRule: null, gymBestN: null };
  }
  if (!isGymRule(rule)) throw new ApiError(422, `“${rule}” is not a gym rule: use one of ${GYM_RULES.join(', ')}.`, 'gym_rule');
  if (input.kind === 'team') throw new ApiError(422, 'A gym event ranks individual athletes: it cannot be a team challenge.', 'gym_rule');
  if (!isGymBestN(n))
    throw new ApiError(
      422,
      `How many athletes count per gym (N) must be a whole number from ${GYM_BEST_N.min} to ${GYM_BEST_N.max}.`,
      'gym_best_n',
    );
  return { gymRule: rule, gymBestN: n };
}

function checkInput(input: ChallengeInput) {
  const title = input.title.trim();
  if (!title) throw badRequest("Title can't be blank.", 'title');
  const starts = new Date(input.starts_at);
  const ends = new Date(input.ends_at);
  if (Number.isNaN(starts.getTime()) || Number.isNaN(ends.getTime())) throw badRequest('starts_at and ends_at must be dates');
  if (ends <= starts) throw badRequest('ends_at must be after starts_at');
  if (ends.getTime() - starts.getTime() > MAX_DURATION_DAYS * 86_400_000)
    throw badRequest(`A challenge can last at most ${MAX_DURATION_DAYS} days.`);
  if (input.score_type === 'rounds_reps' && !input.reps_per_round)
    throw badRequest('Reps per round is required for a rounds + reps challenge.', 'reps_per_round');
  if (input.score_type !== 'rounds_reps' && input.reps_per_round) throw badRequest('reps_per_round only applies to rounds + reps');
  if (input.score_type !== 'time' && input.time_cap_seconds) throw badRequest('time_cap_seconds only applies to a timed workout');
  const team = checkTeamInput(input);
  const gym = checkGymInput(input);
  return {
    ...gym,
    ...checkDivisions(input),
    title,
    description: (input.description ?? '').trim(),
    kind: input.kind ?? 'individual',
    ...team,
    scoreType: input.score_type,
    timeCapMs: input.time_cap_seconds ? input.time_cap_seconds * 1000 : null,
    repsPerRound: input.reps_per_round ?? null,
    hasTiebreak: input.has_tiebreak ?? false,
    tiebreakLabel: input.has_tiebreak ? input.tiebreak_label?.trim() || null : null,
    startsAt: starts,
    endsAt: ends,
    visibility: input.visibility ?? 'public',
    participantCap: input.participant_cap ?? null,
    requiresWaiver: input.requires_waiver ?? false,
    coverImageUrl: input.cover_image_url ?? null,
  } satisfies Partial<typeof challenges.$inferInsert>;
}

/** A new challenge; `limited` (a request's caller) holds the account to its daily creation limit, admins exempt. */
export async function createChallenge(ctx: AppContext, creatorId: number, input: ChallengeInput, limited?: { isAdmin: boolean }) {
  const values = { ...checkInput(input), testId: await checkTestLink(ctx.database.db, input) };
  const now = ctx.now();
  const row = await ctx.database.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const source = { table: challenges, creator: challenges.creatorId, createdAt: challenges.createdAt };
    if (limited) await refusePastCreationLimit(t, 'challenges', source, { id: creatorId, isAdmin: limited.isAdmin }, now);
    const [inserted] = await t
      .insert(challenges)
      .values({ ...values, creatorId, createdAt: now, updatedAt: now })
      .returning();
    if (inserted!.visibility === 'public')
      await announceToFollowers(
        t,
        { authorId: creatorId, what: 'challenge', title: inserted!.title, link: `/challenge-detail-page?id=${inserted!.id}` },
        now,
      );
    return inserted;
  });
  return (await withCreators(ctx.database.db, [row!], now))[0]!;
}

export async function updateChallenge(ctx: AppContext, caller: { id: number; isAdmin: boolean }, id: number, input: ChallengeInput) {
  const db = ctx.database.db;
  const values = { ...checkInput(input), testId: await checkTestLink(db, input) };
  const now = ctx.now();
  const updated = await db.transaction(async (tx) => {
    const [c] = await tx.select().from(challenges).where(eq(challenges.id, id)).for('update');
    if (!c || c.deletedAt) throw notFound('No challenge with that id.');
    if (c.creatorId !== caller.id && !caller.isAdmin)
      throw new ApiError(403, 'Only the creator of this challenge or an admin can change it.');
    const [scored] = await tx
      .select({ n: count() })
      .from(challengeScores)
      .where(and(eq(challengeScores.challengeId, id), isNull(challengeScores.deletedAt)));
    const rulesChanged =
      values.scoreType !== c.scoreType ||
      values.timeCapMs !== c.timeCapMs ||
      values.repsPerRound !== c.repsPerRound ||
      values.hasTiebreak !== c.hasTiebreak ||
      values.teamRule !== c.teamRule ||
      values.teamBestN !== c.teamBestN;
    // The gym rule is the creator's to change until the challenge starts (athletes may have joined).
    if ((values.gymRule !== c.gymRule || values.gymBestN !== c.gymBestN) && now >= c.startsAt)
      throw conflict('The challenge has started, so whether it is a gym event and its gym rule can no longer change.');
    if ((scored?.n ?? 0) > 0 && rulesChanged)
      throw conflict('Scores exist, so the score type and scoring rules (the team rule too) can no longer change.');
    // Athletes joined as individuals have no team, and team members would lose theirs.
    if (values.kind !== c.kind && c.participantCount > 0)
      throw conflict('Athletes have joined, so the challenge can no longer switch between individual and team.');
    if (values.teamSizeMax !== null) {
      const [largest] = await tx.select({ n: sql<number>`coalesce(max(members), 0)::int` }).from(
        tx
          .select({ members: count().as('members') })
          .from(challengeParticipants)
          .where(and(eq(challengeParticipants.challengeId, id), isNotNull(challengeParticipants.teamId)))
          .groupBy(challengeParticipants.teamId)
          .as('sizes'),
      );
      if ((largest?.n ?? 0) > values.teamSizeMax)
        throw conflict(`A team already has ${largest!.n} members: the team size limit cannot be lower.`);
    }
    if ((values.sexDivisions !== c.sexDivisions || values.ageScheme !== c.ageScheme) && c.participantCount > 0)
      throw conflict('Athletes have joined in their divisions, so how the board splits (sex, age groups) can no longer change.');
    if (values.participantCap !== null && values.participantCap < c.participantCount) {
      throw conflict(`${c.participantCount} athletes have already joined: the cap cannot be lower.`);
    }
    const [row] = await tx
      .update(challenges)
      .set({ ...values, updatedAt: now })
      .where(eq(challenges.id, id))
      .returning();
    return row!;
  });
  return (await withCreators(db, [updated], now))[0]!;
}

export async function deleteChallenge(ctx: AppContext, adminId: number, id: number, reason: string) {
  const why = reason.trim();
  if (!why) throw badRequest('Give a reason for deleting the challenge.', 'deletion_reason');
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
  const rows = await ctx.database.db
    .select()
    .from(challenges)
    .where(isNotNull(challenges.deletedAt))
    .orderBy(desc(challenges.deletedAt))
    .limit(200);
  return { items: await withCreators(ctx.database.db, rows, ctx.now()) };
}

export async function getChallenge(ctx: AppContext, id: number, caller: { id: number; isAdmin: boolean } | null) {
  const db = ctx.database.db;
  const c = await loadChallenge(db, id);
  // Hidden by moderators: only its creator and staff still see it.
  if (c.hiddenAt && !(caller && (caller.id === c.creatorId || caller.isAdmin))) throw notFound('No challenge with that id.');
  const [base] = await withCreators(db, [c], ctx.now());
  const myEntry = caller ? await participation(ctx, c, caller.id) : null;
  return {
    ...base!,
    my_entry: myEntry,
    can_edit: !!caller && (caller.id === c.creatorId || caller.isAdmin),
    profile_sex: caller ? await profileSex(db, caller.id) : null,
  };
}
