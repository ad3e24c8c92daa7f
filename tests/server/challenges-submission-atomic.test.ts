import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

// A submission is one transaction even though its last statements and the COMMIT travel
// together: when the messages cannot be built, or PostgreSQL refuses one, nothing is stored.
const sabotage = vi.hoisted(() => ({ mode: null as null | 'throw' | 'oversize' }));
vi.mock('#server/lib/realtime/realtime-events.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('#server/lib/realtime/realtime-events.ts')>();
  return {
    ...real,
    payloadOf: (envelope: Parameters<typeof real.payloadOf>[0]) => {
      if (envelope.message.type === 'progress_update' && sabotage.mode === 'throw') throw new Error('cannot build the message');
      // Past NOTIFY's 8000-byte limit: PostgreSQL itself refuses it, after the score's statement ran.
      if (envelope.message.type === 'progress_update' && sabotage.mode === 'oversize')
        return JSON.stringify({ ...envelope, pad: 'x'.repeat(9000) });
      return real.payloadOf(envelope);
    },
  };
});

const HOUR = 3_600_000;

describe.each(databaseKinds)('a failed submission on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ana: SignedIn;
  let challengeId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    const now = t.clock.now().getTime();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/challenges/',
      headers: authHeaders(ana),
      payload: {
        title: 'Max reps',
        score_type: 'reps',
        starts_at: new Date(now - HOUR).toISOString(),
        ends_at: new Date(now + HOUR).toISOString(),
      },
    });
    challengeId = created.json().id;
    await t.app.inject({
      method: 'POST',
      url: `/api/challenges/${challengeId}/join`,
      headers: authHeaders(ana),
      payload: { division: 'rx' },
    });
  });
  afterAll(async () => {
    sabotage.mode = null;
    await t.close();
  });

  const submit = (reps: number) =>
    t.app.inject({ method: 'POST', url: `/api/challenges/${challengeId}/submit-score`, headers: authHeaders(ana), payload: { reps } });
  const stored = async () => {
    const mine = (await t.app.inject({ method: 'GET', url: '/api/challenges/my-submissions', headers: authHeaders(ana) })).json();
    const board = (await t.app.inject({ method: 'GET', url: `/api/challenges/rankings?challenge_id=${challengeId}` })).json();
    return {
      submissions: mine.items.length,
      board: board.items.map((r: { score: { value: number } }) => r.score.value),
      total: board.total,
    };
  };

  it.each(['throw', 'oversize'] as const)('stores no score, entry or board change when the messages fail (%s)', async (mode) => {
    expect((await submit(40)).statusCode).toBe(201);
    const before = await stored();
    expect(before).toEqual({ submissions: 1, board: [40], total: 1 });
    sabotage.mode = mode;
    const res = await submit(60);
    sabotage.mode = null;
    expect(res.statusCode).toBe(500);
    expect(await stored()).toEqual(before);
    // And the next submission goes through as usual.
    const ok = await submit(50);
    expect(ok.json()).toMatchObject({ is_best: true, rank: 1 });
    expect(await stored()).toMatchObject({ submissions: 2, board: [50], total: 1 });
    // Reset for the next mode: withdraw both scores.
    for (const s of (await t.app.inject({ method: 'GET', url: '/api/challenges/my-submissions', headers: authHeaders(ana) })).json()
      .items) {
      await t.app.inject({ method: 'DELETE', url: `/api/challenges/${challengeId}/scores/${s.score.id}`, headers: authHeaders(ana) });
    }
  });
});
