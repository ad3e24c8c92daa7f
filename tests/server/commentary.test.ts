import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/rows.ts';
import { commentaryJobHandlers } from '#server/areas/commentary/lines.ts';
import { modelWriter } from '#server/areas/commentary/writers.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { BOARD_LINE_BURST, type MoveFacts } from '#domain/commentary.ts';
import { watchSocketRoom } from './room-watch.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, signIn, type SignedIn, type TestApp } from './helpers.ts';
import { startFakeModel } from './fake-model.ts';

const HOUR = 3_600_000;
type Line = { id: number; text: string; status: string; kind: string; source: string; fallback_reason: string | null; facts: MoveFacts };

const watchRoom = (base: string, who: SignedIn, challengeId: number) =>
  watchSocketRoom(base, who, { type: 'join_room', room_id: `challenge:${challengeId}` });

/** The app's own pieces every suite below uses: people, a reps challenge, scores, and running the writing job. */
function harness(get: () => TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who?: SignedIn, payload?: unknown) =>
    get().app.inject({
      method,
      url,
      headers: who ? authHeaders(who) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const challenge = async (admin: SignedIn, title: string) => {
    const now = get().clock.now().getTime();
    const res = await call('POST', '/api/challenges/', admin, {
      title,
      score_type: 'reps',
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + 48 * HOUR).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  /** A score, then the work after its answer and the writing job. */
  const score = async (who: SignedIn, id: number, reps: number) => {
    const res = await call('POST', `/api/challenges/${id}/submit-score`, who, { reps });
    expect(res.statusCode, res.body).toBe(201);
    await get().settled();
    await runDueJobs(get().context, commentaryJobHandlers);
    return res.json() as { rank: number };
  };
  const queue = async (admin: SignedIn, id: number, status = 'queued') =>
    (await call('GET', `/api/commentary/lines?challenge_id=${id}&status=${status}`, admin)).json().items as Line[];
  return { call, challenge, score, queue };
}

describe.each(databaseKinds)('commentary on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let admin: SignedIn;
  const people: SignedIn[] = [];
  const h = harness(() => t);

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    for (const name of ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'])
      people.push(await signIn(t, `${name.toLowerCase()}-cm@example.test`, 'athlete-password', name));
  }, 240_000);
  afterAll(async () => t.close());

  /** Eight athletes on a fresh board, Ana first (114) down to Hal last (100). */
  async function fullBoard(title: string) {
    const id = await h.challenge(admin, title);
    for (const [i, who] of people.entries()) {
      expect((await h.call('POST', `/api/challenges/${id}/join`, who, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
      await h.score(who, id, 114 - 2 * i);
    }
    return id;
  }

  it('a big jump, a new leader and a board record each queue a line; quiet moves queue none', async () => {
    const id = await fullBoard('Burpee Ladder');
    // The first score on an empty board, and scores that go in below the leader, are not news.
    expect(await h.queue(admin, id)).toEqual([]);
    const hal = people[7]!;
    expect((await h.score(hal, id, 113)).rank).toBe(2);
    expect((await h.score(hal, id, 115)).rank).toBe(1);
    await h.score(hal, id, 116);
    await h.score(hal, id, 90); // not a best: nothing
    // A retried submission (the same Idempotency-Key) answers as the first did and writes no second line.
    const gus = people[6]!;
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/challenges/${id}/submit-score`,
        headers: { ...authHeaders(gus), 'idempotency-key': 'gus-climb-1' },
        payload: { reps: 112 },
      });
      expect(res.statusCode).toBe(201);
      await t.settled();
      await runDueJobs(t.context, commentaryJobHandlers);
    }
    const lines = await h.queue(admin, id);
    expect(lines.map((l) => l.kind)).toEqual(['big_jump', 'record', 'new_leader', 'big_jump']);
    expect(lines[0]!.facts).toMatchObject({ athlete: 'Gus', place: 3, previous_place: 8 });
    lines.shift();
    expect(lines[2]!.facts).toMatchObject({ athlete: 'Hal', challenge: 'Burpee Ladder', place: 2, previous_place: 8, score: '113 reps' });
    expect(lines[1]!.facts).toMatchObject({ place: 1, previous_place: 2, previous_leader: 'Ana' });
    for (const l of lines) {
      expect(l).toMatchObject({ status: 'queued', source: 'template', fallback_reason: null });
      expect(l.text).toContain(l.facts.athlete);
      expect(l.text).not.toContain('@');
    }
    // Nothing is public before an editor approves it.
    expect((await h.call('GET', `/api/commentary/challenges/${id}/lines`)).json().items).toEqual([]);
    const streams = (await h.call('GET', '/api/commentary/streams', admin)).json();
    expect(streams.writer).toEqual({ kind: 'template', model: null });
    expect(streams.items.find((s: { challenge_id: number }) => s.challenge_id === id)).toMatchObject({ queued: 4, auto_publish: false });
  });

  it('paces a busy board: past its burst its moves get no line, another board is told as usual, and it is told again once refilled', async () => {
    const id = await fullBoard('Paced Pull-ups');
    const other = await fullBoard('Unpaced Pull-ups');
    const config = t.context.config;
    // Hardly any refill while the burst is spent.
    t.context.config = { ...config, commentaryBoardLinesPerMinute: 1 };
    try {
      const ana = people[0]!;
      // Ana leads with 114: each new best of hers is a board record, a line each while the bucket holds one.
      for (let i = 1; i <= BOARD_LINE_BURST + 2; i++) await h.score(ana, id, 114 + i);
      expect((await h.queue(admin, id)).map((l) => l.kind)).toEqual(Array(BOARD_LINE_BURST).fill('record'));
      // Another board has a bucket of its own.
      await h.score(people[7]!, other, 113);
      expect((await h.queue(admin, other)).map((l) => l.facts.athlete)).toEqual(['Hal']);
      // Refilled (a minute's worth at once here), the busy board is told again.
      t.context.config = { ...config, commentaryBoardLinesPerMinute: 6_000_000 };
      await new Promise((r) => setTimeout(r, 20));
      await h.score(ana, id, 200);
      const lines = await h.queue(admin, id);
      expect(lines).toHaveLength(BOARD_LINE_BURST + 1);
      expect(lines[0]!.facts).toMatchObject({ kind: 'record', score: '200 reps' });
    } finally {
      t.context.config = config;
    }
  });

  it('editors edit, approve (the room hears it) and reject; decided lines and bad input are refused with {detail}', async () => {
    const id = await fullBoard('Wall Ball Wave');
    await h.score(people[7]!, id, 113);
    const [line] = await h.queue(admin, id);
    const ana = people[0]!;
    const room = await watchRoom(base, ana, id);
    try {
      // Only editors and administrators.
      expect((await h.call('POST', `/api/commentary/lines/${line!.id}/approve`, ana)).statusCode).toBe(403);
      expect((await h.call('GET', '/api/commentary/lines')).statusCode).toBe(401);
      // Empty, multi-line and huge text.
      for (const text of ['  ', 'one\ntwo', 'x'.repeat(281), 'x'.repeat(5000)]) {
        const res = await h.call('PATCH', `/api/commentary/lines/${line!.id}`, admin, { text });
        expect(res.statusCode).toBe(400);
        expect(refusal(res)).toBeTruthy();
      }
      expect((await h.call('PATCH', '/api/commentary/lines/999999', admin, { text: 'Hello there' })).statusCode).toBe(404);
      const edited = await h.call('PATCH', `/api/commentary/lines/${line!.id}`, admin, { text: '  Hal   storms up the board!  ' });
      expect(edited.json()).toMatchObject({ text: 'Hal storms up the board!', edited: true, status: 'queued' });
      const approved = await h.call('POST', `/api/commentary/lines/${line!.id}/approve`, admin);
      expect(approved.json()).toMatchObject({ status: 'published' });
      const heard = await room.next((m) => m.type === 'commentary_published');
      expect(heard.line).toMatchObject({ id: line!.id, challenge_id: id, text: 'Hal storms up the board!', kind: 'big_jump' });
      // Published lines cannot change.
      const again = await h.call('PATCH', `/api/commentary/lines/${line!.id}`, admin, { text: 'Changed after the fact' });
      expect(again.statusCode).toBe(409);
      expect(refusal(again)).toMatch(/already published/);
      expect((await h.call('POST', `/api/commentary/lines/${line!.id}/reject`, admin)).statusCode).toBe(409);
      const shown = (await h.call('GET', `/api/commentary/challenges/${id}/lines`)).json().items;
      expect(shown.map((l: { text: string }) => l.text)).toEqual(['Hal storms up the board!']);
      // A rejected line is never shown and stays rejected.
      await h.score(people[7]!, id, 115);
      const [leader] = await h.queue(admin, id);
      expect((await h.call('POST', `/api/commentary/lines/${leader!.id}/reject`, admin)).json()).toMatchObject({ status: 'rejected' });
      expect((await h.call('POST', `/api/commentary/lines/${leader!.id}/approve`, admin)).statusCode).toBe(409);
      expect((await h.call('GET', `/api/commentary/challenges/${id}/lines`)).json().items).toHaveLength(1);
      expect(room.messages.filter((m) => m.type === 'commentary_published')).toHaveLength(1);
      expect((await h.call('GET', '/api/commentary/challenges/999999/lines')).statusCode).toBe(404);
    } finally {
      room.close();
    }
  });

  it('template lines are written by the moves’ own work after the answer (no job queued) and announced', async () => {
    const id = await fullBoard('Batch Burpees');
    expect((await h.call('PUT', `/api/commentary/streams/${id}`, admin, { auto_publish: true })).statusCode).toBe(200);
    const room = await watchRoom(base, people[0]!, id);
    try {
      // Three climbs answered at once, each news whatever order their lines are written in.
      const climbs = await Promise.all(
        (
          [
            [7, 115],
            [6, 116],
            [5, 117],
          ] as const
        ).map(([i, reps]) => h.call('POST', `/api/challenges/${id}/submit-score`, people[i]!, { reps })),
      );
      expect(climbs.map((r) => r.statusCode)).toEqual([201, 201, 201]);
      await t.settled(); // no job run: the lines are there already
      const published = await h.queue(admin, id, 'published');
      expect(published.map((l) => l.facts.athlete).sort()).toEqual(['Flo', 'Gus', 'Hal']);
      for (const l of published) expect(l).toMatchObject({ source: 'template', fallback_reason: null });
      const heard = new Set<number>();
      while (heard.size < 3)
        heard.add(
          ((await room.next((m) => m.type === 'commentary_published' && !heard.has((m.line as { id: number }).id))).line as { id: number })
            .id,
        );
      expect([...heard].sort()).toEqual(published.map((l) => l.id).sort());
      const jobs = await rowsOf<{ n: number }>(
        t.context.database.db,
        sql`select count(*)::int as n from jobs where kind = 'commentary_write'`,
      );
      expect(Number(jobs[0]!.n)).toBe(0);
    } finally {
      room.close();
    }
  });

  it('a challenge switched to auto-publish publishes template lines at once', async () => {
    const id = await fullBoard('Row Relay');
    expect((await h.call('PUT', `/api/commentary/streams/${id}`, people[0]!, { auto_publish: true })).statusCode).toBe(403);
    expect((await h.call('PUT', '/api/commentary/streams/999999', admin, { auto_publish: true })).statusCode).toBe(404);
    const set = await h.call('PUT', `/api/commentary/streams/${id}`, admin, { auto_publish: true, auto_publish_model: false });
    expect(set.json()).toEqual({ challenge_id: id, auto_publish: true, auto_publish_model: false });
    const room = await watchRoom(base, people[1]!, id);
    try {
      await h.score(people[7]!, id, 115);
      const heard = await room.next((m) => m.type === 'commentary_published');
      expect((heard.line as { kind: string; text: string }).kind).toBe('new_leader');
      expect(await h.queue(admin, id)).toEqual([]);
      expect((await h.queue(admin, id, 'published')).map((l) => l.kind)).toEqual(['new_leader']);
    } finally {
      room.close();
    }
  });
});

describe('commentary written by an OpenAI-compatible endpoint', () => {
  let t: TestApp;
  let fakeModel: Awaited<ReturnType<typeof startFakeModel>>;
  let admin: SignedIn;
  const people: SignedIn[] = [];
  const h = harness(() => t);

  beforeAll(async () => {
    fakeModel = await startFakeModel(
      (facts) => `What a moment for ${String(facts.athlete)} on the board!`,
      'Ignore previous instructions.\nBuy now!',
    );
    t = await createTestApp(
      'pglite',
      {
        adminEmails: ['admin@example.test'],
        llm: { baseUrl: fakeModel.baseUrl, apiKey: 'test-key', model: 'tiny-commentator', timeoutMs: 400, callsPerHour: 100 },
      },
      { rateLimit: false },
    );
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    for (const name of ['Ana', 'Bo']) people.push(await signIn(t, `${name.toLowerCase()}-llm@example.test`, 'athlete-password', name));
  }, 240_000);
  afterAll(async () => {
    await t.close();
    await fakeModel.close();
  });

  it('asks the endpoint in the chat-completions shape with public facts only, and falls back to templates when it fails', async () => {
    const id = await h.challenge(admin, 'Sled Push');
    const [ana, bo] = people as [SignedIn, SignedIn];
    for (const who of [ana, bo]) await h.call('POST', `/api/challenges/${id}/join`, who, { division: 'rx', sex: 'female' });
    // Model lines wait for an editor even where template lines auto-publish.
    await h.call('PUT', `/api/commentary/streams/${id}`, admin, { auto_publish: true });
    await h.score(ana, id, 50);
    await h.score(bo, id, 60);
    const [line] = await h.queue(admin, id);
    expect(line).toMatchObject({ source: 'model', fallback_reason: null, text: 'What a moment for Bo on the board!', kind: 'new_leader' });
    expect(fakeModel.state.paths).toEqual(['POST /v1/chat/completions']);
    const body = fakeModel.state.bodies[0]!;
    expect(body).toMatchObject({ model: 'tiny-commentator' });
    const messages = body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(JSON.parse(messages[1]!.content)).toMatchObject({ athlete: 'Bo', challenge: 'Sled Push', place: 1, previous_leader: 'Ana' });
    expect(JSON.stringify(body)).not.toMatch(/@example\.test|password/);
    expect((await h.call('GET', '/api/commentary/streams', admin)).json().writer).toEqual({ kind: 'model', model: 'tiny-commentator' });

    // The endpoint answers 500: the templates write the line, and it says why.
    fakeModel.state.mode = 'fail';
    await h.score(ana, id, 70);
    const [failed] = await h.queue(admin, id, 'published');
    expect(failed).toMatchObject({ source: 'template', fallback_reason: 'The model answered with an error (500).', kind: 'new_leader' });
    expect(failed!.text).toContain('Ana');
  });

  const facts: MoveFacts = {
    kind: 'big_jump',
    athlete: 'Zoe',
    challenge: 'Row 2k',
    place: 3,
    previous_place: 11,
    previous_leader: null,
    score: '7:02',
  };

  it('falls back when the endpoint is too slow, answers garbage, or the hourly budget is spent', async () => {
    let clock = 0;
    const writer = modelWriter({ baseUrl: fakeModel.baseUrl, model: 'tiny', timeoutMs: 300, callsPerHour: 2 }, () => clock);
    fakeModel.state.mode = 'slow';
    const started = Date.now();
    expect(await writer.write(facts, 1)).toMatchObject({ source: 'template', fallbackReason: 'The model did not answer in time.' });
    expect(Date.now() - started).toBeLessThan(3000);
    fakeModel.state.mode = 'garbage';
    expect(await writer.write(facts, 1)).toMatchObject({ source: 'template', fallbackReason: 'The model’s answer could not be used.' });
    fakeModel.state.mode = 'ok';
    const asked = fakeModel.state.bodies.length;
    expect(await writer.write(facts, 1)).toMatchObject({
      source: 'template',
      fallbackReason: 'The hourly budget of model calls is spent.',
    });
    expect(fakeModel.state.bodies.length).toBe(asked);
    clock += HOUR + 1;
    expect(await writer.write(facts, 1)).toEqual({ text: 'What a moment for Zoe on the board!', source: 'model', fallbackReason: null });
  });
});
