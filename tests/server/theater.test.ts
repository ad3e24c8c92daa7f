import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { challenges } from '#server/db/schema.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn } from './helpers.ts';
import { watchRoom } from './room-watch.ts';
import { expectSocketContractKept } from './socket-contract.ts';

// Every message the room watchers received keeps the contract (openapi/realtime.yaml).
afterEach(expectSocketContractKept);

const HOUR = 3_600_000;

describe.each(databaseKinds)('community theater on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  let coach: SignedIn;
  let ana: SignedIn;
  let ben: SignedIn;
  let cy: SignedIn;
  let challengeId: number;
  const scores: Record<string, number> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const theater = async (who?: SignedIn) => {
    const res = await call('GET', `/api/theater/challenges/${challengeId}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: {
        score_id: number;
        athlete: { display_name: string };
        display: string;
        video_url: string;
        votes: { up: number; down: number; total: number };
        my_vote: number | null;
        mine: boolean;
      }[];
    };
  };
  const vote = (who: SignedIn, name: string, value: number) => call('PUT', `/api/theater/scores/${scores[name]}/vote`, who, { value });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    coach = await signIn(t, 'coach@example.test', 'coach-password', 'Coach Carla');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
    cy = await signIn(t, 'cy@example.test', 'athlete-password', 'Cy');
    const now = t.clock.now().getTime();
    const res = await call('POST', '/api/challenges/', coach, {
      title: 'Burpee AMRAP',
      score_type: 'reps',
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + 48 * HOUR).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    challengeId = res.json().id;
    for (const [who, reps, url] of [
      [ana, 100, 'https://www.youtube.com/watch?v=ana'],
      [ben, 120, 'https://vimeo.com/42'],
      [cy, 90, null],
    ] as const) {
      expect((await call('POST', `/api/challenges/${challengeId}/join`, who, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
      const s = await call('POST', `/api/challenges/${challengeId}/submit-score`, who, url ? { reps, video_url: url } : { reps });
      expect(s.statusCode, s.body).toBe(201);
      scores[who === ana ? 'ana' : who === ben ? 'ben' : 'cy'] = s.json().score.id;
    }
  });
  afterAll(async () => t.close());

  it('lists only scores with an external video link, with counts for anyone and no vote for a visitor', async () => {
    const page = await theater();
    expect(page.items.map((i) => i.athlete.display_name).sort()).toEqual(['Ana', 'Ben']);
    const ana0 = page.items.find((i) => i.athlete.display_name === 'Ana')!;
    expect(ana0).toMatchObject({
      display: '100 reps',
      video_url: 'https://www.youtube.com/watch?v=ana',
      votes: { up: 0, down: 0, total: 0 },
      my_vote: null,
      mine: false,
    });
    expect((await theater(ana)).items.find((i) => i.athlete.display_name === 'Ana')!.mine).toBe(true);
    expect((await call('GET', '/api/theater/challenges/999999')).statusCode).toBe(404);
  });

  it('keeps one vote per person per score: a second vote changes it, removing takes it back', async () => {
    expect((await vote(cy, 'ana', 1)).json()).toMatchObject({ up: 1, down: 0, total: 1, my_vote: 1 });
    expect((await vote(cy, 'ana', 1)).json()).toMatchObject({ up: 1, total: 1 });
    expect((await vote(cy, 'ana', -1)).json()).toMatchObject({ up: 0, down: 1, total: -1, my_vote: -1 });
    expect((await theater(cy)).items.find((i) => i.athlete.display_name === 'Ana')).toMatchObject({ my_vote: -1, votes: { down: 1 } });
    const gone = await call('DELETE', `/api/theater/scores/${scores.ana}/vote`, cy);
    expect(gone.json()).toMatchObject({ up: 0, down: 0, total: 0, my_vote: null });
    expect((await theater(cy)).items.find((i) => i.athlete.display_name === 'Ana')!.my_vote).toBeNull();
  });

  it('refuses a vote on your own score, a bad value, a score with no public video, and a visitor', async () => {
    const own = await vote(ana, 'ana', 1);
    expect(own.statusCode).toBe(403);
    expect(refusal(own)).toMatch(/your own video/);
    expect((await vote(ben, 'ana', 5)).statusCode).toBe(400);
    expect((await vote(ana, 'cy', 1)).statusCode).toBe(404);
    expect((await call('PUT', `/api/theater/scores/${scores.ana}/vote`, undefined, { value: 1 })).statusCode).toBe(401);
    expect((await theater()).items.every((i) => i.votes.total === 0)).toBe(true);
  });

  it('ranks the best voted first and pushes new counts to the challenge room', async () => {
    // Ben scored more, so without votes he comes first.
    expect((await theater()).items.map((i) => i.athlete.display_name)).toEqual(['Ben', 'Ana']);
    const watcher = await watchRoom(base, coach, challengeId);
    expect((await vote(cy, 'ana', 1)).statusCode).toBe(200);
    expect(await watcher.next((m) => m.type === 'theater_votes')).toMatchObject({
      challenge_id: challengeId,
      score_id: scores.ana,
      up: 1,
      total: 1,
    });
    expect((await vote(ben, 'ana', 1)).statusCode).toBe(200);
    expect((await vote(ana, 'ben', -1)).statusCode).toBe(200);
    const page = await theater();
    expect(page.items.map((i) => [i.athlete.display_name, i.votes.total])).toEqual([
      ['Ana', 2],
      ['Ben', -1],
    ]);
    watcher.close();
  });

  it('keeps the theater of a challenge hidden by moderators to its creator, and takes no votes there', async () => {
    const db = t.context.database.db;
    await db.update(challenges).set({ hiddenAt: t.clock.now() }).where(eq(challenges.id, challengeId));
    expect((await call('GET', `/api/theater/challenges/${challengeId}`, ben)).statusCode).toBe(404);
    expect((await call('GET', `/api/theater/challenges/${challengeId}`, coach)).statusCode).toBe(200);
    expect((await vote(cy, 'ben', 1)).statusCode).toBe(404);
    await db.update(challenges).set({ hiddenAt: null }).where(eq(challenges.id, challengeId));
    expect((await vote(cy, 'ben', 1)).statusCode).toBe(200);
  });

  it('orders by net votes, then thumbs up, then the board, whatever the votes (property)', async () => {
    const voters = { coach, cy, ana, ben } as Record<string, SignedIn>;
    // Each voter's vote on Ana's and Ben's videos: -1, none or +1 (nobody on their own).
    const ballot = fc.record({
      coach: fc.tuple(fc.constantFrom(-1, 0, 1), fc.constantFrom(-1, 0, 1)),
      cy: fc.tuple(fc.constantFrom(-1, 0, 1), fc.constantFrom(-1, 0, 1)),
      ana: fc.tuple(fc.constant(0), fc.constantFrom(-1, 0, 1)),
      ben: fc.tuple(fc.constantFrom(-1, 0, 1), fc.constant(0)),
    });
    await fc.assert(
      fc.asyncProperty(ballot, async (votes) => {
        const tally = { ana: { up: 0, total: 0 }, ben: { up: 0, total: 0 } };
        for (const [name, pair] of Object.entries(votes)) {
          for (const [i, target] of (['ana', 'ben'] as const).entries()) {
            if (name === target) continue;
            const v = pair[i];
            const res =
              v === 0
                ? await call('DELETE', `/api/theater/scores/${scores[target]}/vote`, voters[name])
                : await vote(voters[name], target, v);
            expect(res.statusCode, res.body).toBe(200);
            tally[target].total += v;
            if (v === 1) tally[target].up += 1;
          }
        }
        // Ben's 120 reps beat Ana's 100 on the board: he wins ties.
        const expected = (['ben', 'ana'] as const)
          .slice()
          .sort((x, y) => tally[y].total - tally[x].total || tally[y].up - tally[x].up)
          .map((n) => (n === 'ana' ? 'Ana' : 'Ben'));
        const page = await theater();
        expect(page.items.map((i) => i.athlete.display_name)).toEqual(expected);
        expect(page.items.map((i) => i.votes.total)).toEqual(expected.map((n) => tally[n === 'Ana' ? 'ana' : 'ben'].total));
      }),
      { numRuns: 20 },
    );
  });
});
