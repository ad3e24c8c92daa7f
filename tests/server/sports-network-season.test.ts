import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athleteProfiles, challengeEntries, challengeScores, gyms, leagueEvents, leagueGyms, leagues, users } from '#server/db/schema.ts';
import { createChallenge } from '#server/areas/challenges/index.ts';
import { createEvent } from '#server/areas/events/events.ts';
import { seasonRows } from '#server/areas/sports-network/sports-network-season.ts';
import { DEFAULT_POINTS_TABLE, EVENT_RULES, type EventRule } from '#domain/events.ts';
import { seasonTable } from '#domain/sports-network.ts';
import { naiveStandings, type NaiveEntry } from '../unit/events-naive.ts';
import { createTestApp, databaseKinds } from './helpers.ts';

const POOL = 14;
const GYM_NAMES = ['Iron Temple', 'iron works', 'Barbell Club', 'Zenith Box'];
const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' } as const;

/** The season table the plain way: each event's naive standing per division, then domain/sports-network.ts. */
function naiveSeason(o: {
  events: { workouts: number[]; rule: EventRule; table: readonly number[] }[];
  entries: NaiveEntry[];
  gymOf: Map<number, number>;
  members: { gymId: number; name: string }[];
}) {
  const placesByEvent = o.events.map((ev) => {
    const byGym = new Map<number, number[]>();
    for (const category of ['female', 'male']) {
      for (const row of naiveStandings({ ...ev, entries: o.entries, category })) {
        const gym = o.gymOf.get(row.userId);
        if (gym === undefined) continue;
        byGym.set(gym, [...(byGym.get(gym) ?? []), row.overall]);
      }
    }
    return byGym;
  });
  return seasonTable(o.members.map((m) => ({ ...m, eventPlaces: placesByEvent.map((byGym) => byGym.get(m.gymId) ?? []) })));
}

