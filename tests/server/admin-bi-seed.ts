import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import type { Facts } from './admin-bi-naive.ts';

/** Inserts accounts made at the given instants; answers their ids in order. */
export async function insertUsers(db: Database, createdAt: Date[], prefix: string): Promise<number[]> {
  if (createdAt.length === 0) return [];
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
        select ${prefix} || i || '@bi.test', ${prefix} || i || '@bi.test', 'x', 'BI ' || i, t
        from unnest(${`{${createdAt.map((d) => `"${d.toISOString()}"`).join(',')}}`}::timestamptz[]) with ordinality as u(t, i)
        order by i
        returning id`,
  );
  return rows.map((r) => r.id);
}

export async function insertActivity(db: Database, rows: { userId: number; day: string }[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000);
    await db.execute(
      sql`insert into user_activity_days (user_id, day) values ${sql.join(
        batch.map((r) => sql`(${r.userId}, ${r.day}::date)`),
        sql`, `,
      )} on conflict do nothing`,
    );
  }
}

/** Every fact the rollups read, as stored. */
export async function readFacts(db: Database): Promise<Facts> {
  const [users, activity, views, joins, scores] = await Promise.all([
    rowsOf<{ id: number; created_at: string | Date }>(db, sql`select id, created_at from users`),
    rowsOf<{ user_id: number; day: string }>(db, sql`select user_id, day::text as day from user_activity_days`),
    rowsOf<{ challenge_id: number; day: string; visitor: string }>(
      db,
      sql`select challenge_id, day::text as day, visitor from challenge_view_days`,
    ),
    rowsOf<{ challenge_id: number; user_id: number; joined_at: string | Date }>(
      db,
      sql`select challenge_id, user_id, joined_at from challenge_participants`,
    ),
    rowsOf<{ challenge_id: number; user_id: number; submitted_at: string | Date; deleted: boolean }>(
      db,
      sql`select challenge_id, user_id, submitted_at, deleted_at is not null as deleted from challenge_scores`,
    ),
  ]);
  return {
    users: users.map((u) => ({ id: u.id, createdAt: new Date(u.created_at) })),
    activity: activity.map((a) => ({ userId: a.user_id, day: a.day })),
    views: views.map((v) => ({ challengeId: v.challenge_id, day: v.day, visitor: v.visitor })),
    joins: joins.map((j) => ({ challengeId: j.challenge_id, userId: j.user_id, joinedAt: new Date(j.joined_at) })),
    scores: scores.map((s) => ({
      challengeId: s.challenge_id,
      userId: s.user_id,
      submittedAt: new Date(s.submitted_at),
      deleted: s.deleted,
    })),
  };
}
