import { and, asc, desc, eq, gte, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { achievements } from '#server/db/schema.ts';
import { badRequest } from '#server/errors.ts';
import { ACHIEVEMENT_CATCH_UP_LIMIT, ACHIEVEMENT_CATCH_UP_MS } from '#domain/constants.ts';
import {
  firstScoreAchievement,
  personalRecordAchievement,
  podiumAchievement,
  streakAchievement,
  type AchievementFields,
  type PersonalRecordEvent,
} from '#domain/achievement-rules.ts';
import { payloadOf, publish, REALTIME_CHANNEL, type RealtimeEnvelope } from '#server/lib/realtime/realtime-events.ts';
import {
  isTimeZone,
  listStreaks,
  planSubmission,
  presentStreak,
  saveStreaks,
  setTimeZone,
  streakRowsJson,
  type StreakRow,
} from './streaks.ts';
import { statement } from '#server/db/statement.ts';
import type { Place } from '#domain/places.ts';

type AchievementRow = typeof achievements.$inferSelect;

export function presentAchievement(row: AchievementRow) {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    icon: row.icon,
    rarity: row.rarity,
    points: row.points,
    unlocked_at: row.unlockedAt.toISOString(),
    progress: 100,
    streak_data: row.streakData ?? null,
    celebration_level: row.celebrationLevel,
    share_worthy: row.shareWorthy,
    full_screen: row.fullScreen,
  };
}

export type AchievementView = ReturnType<typeof presentAchievement>;

/** The row an achievement is stored as (all but its id), its texts cut to the columns' lengths. */
function achievementRow(userId: number, key: string, fields: AchievementFields, at: Date): Omit<AchievementRow, 'id'> {
  return {
    userId,
    key,
    type: fields.type,
    title: fields.title.slice(0, 160),
    description: fields.description.slice(0, 500),
    icon: fields.icon,
    rarity: fields.rarity,
    points: fields.points,
    celebrationLevel: fields.celebration_level,
    shareWorthy: fields.share_worthy,
    streakData: fields.streak_data,
    fullScreen: fields.full_screen ?? false,
    unlockedAt: at,
    poppedAt: null,
  };
}

/**
 * Stores an achievement once per athlete and key: the second unlock of the same key
 * (a replayed event, a retried request, two nodes racing) inserts nothing and returns null.
 */
export async function unlock(
  tx: Database,
  userId: number,
  key: string,
  fields: AchievementFields,
  at: Date,
): Promise<AchievementView | null> {
  const [row] = await tx
    .insert(achievements)
    .values(achievementRow(userId, key, fields, at))
    .onConflictDoNothing({ target: [achievements.userId, achievements.key] })
    .returning();
  return row ? presentAchievement(row) : null;
}

/** A podium place on a closed challenge's board (final-standings.ts), to celebrate once. */
export interface PodiumFinish {
  userId: number;
  challengeId: number;
  challengeTitle: string;
  place: Place;
}

/**
 * The podium achievements of a closed challenge, inside the caller's transaction: one per athlete and challenge
 * (key `podium:<challenge>`), each announced to the athlete's sockets once it is stored. Returns how many were new.
 */
export async function celebratePodiums(tx: Database, finishes: PodiumFinish[], at: Date): Promise<number> {
  const announced: RealtimeEnvelope[] = [];
  for (const f of finishes) {
    const achievement = await unlock(tx, f.userId, `podium:${f.challengeId}`, podiumAchievement(f.place, f.challengeTitle), at);
    if (achievement) announced.push({ to: { user: f.userId }, message: { type: 'achievement_unlocked', achievement } });
  }
  if (announced.length > 0) await publish(tx, announced);
  return announced.length;
}

/** What a submission did to an athlete's streaks and achievements, as messages for their sockets. */
export interface ScoreSubmitted {
  userId: number;
  at: Date;
  /** true: beat the athlete's best in the challenge; false: did not; null: first score or held for review. */
  improved: boolean | null;
  challengeTitle: string;
  /** The athlete's streak rows, locked by the caller's transaction (one per type). */
  streaks: StreakRow[];
  timeZone: string;
  /** The athlete already holds the first-score achievement (read under the caller's lock; false when unsure). */
  hasFirstScore: boolean;
}

