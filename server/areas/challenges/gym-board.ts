import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { athleteProfiles, challengeParticipants, gyms } from '#server/db/schema.ts';
import type { ChallengeRow } from './challenge.ts';
import { allUnitRows, keepUnitBoardNow, unitRankings, type BoardUnit } from './unit-board.ts';

// The gym board of a multi-gym event (unit-board.ts ranks it): an athlete counts for the gym stored on
// their participation when they joined (challenge_participants.gym_id).

interface GymName {
  id: number;
  name: string;
  city: string;
  verified: boolean;
}

/** The gym the viewer counts for here: the one stored when they joined, else their profile's (one round trip). */
async function viewerGymOf(db: Database, challengeId: number, viewerId: number | null): Promise<number[]> {
  if (viewerId === null) return [];
  const [row] = await rowsOf<{ joined: boolean; joined_gym: number | null; profile_gym: number | null }>(
    db,
    sql`select exists (select 1 from ${challengeParticipants} p where p.challenge_id = ${challengeId} and p.user_id = ${viewerId}) as joined,
      (select p.gym_id from ${challengeParticipants} p where p.challenge_id = ${challengeId} and p.user_id = ${viewerId}) as joined_gym,
      (select a.gym_id from ${athleteProfiles} a where a.user_id = ${viewerId}) as profile_gym`,
  );
  const gym = row?.joined ? row.joined_gym : (row?.profile_gym ?? null);
  return gym === null ? [] : [Number(gym)];
}

export const GYM_UNIT: BoardUnit<GymName> = {
  unit: 'gyms',
  members: (challengeId) =>
    sql`select p.gym_id as unit_id, p.user_id from challenge_participants p where p.challenge_id = ${challengeId} and p.gym_id is not null`,
  viewerUnits: viewerGymOf,
  // Read for the rows served, so an editor's rename shows at once, also on a kept board.
  async names(db, ids) {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: gyms.id, name: gyms.name, city: gyms.city, verified: gyms.verified })
      .from(gyms)
      .where(inArray(gyms.id, ids));
    return new Map(rows.map((g) => [g.id, g]));
  },
};

const unlisted = (id: number): GymName => ({ id, name: 'Gym no longer listed', city: '', verified: false });

/** Every gym of the board in order (what the tests compare with the naive ranking). */
export const allGymRows = (db: Database, c: ChallengeRow) => allUnitRows(db, GYM_UNIT, c);

/** A page of a gym event's gym board, with the viewer's gym pinned (null when they have none on it). */
export async function gymRankings(ctx: AppContext, challengeId: number, q: { offset: number; limit: number }, viewerId: number | null) {
  const page = await unitRankings(ctx, GYM_UNIT, unlisted, challengeId, q, viewerId);
  const shown = ({ name, ...row }: (typeof page.items)[number]) => ({ ...row, gym: name });
  return { ...page.challenge, items: page.items.map(shown), me: page.mine[0] ? shown(page.mine[0]) : null };
}

/** Computes and keeps a challenge's gym board now (the bench: the kept path without waiting for a slow read). */
export const keepGymBoardNow = (ctx: AppContext, challengeId: number) => keepUnitBoardNow(ctx, GYM_UNIT, challengeId);
