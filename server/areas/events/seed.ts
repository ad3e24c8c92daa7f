import type { Database } from '#server/db/index.ts';
import { events, eventWorkouts } from '#server/db/schema.ts';

const DAY = 86_400_000;

export interface EventWorkout {
  id: number;
  creatorId: number;
  position: number;
  startsAt: Date;
  endsAt: Date;
}

/** The demo world's multi-workout event: its running challenges ranked together by the sum of places, over the weeks they run. */
export async function seedDemoEvent(tx: Database, workouts: EventWorkout[], now: number) {
  if (workouts.length < 2) return;
  const startsAt = new Date(Math.min(...workouts.map((w) => w.startsAt.getTime())));
  const [e] = await tx
    .insert(events)
    .values({
      name: `RepForge Open ${new Date(now).getUTCFullYear()}`,
      description: `${workouts.length} workouts, one overall standing for women and men: the sum of your places wins, the lowest total on top.`,
      creatorId: workouts[0]!.creatorId,
      rule: 'sum_of_places',
      startsAt,
      endsAt: new Date(Math.max(...workouts.map((w) => w.endsAt.getTime()))),
      createdAt: new Date(startsAt.getTime() - 3 * DAY),
      updatedAt: new Date(startsAt.getTime() - 3 * DAY),
    })
    .returning({ id: events.id });
  await tx.insert(eventWorkouts).values(workouts.map((w) => ({ eventId: e!.id, challengeId: w.id, position: w.position })));
}