/** The values every `scoreEffects` statement binds (the caller's place adds its own). */
const EFFECT_PARAMETERS = ['user_id', 'streaks', 'unlocking', 'messages'] as const;
type EffectParameter = (typeof EFFECT_PARAMETERS)[number];

/**
 * What a submitted score means for the athlete beyond the board: streaks move, milestones
 * and a first score unlock achievements, and the athlete's sockets hear of it, followed by
 * the caller's own messages (`then`). One statement inside the submission's transaction:
 * the messages leave only if the score is stored, and an achievement the athlete already
 * holds is neither stored nor announced again.
 *
 * `place` is the athlete's place as SQL over the caller's own placeholders (`placeNames`),
 * read as the statement runs: it is set as `rank` in `then`'s messages that carry one, and
 * returned. `boardPlace` (a JSON Place that names its board, or null) is set as `place` in
 * the messages that carry one. The statement's text is built once, here, not per submission.
 */
export function scoreEffects<N extends string>(
  placeNames: readonly N[],
  place: (p: Record<N, Placeholder>) => SQL,
  boardPlace: (p: Record<N, Placeholder>) => SQL = () => sql`null`,
) {
  const run = statement<EffectParameter | N>([...EFFECT_PARAMETERS, ...placeNames], (p) => {
    return sql`with saved as (${saveStreaks(p.user_id, p.streaks)}), unlocked as (
      insert into ${achievements}
        (user_id, key, type, title, description, icon, rarity, points, celebration_level, share_worthy, streak_data, full_screen, unlocked_at)
      select a."userId", a.key, a.type, a.title, a.description, a.icon, a.rarity, a.points, a."celebrationLevel", a."shareWorthy",
             a."streakData", a."fullScreen", a."unlockedAt"
      from jsonb_to_recordset(${p.unlocking}::jsonb) as a("userId" int, key varchar, type varchar, title varchar, description varchar,
             icon varchar, rarity varchar, points int, "celebrationLevel" varchar, "shareWorthy" boolean, "streakData" jsonb, "fullScreen" boolean,
             "unlockedAt" timestamptz)
      on conflict (user_id, key) do nothing
      returning id, key
    ), placed as materialized (
      select (${place(p)})::int as rank, (${boardPlace(p)})::jsonb as place
    )
    select pg_notify(${REALTIME_CHANNEL}, case
        when m.key is not null then jsonb_set(m.payload::jsonb, '{message,achievement,id}', to_jsonb(u.id))::text
        when m.ranked then jsonb_set(m.payload::jsonb, '{message,rank}', coalesce(to_jsonb(placed.rank), 'null'::jsonb))::text
        when m.placed then jsonb_set(m.payload::jsonb, '{message,place}', coalesce(placed.place, 'null'::jsonb))::text
        else m.payload end),
      placed.rank
    from jsonb_to_recordset(${p.messages}::jsonb) as m(n int, key varchar, ranked boolean, placed boolean, payload text)
    cross join placed
    left join unlocked u on u.key = m.key
    where m.key is null or u.id is not null
    order by m.n`;
  });

  return async (
    tx: Database,
    input: ScoreSubmitted,
    then: RealtimeEnvelope[],
    placeValues: Record<N, unknown>,
  ): Promise<{ rank: number | null }> => {
    const { updates, changes } = planSubmission(input.streaks, input.timeZone, { at: input.at, improved: input.improved });
    const to = { user: input.userId };
    // Messages in order; one that shows an achievement goes out only if this statement stores it.
    const messages: { key: string | null; envelope: RealtimeEnvelope }[] = [];
    const unlocking: Omit<AchievementRow, 'id'>[] = [];
    const unlockable = (key: string, fields: AchievementFields) => {
      const row = achievementRow(input.userId, key, fields, input.at);
      unlocking.push(row);
      return presentAchievement({ id: 0, ...row }); // the stored row's id is set in SQL
    };
    for (const change of changes) {
      messages.push({
        key: null,
        envelope: { to, message: { type: 'streak_updated', streak: presentStreak(change.row, change.row.currentCount) } },
      });
      if (change.milestone === null) continue;
      const key = `streak:${change.type}:${change.milestone}`;
      const achievement = unlockable(key, streakAchievement(change.type, change.milestone));
      messages.push({
        key,
        envelope: { to, message: { type: 'milestone_reached', streak_type: change.type, count: change.milestone, achievement } },
      });
    }
    // Tried until the athlete holds it; of racing tries only one inserts.
    if (!input.hasFirstScore) {
      const first = unlockable('first_score', firstScoreAchievement(input.challengeTitle));
      messages.push({ key: 'first_score', envelope: { to, message: { type: 'achievement_unlocked', achievement: first } } });
    }
    for (const envelope of then) messages.push({ key: null, envelope });

    // Rows travel as JSON documents, so the statement's text (and its prepared plan) does not depend on how many there are.
    const [sent] = await run<{ rank: number | null }>(tx, {
      ...placeValues,
      user_id: input.userId,
      streaks: streakRowsJson(updates),
      unlocking: JSON.stringify(unlocking),
      messages: JSON.stringify(
        messages.map((m, i) => ({
          n: i,
          key: m.key,
          ranked: 'rank' in m.envelope.message,
          placed: 'place' in m.envelope.message,
          payload: payloadOf(m.envelope),
        })),
      ),
    });
    return { rank: sent?.rank === null || sent?.rank === undefined ? null : Number(sent.rank) };
  };
}

