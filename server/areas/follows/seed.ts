import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { follows, kudos } from '#server/db/schema.ts';

const HOUR = 3_600_000;

/**
 * The demo world's follows and kudos: every athlete follows the next few in the cast (so each has followers and a
 * feed on first run), and gives kudos to some of the verified results of the people they follow.
 */
export async function seedDemoFollows(tx: Database, athleteIds: number[], now: number) {
  const n = athleteIds.length;
  if (n < 2) return;
  const pairs: (typeof follows.$inferInsert)[] = [];
  athleteIds.forEach((id, i) => {
    for (const step of [1, 2, 3, 5]) {
      const other = athleteIds[(i + step) % n]!;
      if (other !== id && !pairs.some((p) => p.followerId === id && p.followeeId === other))
        pairs.push({ followerId: id, followeeId: other, createdAt: new Date(now - (step * 24 + i) * HOUR) });
    }
  });
  await tx.insert(follows).values(pairs).onConflictDoNothing();
  // Kudos: each follower on every other of the latest verified results of those they follow (visible ones only).
  await tx.execute(sql`
    insert into ${kudos} (kind, item_id, user_id, created_at)
    select 'score', s.id, f.follower_id, s.submitted_at + interval '1 hour'
    from follows f
    join lateral (
      select cs.id, cs.submitted_at from challenge_scores cs
      join challenges c on c.id = cs.challenge_id
      where cs.user_id = f.followee_id and cs.verification = 'verified' and cs.deleted_at is null and cs.hidden_at is null
        and c.visibility = 'public' and c.deleted_at is null and c.hidden_at is null
      order by cs.submitted_at desc, cs.id desc limit 6
    ) s on true
    where (s.id + f.follower_id) % 2 = 0
    on conflict do nothing`);
}
