import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { challenges, liveAttempts } from '#server/db/schema.ts';
import { rowsOf } from '#server/db/rows.ts';
import { hiddenFromBoards } from '#server/lib/boards/privacy-names.ts';
import { anonymousName } from '#domain/privacy.ts';
import { liveCountUnit, liveScoreBody } from '#domain/live.ts';
import { encodeScore, formatScore, type EncodedScore, type ScoreType } from '#domain/scoring/index.ts';
import { liveEvents, projectedCount, type LiveEvent, type LiveFacts } from '#domain/commentary.ts';
import { rulesOf, scoreInputFor } from '../challenges/index.ts';
import { writeSoon } from './write-soon.ts';

/** An applied update of a live count (the live area's hook, called after its answer is decided). */
export interface LiveCountMove {
  attemptId: number;
  previousCount: number;
  count: number;
  elapsedMs: number;
}

/**
 * After a live count moved: whether it made a moment worth a line (a round passed, the leader's mark or
 * one's own best passed, a pace to lead, the last minute), and if so a line for each (`writeSoon`). Nothing
 * here is on the update's request path: the check runs after the answer; a model's lines are the board's job's.
 */
export function noteLiveCount(ctx: AppContext, move: LiveCountMove): void {
  ctx.tasks.defer('live commentary', async () => {
    const moments = await liveMoments(ctx.database.db, move);
    for (const m of moments)
      writeSoon(ctx, {
        challenge_id: m.challengeId,
        user_id: m.userId,
        attempt_id: move.attemptId,
        event_key: m.event.key,
        facts: m.facts,
      });
  });
}

interface Mark {
  user_id: number;
  display_name: string;
  anonymous: boolean;
  status: string;
  value: string;
  sort_key: string;
}

/**
 * The marks a live count is set against: the best finished entry of anyone else on the board (the leader's,
 * with the name the board shows) and the athlete's own best entry (its sort key places it on the board).
 */
export async function boardMarks(db: Database, challengeId: number, userId: number) {
  const marks = await rowsOf<Mark & { mine: boolean }>(
    db,
    sql`(select e.user_id, u.display_name, (${hiddenFromBoards(sql`e.user_id`)}) as anonymous, e.status, e.value::text as value,
          e.sort_key::text as sort_key, false as mine
        from challenge_entries e join users u on u.id = e.user_id
        where e.challenge_id = ${challengeId} and e.user_id <> ${userId} order by e.sort_key, e.submitted_at limit 1)
      union all
      (select e.user_id, '' as display_name, false as anonymous, e.status, e.value::text as value, e.sort_key::text as sort_key, true as mine
        from challenge_entries e where e.challenge_id = ${challengeId} and e.user_id = ${userId} order by e.sort_key limit 1)`,
  );
  return {
    leader: marks.find((m) => !m.mine && m.status === 'finished') ?? null,
    best: marks.find((m) => m.mine && m.status === 'finished') ?? null,
    /** The athlete's own entry, finished or not (where they stand on the board). */
    own: marks.find((m) => m.mine) ?? null,
  };
}

/**
 * A live count as the board would encode it (higher is better), or null: a for-time workout (its count is
 * not its score) or a count that is not a score yet.
 */
export function liveBoardScore(c: typeof challenges.$inferSelect, count: number | null, elapsedMs: number): EncodedScore | null {
  const rules = rulesOf(c);
  if (count === null || rules.scoreType === 'time') return null;
  const body = liveScoreBody(rules, { count, elapsedMs, finished: false });
  if (!body) return null;
  try {
    return encodeScore(rules, scoreInputFor(rules.scoreType, body), null);
  } catch {
    return null;
  }
}

/** The moments one update made, with their public facts (names as the board shows them). */
export async function liveMoments(db: Database, move: LiveCountMove) {
  const [row] = await db
    .select({ attempt: liveAttempts, challenge: challenges })
    .from(liveAttempts)
    .innerJoin(challenges, eq(challenges.id, liveAttempts.challengeId))
    .where(eq(liveAttempts.id, move.attemptId));
  if (!row || row.attempt.status === 'abandoned') return [];
  const { attempt: a, challenge: c } = row;
  const rules = rulesOf(c);
  const [me] = await rowsOf<{ display_name: string; anonymous: boolean }>(
    db,
    sql`select u.display_name, (${hiddenFromBoards(sql`u.id`)}) as anonymous from users u where u.id = ${a.userId}`,
  );
  const { leader, best } = await boardMarks(db, c.id, a.userId);
  // A for-time workout's count is not its score: only its rounds and its last minute are told.
  const counted = rules.scoreType !== 'time';
  const encoded = (count: number | null) => liveBoardScore(c, count, move.elapsedMs);
  const unit = liveCountUnit(rules);
  const projected = encoded(projectedCount(move.count, move.elapsedMs, c.timeCapMs));
  const events = liveEvents({
    previousCount: move.previousCount,
    count: move.count,
    elapsedMs: move.elapsedMs,
    capMs: c.timeCapMs,
    repsPerRound: rules.scoreType === 'rounds_reps' ? (rules.repsPerRound ?? null) : null,
    tapIsRound: unit === 'rounds',
    previousValue: encoded(move.previousCount)?.value ?? null,
    value: encoded(move.count)?.value ?? null,
    projectedValue: projected?.value ?? null,
    leaderValue: leader ? Number(leader.value) : null,
    bestValue: best ? Number(best.value) : null,
  });
  if (!events.length || !me) return [];
  const text = (score: EncodedScore) => formatScore(c.scoreType as ScoreType, score, { repsPerRound: c.repsPerRound });
  const markText = (m: Mark | null) => (m ? text({ status: 'finished', value: Number(m.value), tiebreakMs: null }) : null);
  const nameOf = (id: number, name: string, anonymous: boolean) => (anonymous ? anonymousName(id) : name);
  const countText =
    encoded(move.count) !== null
      ? text(encoded(move.count)!)
      : `${move.count} ${unit === 'rounds' ? 'rounds' : unit === 'calories' ? 'cal' : unit === 'points' ? 'pts' : 'reps'}`;
  const factsOf = (e: LiveEvent): LiveFacts => {
    // A for-time workout's leader holds a time, not a count: no mark to set a count against.
    const againstLeader = counted && e.kind !== 'live_round' && e.kind !== 'live_best';
    return {
      kind: e.kind,
      athlete: nameOf(a.userId, me.display_name, me.anonymous),
      challenge: c.title,
      count: countText,
      round: e.round,
      mark: e.kind === 'live_best' ? markText(best) : againstLeader ? markText(leader) : null,
      rival: againstLeader && leader ? nameOf(Number(leader.user_id), leader.display_name, leader.anonymous) : null,
      projected: e.kind === 'live_pace' && projected ? text(projected) : null,
      seconds_left: e.kind === 'live_last_minute' && c.timeCapMs ? Math.max(1, Math.ceil((c.timeCapMs - move.elapsedMs) / 1000)) : null,
    };
  };
  return events.map((event) => ({ challengeId: c.id, userId: a.userId, event, facts: factsOf(event) }));
}