/**
 * The personal-record path: the personal-records service calls this inside the transaction
 * that approves a new best. One achievement per athlete, test and record value, and one
 * PERSONAL_RECORD_ACHIEVED message to the athlete's sockets.
 */
export async function celebratePersonalRecord(tx: Database, event: PersonalRecordEvent, at: Date): Promise<AchievementView | null> {
  const key = `pr:${event.test_id}:${event.new_record_value_raw}:${event.achieved_date}`.slice(0, 120);
  const achievement = await unlock(tx, event.user_id, key, personalRecordAchievement(event), at);
  if (achievement)
    await publish(tx, [{ to: { user: event.user_id }, message: { type: 'PERSONAL_RECORD_ACHIEVED', ...event, achievement } }]);
  return achievement;
}

export async function listAchievements(ctx: AppContext, userId: number) {
  const rows = await ctx.database.db
    .select()
    .from(achievements)
    .where(eq(achievements.userId, userId))
    .orderBy(desc(achievements.unlockedAt), desc(achievements.id))
    .limit(200);
  const [total] = await ctx.database.db
    .select({ points: sql<number>`coalesce(sum(${achievements.points}), 0)::int` })
    .from(achievements)
    .where(eq(achievements.userId, userId));
  return { items: rows.map(presentAchievement), total_points: total?.points ?? 0 };
}

/**
 * The achievements this athlete's tab should pop up now: unlocked in the last
 * ACHIEVEMENT_CATCH_UP_MS and not yet taken by any tab, oldest first. Taking them marks them
 * popped in the same statement, so of two tabs (or a reconnect racing a live message) only
 * one gets each: an achievement pops up once.
 */
export async function takePopups(ctx: AppContext, userId: number) {
  const now = ctx.now();
  const since = new Date(now.getTime() - ACHIEVEMENT_CATCH_UP_MS);
  const rows = await ctx.database.db
    .update(achievements)
    .set({ poppedAt: now })
    .where(
      and(
        isNull(achievements.poppedAt),
        inArray(
          achievements.id,
          ctx.database.db
            .select({ id: achievements.id })
            .from(achievements)
            .where(and(eq(achievements.userId, userId), isNull(achievements.poppedAt), gte(achievements.unlockedAt, since)))
            .orderBy(asc(achievements.unlockedAt), asc(achievements.id))
            .limit(ACHIEVEMENT_CATCH_UP_LIMIT),
        ),
      ),
    )
    .returning();
  rows.sort((a, b) => a.unlockedAt.getTime() - b.unlockedAt.getTime() || a.id - b.id);
  return { items: rows.map(presentAchievement) };
}

export async function myStreaks(ctx: AppContext, userId: number) {
  return { items: await listStreaks(ctx.database.db, userId, ctx.now()) };
}

export async function updateTimeZone(ctx: AppContext, userId: number, zone: string) {
  if (!isTimeZone(zone)) throw badRequest(`${zone} is not a time zone we know; use an IANA name such as Europe/Berlin.`);
  await setTimeZone(ctx.database.db, userId, zone);
  return { time_zone: zone };
}
