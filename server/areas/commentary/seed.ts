import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { commentaryLines } from '#server/db/schema.ts';
import { hiddenFromBoards } from '#server/lib/boards/privacy-names.ts';
import { anonymousName } from '#domain/privacy.ts';
import { templateLine, type MoveFacts } from '#domain/commentary.ts';
import { formatScore, type ScoreType } from '#domain/scoring/index.ts';
import { battleRoundMoments } from './battle-moves.ts';

const HOUR = 3_600_000;

/**
 * The demo world's commentary, from the open challenges' boards as seeded: on each of the first three
 * with at least three athletes, the leader's line (published) and a climb into third (waiting for an editor);
 * and each seeded battle's closed rounds, told as a close tells them (published).
 */
export async function seedDemoCommentary(tx: Database, now: number) {
  const at = new Date(now).toISOString();
  const open = await rowsOf<{ id: number; title: string; score_type: string; reps_per_round: number | null }>(
    tx,
    sql`select id, title, score_type, reps_per_round from challenges
      where starts_at <= ${at}::timestamptz and ends_at > ${at}::timestamptz and deleted_at is null order by id limit 3`,
  );
  for (const c of open) {
    const top = await rowsOf<{ user_id: number; display_name: string; anonymous: boolean; status: string; value: string }>(
      tx,
      sql`select e.user_id, u.display_name, (${hiddenFromBoards(sql`e.user_id`)}) as anonymous, e.status, e.value::text as value
        from challenge_entries e join users u on u.id = e.user_id
        where e.challenge_id = ${c.id} order by e.sort_key, e.submitted_at limit 3`,
    );
    if (top.length < 3) continue;
    const name = (r: (typeof top)[number]) => (r.anonymous ? anonymousName(Number(r.user_id)) : r.display_name);
    const score = (r: (typeof top)[number]) =>
      formatScore(
        c.score_type as ScoreType,
        { status: r.status as 'finished' | 'capped', value: Number(r.value), tiebreakMs: null },
        { repsPerRound: c.reps_per_round },
      );
    const leader: MoveFacts = {
      kind: 'new_leader',
      athlete: name(top[0]!),
      challenge: c.title,
      place: 1,
      previous_place: 2,
      previous_leader: name(top[1]!),
      score: score(top[0]!),
    };
    const jump: MoveFacts = {
      kind: 'big_jump',
      athlete: name(top[2]!),
      challenge: c.title,
      place: 3,
      previous_place: 9,
      previous_leader: null,
      score: score(top[2]!),
    };
    const written = new Date(now - 2 * HOUR);
    await tx.insert(commentaryLines).values([
      {
        challengeId: c.id,
        userId: Number(top[0]!.user_id),
        kind: leader.kind,
        facts: leader,
        text: templateLine(leader, c.id),
        source: 'template',
        status: 'published',
        createdAt: written,
        decidedAt: written,
        publishedAt: written,
      },
      {
        challengeId: c.id,
        userId: Number(top[2]!.user_id),
        kind: jump.kind,
        facts: jump,
        text: templateLine(jump, c.id),
        source: 'template',
        status: 'queued',
        createdAt: new Date(now - HOUR),
      },
    ]);
  }
  await seedBattleCommentary(tx, now);
}

/** The closed rounds of the seeded battles, their moments written by the templates and published. */
async function seedBattleCommentary(tx: Database, now: number) {
  const rounds = await rowsOf<{ battle_id: number; round_no: number }>(
    tx,
    sql`select battle_id, round_no from battle_rounds where closed_at is not null and field_size is not null order by battle_id, round_no`,
  );
  const written = new Date(now - HOUR);
  for (const r of rounds) {
    const battleId = Number(r.battle_id);
    for (const m of await battleRoundMoments(tx, { battleId, roundNo: Number(r.round_no) }))
      await tx
        .insert(commentaryLines)
        .values({
          battleId,
          userId: m.userId,
          eventKey: m.key,
          kind: m.facts.kind,
          facts: m.facts,
          text: templateLine(m.facts, battleId + Number(r.round_no)),
          source: 'template',
          status: 'published',
          createdAt: written,
          decidedAt: written,
          publishedAt: written,
        })
        .onConflictDoNothing();
  }
}