describe.each(databaseKinds)('the season table on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let people: number[];
  let gymIds: number[];
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    const db = t.context.database.db;
    people = (
      await db
        .insert(users)
        .values(
          Array.from({ length: POOL }, (_, i) => ({
            email: `sn${i}@x.test`,
            emailNormalized: `sn${i}@x.test`,
            passwordHash: 'x',
            displayName: `Sn${i}`,
            createdAt: t.context.now(),
          })),
        )
        .returning({ id: users.id })
    ).map((r) => r.id);
    await db.insert(athleteProfiles).values(people.map((userId) => ({ userId, privacy: PUBLIC })));
    gymIds = (
      await db
        .insert(gyms)
        .values(GYM_NAMES.map((name) => ({ name, nameKey: name.toLowerCase(), createdAt: t.context.now() })))
        .returning({ id: gyms.id })
    ).map((r) => r.id);
  });
  afterAll(async () => t.close());

  const hour = 3_600_000;
  const workout = (title: string) => {
    const now = t.context.now().getTime();
    return createChallenge(t.context, people[0]!, {
      title,
      score_type: 'reps',
      kind: 'individual',
      starts_at: new Date(now - hour).toISOString(),
      ends_at: new Date(now + 48 * hour).toISOString(),
      sex_divisions: 'split',
    });
  };

  /** Board entries straight into the board index (what a verified score leaves there). */
  async function place(entries: NaiveEntry[]) {
    const db = t.context.database.db;
    for (const e of entries) {
      const [s] = await db
        .insert(challengeScores)
        .values({
          challengeId: e.challengeId,
          userId: e.userId,
          division: 'rx',
          status: 'finished',
          value: Number(e.sortKey),
          sortKey: e.sortKey,
          submittedAt: t.context.now(),
        })
        .returning({ id: challengeScores.id });
      await db.insert(challengeEntries).values({
        challengeId: e.challengeId,
        userId: e.userId,
        scoreId: s!.id,
        division: 'rx',
        sex: e.category,
        category: e.category,
        status: 'finished',
        value: Number(e.sortKey),
        sortKey: e.sortKey,
        submittedAt: t.context.now(),
      });
    }
  }

  it('puts the better best single event ahead of more event wins when totals tie', async () => {
    const db = t.context.database.db;
    const [a1, b1, b2, ...fill] = people;
    /** An event where each athlete has the same result in both workouts (lower is better). */
    const eventOf = async (name: string, results: [number, number][]) => {
      const ws = [await workout(`${name} W1`), await workout(`${name} W2`)];
      const ev = await createEvent(
        t.context,
        { id: people[0]!, isAdmin: true },
        { name, rule: 'sum_of_places', challenge_ids: ws.map((w) => w.id), starts_at: ws[0]!.starts_at, ends_at: ws[0]!.ends_at },
      );
      await place(results.flatMap(([userId, r]) => ws.map((w) => ({ challengeId: w.id, userId, category: 'female', sortKey: BigInt(r) }))));
      return ev.id;
    };
    const e1 = await eventOf('Tie E1', [[a1!, 0]]);
    const e2 = await eventOf('Tie E2', [
      [fill[0]!, 0],
      [fill[1]!, 1],
      [b1!, 2],
    ]);
    const e3 = await eventOf('Tie E3', [
      [fill[0]!, 0],
      [fill[1]!, 1],
      [fill[2]!, 2],
      [fill[3]!, 3],
      [b2!, 4],
    ]);
    await db.update(athleteProfiles).set({ gymId: gymIds[0]! }).where(eq(athleteProfiles.userId, a1!));
    await db
      .update(athleteProfiles)
      .set({ gymId: gymIds[1]! })
      .where(inArray(athleteProfiles.userId, [b1!, b2!]));
    const now = t.context.now();
    const [league] = await db
      .insert(leagues)
      .values({
        name: 'Tie league',
        seasonName: '2025',
        seasonStartsOn: '2025-01-01',
        seasonEndsOn: '2025-12-31',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await db.insert(leagueGyms).values(gymIds.slice(0, 2).map((gymId) => ({ leagueId: league!.id, gymId, addedAt: now })));
    await db.insert(leagueEvents).values([e1, e2, e3].map((eventId) => ({ leagueId: league!.id, eventId, addedAt: now })));
    // Iron Temple: 25 in E1 (best 25, one win); iron works: 15 + 10 (best 15, two wins). Both total 25.
    expect(await seasonRows(t.context, league!.id)).toMatchObject([
      { name: 'Iron Temple', place: 1, total: 25, best: 25, wins: 1 },
      { name: 'iron works', place: 2, total: 25, best: 15, wins: 2 },
    ]);
    await db.update(athleteProfiles).set({ gymId: null }).where(inArray(athleteProfiles.userId, people));
  }, 60_000);

  it('equals the naive computation over random gyms, events, rules, ties and missing results', async () => {
    const db = t.context.database.db;
    const athlete = fc.record({
      sex: fc.constantFrom('female', 'male'),
      // -1: no gym; 0 … 3: the gym of that index (index 3 is never a league member).
      gym: fc.integer({ min: -1, max: 3 }),
      // Per event, per workout: few distinct results so ties are common; null: no result.
      results: fc.array(fc.array(fc.option(fc.integer({ min: 0, max: 4 }), { nil: null, freq: 3 }), { minLength: 2, maxLength: 2 }), {
        minLength: 3,
        maxLength: 3,
      }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(athlete, { minLength: 1, maxLength: POOL }),
        fc.array(fc.constantFrom(...EVENT_RULES), { minLength: 0, maxLength: 3 }),
        fc.integer({ min: 1, max: 3 }),
        async (field, rules, memberCount) => {
          run++;
          const events: { id: number; workouts: number[]; rule: EventRule; table: readonly number[] }[] = [];
          for (const [k, rule] of rules.entries()) {
            const ws = [await workout(`R${run}E${k}W1`), await workout(`R${run}E${k}W2`)];
            const table = rule === 'points_table' ? DEFAULT_POINTS_TABLE.slice(0, 3) : [];
            const ev = await createEvent(
              t.context,
              { id: people[0]!, isAdmin: true },
              {
                name: `Run ${run} event ${k}`,
                rule,
                points_table: rule === 'points_table' ? [...table] : undefined,
                challenge_ids: ws.map((w) => w.id),
                // Different starts so the table's event order is fixed.
                starts_at: new Date(t.context.now().getTime() - (10 - k) * hour).toISOString(),
                ends_at: ws[0]!.ends_at,
              },
            );
            events.push({ id: ev.id, workouts: ws.map((w) => w.id), rule, table });
          }
          const entries: NaiveEntry[] = [];
          for (const [i, a] of field.entries()) {
            for (const [k, ev] of events.entries())
              for (const [w, r] of a.results[k]!.entries())
                if (r !== null) entries.push({ challengeId: ev.workouts[w]!, userId: people[i]!, category: a.sex, sortKey: BigInt(r) });
          }
          await place(entries);
          const gymOf = new Map<number, number>();
          for (const [i, a] of field.entries()) {
            const gymId = a.gym < 0 ? null : gymIds[a.gym]!;
            await db.update(athleteProfiles).set({ gymId }).where(eq(athleteProfiles.userId, people[i]!));
            if (gymId !== null) gymOf.set(people[i]!, gymId);
          }
          const now = t.context.now();
          const [league] = await db
            .insert(leagues)
            .values({
              name: `League ${run}`,
              seasonName: '2025',
              seasonStartsOn: '2025-01-01',
              seasonEndsOn: '2025-12-31',
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          const members = gymIds.slice(0, memberCount).map((gymId) => ({ gymId, name: GYM_NAMES[gymIds.indexOf(gymId)]! }));
          await db.insert(leagueGyms).values(members.map((m) => ({ leagueId: league!.id, gymId: m.gymId, addedAt: now })));
          if (events.length)
            await db.insert(leagueEvents).values(events.map((e) => ({ leagueId: league!.id, eventId: e.id, addedAt: now })));

          const want = naiveSeason({ events, entries, gymOf, members });
          const got = await seasonRows(t.context, league!.id);
          expect(got).toEqual(
            want.map((r) => ({
              gym_id: r.gymId,
              name: r.name,
              place: r.place,
              total: r.total,
              best: r.best,
              wins: r.wins,
              scores: r.scores,
            })),
          );
          // Athletes of other runs keep their entries; only the profiles' gyms move between runs.
          await db.update(athleteProfiles).set({ gymId: null }).where(inArray(athleteProfiles.userId, people));
        },
      ),
      { numRuns: kind === 'postgres' ? 10 : 20 },
    );
  }, 300_000);
});
