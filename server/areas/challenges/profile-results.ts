import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/rows.ts';
import { categorySizeSql, placeOfKey } from '#server/lib/boards/rank-slices.ts';
import { boardName } from '#domain/places.ts';
import type { DivisionScheme } from '#domain/divisions.ts';
import { formatScore, type Division, type EncodedScore, type ScoreType } from '#domain/scoring/index.ts';
import { challengeStatus } from './challenge.ts';

// An athlete's results in challenges not linked to a catalogue test, for their profile (issue #37): such a score
// never becomes a personal record, so without this it reached the profile only as a final place once the challenge
// had closed.

/** The most results a profile lists. */
const RESULTS_LIMIT = 50;

interface ResultRow {
  id: number;
  title: string;
  score_type: string;
  reps_per_round: number | null;
  starts_at: string | Date;
  ends_at: string | Date;
  sex_divisions: string;
  age_scheme: string;
  status: string;
  value: number | string;
  tiebreak_ms: number | null;
  category: string;
  division: string;
  rank: number;
  of: number;
}

// The rank-slice fragments take a challenge id and a category as values; here they read the entry's own columns.
const column = <T>(text: string) => sql.raw(text) as unknown as T;
const placeOf = (division: Division) =>
  placeOfKey(column<number>('e.challenge_id'), division, sql.raw('e.sort_key'), column<string>('e.category'));

/**
 * Every challenge without a catalogue test in which the athlete's best score (their board entry) is verified: not held
 * for review, and with no video or one a judge has passed. With the place on their own board (category × division),
 * counted from the rank slices as placeOnBoard does, all in one statement. A private challenge shows only to its athlete.
 */
export async function athleteChallengeResults(ctx: AppContext, userId: number, viewerId: number | null) {
  const now = ctx.now();
  const self = viewerId === userId;
  const visible: SQL = self ? sql`true` : sql`c.visibility = 'public'`;
  const rows = await rowsOf<ResultRow>(
    ctx.database.db,
    sql`select c.id, c.title, c.score_type, c.reps_per_round, c.starts_at, c.ends_at, c.sex_divisions, c.age_scheme,
          e.status, e.value, e.tiebreak_ms, e.category, e.division,
          case when e.division = 'scaled' then ${placeOf('scaled')} else ${placeOf('rx')} end as rank,
          ${categorySizeSql(column<number>('e.challenge_id'), column<string>('e.category'), column<Division>('e.division'))} as of
        from challenge_entries e
        join challenges c on c.id = e.challenge_id
        join challenge_scores s on s.id = e.score_id
        where e.user_id = ${userId} and c.test_id is null and c.deleted_at is null and c.hidden_at is null and ${visible}
          and s.verification = 'verified' and s.deleted_at is null and s.hidden_at is null
          and not exists (select 1 from score_videos sv where sv.score_id = e.score_id and sv.state <> 'judged')
        order by c.ends_at desc, c.id desc
        limit ${RESULTS_LIMIT}`,
  );
  return {
    items: rows.map((r) => {
      const encoded: EncodedScore = { status: r.status as EncodedScore['status'], value: Number(r.value), tiebreakMs: r.tiebreak_ms };
      const rank = Number(r.rank);
      const scheme = { sex: r.sex_divisions, age: r.age_scheme } as DivisionScheme;
      const division = r.division as Division;
      return {
        challenge: {
          id: r.id,
          title: r.title,
          score_type: r.score_type as ScoreType,
          status: challengeStatus({ startsAt: new Date(r.starts_at), endsAt: new Date(r.ends_at), deletedAt: null }, now),
        },
        score: {
          status: encoded.status,
          value: encoded.value,
          display: formatScore(r.score_type as ScoreType, encoded, { repsPerRound: r.reps_per_round }),
        },
        // The slices and the entry are read in one statement, but never say "5th of 4".
        place: { rank, of: Math.max(Number(r.of), rank), board: boardName(scheme, r.category, division), category: r.category, division },
        verified: true as const,
      };
    }),
  };
}
