import type { Database } from '../db/index.ts';
import { events, eventWorkouts } from '../db/schema.ts';

const DAY = 86_400_000;

/** The demo world's multi-workout event: three running challenges ranked together by the sum of places. */
export async function seedDemoEvent(tx: Database, workouts: { id: number; creatorId: number }[], now: number) {
  if (workouts.length < 2) return;
  const [e] = await tx
    .insert(events)
    .values({
      name: 'RepForge Open 2026',
      description: 'Three workouts, one overall standing for women and men: the sum of your places wins, the lowest total on top.',
      creatorId: workouts[0]!.creatorId,
      rule: 'sum_of_places',
      startsAt: new Date(now - 5 * DAY),
      endsAt: new Date(now + 9 * DAY),
      createdAt: new Date(now - 8 * DAY),
      updatedAt: new Date(now - 8 * DAY),
    })
    .returning({ id: events.id });
  await tx.insert(eventWorkouts).values(workouts.map((w, i) => ({ eventId: e!.id, challengeId: w.id, position: i + 1 })));
}
