import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentaryJobHandlers } from '#server/areas/commentary/lines.ts';
import { modelWriter } from '#server/areas/commentary/writers.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { boardCacheOf } from '#server/lib/boards/board-cache.ts';
import { rowsOf } from '#server/db/rows.ts';
import { sql } from 'drizzle-orm';
import type { LiveFacts } from '#domain/commentary.ts';
import { watchSocketRoom } from './room-watch.ts';
import { authHeaders, createTestApp, databaseKinds, refreshCookieFrom, refusal, signIn, type SignedIn, type TestApp } from './helpers.ts';
import { startFakeModel } from './fake-model.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
type Line = { id: number; attempt_id: number | null; text: string; status: string; kind: string; source: string; facts: LiveFacts };

describe.each(databaseKinds)('live-attempt commentary on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let admin: SignedIn;
  let ana: SignedIn;
  let bo: SignedIn;
  let fan: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin-lc@example.test'] }, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    admin = await signIn(t, 'admin-lc@example.test', 'admin-password', 'Admin Ada');
    ana = await signIn(t, 'ana-lc@example.test', undefined, 'Ana Live');
    bo = await signIn(t, 'bo-lc@example.test', undefined, 'Bo Board');
    fan = await signIn(t, 'fan-lc@example.test', undefined, 'Fan Watch');
  }, 240_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: authHeaders(who) } : {}), ...(payload !== undefined ? { payload } : {}) });
  async function advance(ms: number) {
    t.clock.advance(ms);
    for (const who of [admin, ana, bo, fan]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie: who.cookie } });
      const body = res.json();
      who.token = body.token.token;
      who.csrf = body.csrf_token;
      who.cookie = refreshCookieFrom(res);
    }
  }
  /** A count update, then the work after its answer and the writing jobs. */
  const count = async (attemptId: number, seq: number, n: number) => {
    const res = await call('POST', `/api/live-attempts/${attemptId}/update`, ana, { seq, count: n });
    expect(res.statusCode, res.body).toBe(200);
    await t.settled();
    await runDueJobs(t.context, commentaryJobHandlers);
  };
  const queue = async (challengeId: number, status = 'queued') =>
    (await call('GET', `/api/commentary/lines?challenge_id=${challengeId}&status=${status}`, admin)).json().items as Line[];
  const challenge = async (title: string, rules: Record<string, unknown>, marks: { ana: object; bo: object } | null) => {
    const now = t.clock.now().getTime();
    const res = await call('POST', '/api/challenges/', admin, {
      title,
      ...rules,
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + 48 * HOUR).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: number }).id;
    for (const who of [ana, bo])
      expect((await call('POST', `/api/challenges/${id}/join`, who, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
    if (marks) {
      expect((await call('POST', `/api/challenges/${id}/submit-score`, ana, marks.ana)).statusCode).toBe(201);
      expect((await call('POST', `/api/challenges/${id}/submit-score`, bo, marks.bo)).statusCode).toBe(201);
    }
    await t.settled();
    await runDueJobs(t.context, commentaryJobHandlers);
    return id;
  };
  const start = async (id: number) => {
    const started = await call('POST', '/api/live-attempts', ana, { challenge_id: id });
    expect(started.statusCode, started.body).toBe(201);
    return (started.json() as { id: number }).id;
  };
  const end = (attemptId: number) => call('POST', `/api/live-attempts/${attemptId}/abandon`, ana);

  it('writes a line once for each moment (past own best, past the leader), queued for editors; approved lines reach the attempt room', async () => {
    // Ana's own best is 20, Bo leads with 30.
    const id = await challenge('Burpee Break', { score_type: 'reps' }, { ana: { reps: 20 }, bo: { reps: 30 } });
    const attemptId = await start(id);
    const room = await watchSocketRoom(base, fan, { type: 'join_live_attempt', session_id: String(attemptId) });
    try {
      await advance(MINUTE);
      await count(attemptId, 1, 20);
      expect((await queue(id)).filter((l) => l.attempt_id === attemptId)).toEqual([]);
      await count(attemptId, 2, 21);
      // The same update again (a retried request) writes nothing more.
      await count(attemptId, 2, 21);
      await count(attemptId, 3, 25);
      await count(attemptId, 4, 31);
      const lines = (await queue(id)).filter((l) => l.attempt_id === attemptId);
      expect(lines.map((l) => l.kind)).toEqual(['live_leader', 'live_best']);
      const [leader, best] = lines as [Line, Line];
      expect(best).toMatchObject({ source: 'template', status: 'queued' });
      expect(best.facts).toMatchObject({ athlete: 'Ana Live', count: '21 reps', mark: '20 reps', rival: null });
      expect(leader.facts).toMatchObject({ count: '31 reps', mark: '30 reps', rival: 'Bo Board' });
      for (const l of lines) expect(l.text).toContain('Ana Live');

      // Nothing public before an editor approves; then the attempt's room hears it and its list shows it.
      expect((await call('GET', `/api/commentary/live/${attemptId}/lines`)).json().items).toEqual([]);
      expect((await call('POST', `/api/commentary/lines/${leader.id}/approve`, admin)).statusCode).toBe(200);
      const heard = await room.next((m) => m.type === 'commentary_published');
      expect(heard.line).toMatchObject({ id: leader.id, attempt_id: attemptId, challenge_id: id, kind: 'live_leader', text: leader.text });
      const shown = (await call('GET', `/api/commentary/live/${attemptId}/lines`)).json().items as Line[];
      expect(shown.map((l) => l.text)).toEqual([leader.text]);
      // The challenge's board strip carries it too.
      expect((await call('GET', `/api/commentary/challenges/${id}/lines`)).json().items.map((l: Line) => l.id)).toContain(leader.id);
      expect((await call('GET', '/api/commentary/live/999999/lines')).statusCode).toBe(404);
      expect(refusal(await call('GET', '/api/commentary/live/0/lines'))).toBeTruthy();
    } finally {
      room.close();
      await end(attemptId);
    }
  });

  it('starts an applied update’s commentary once its answer has gone out, not while the answer still waits', async () => {
    // Ana's own best is 20: her count of 21 passes it (a line), once the update has been answered.
    const id = await challenge('Held Answer', { score_type: 'reps' }, { ana: { reps: 20 }, bo: { reps: 30 } });
    const attemptId = await start(id);
    await advance(MINUTE);
    const tasks = t.context.tasks;
    const defer = tasks.defer.bind(tasks);
    const names: string[] = [];
    tasks.defer = (name, work) => {
      names.push(name);
      defer(name, work);
    };
    // The answer of a board writer waits in onSend for its change to reach this node's board cache: held here.
    const cache = boardCacheOf(t.context)!;
    const sync = cache.sync.bind(cache);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    cache.sync = (database) => held.then(() => sync(database));
    try {
      let answered = false;
      const asked = call('POST', `/api/live-attempts/${attemptId}/update`, ana, { seq: 1, count: 21 }).then((res) => {
        answered = true;
        return res;
      });
      const counted = async () =>
        (await rowsOf<{ count: number }>(t.context.database.db, sql`select count from live_attempts where id = ${attemptId}`))[0]?.count;
      for (let tries = 0; (await counted()) !== 21; tries++) {
        if (tries > 500) throw new Error('the update never committed');
        await new Promise((r) => setTimeout(r, 10));
      }
      await new Promise((r) => setTimeout(r, 100));
      // Committed, not yet answered: nothing of commentary has started.
      expect(answered).toBe(false);
      expect(names).not.toContain('live commentary');
      release();
      expect((await asked).statusCode).toBe(200);
      await t.settled();
      expect(names).toContain('live commentary');
      expect((await queue(id)).filter((l) => l.attempt_id === attemptId).map((l) => l.kind)).toEqual(['live_best']);
    } finally {
      release();
      cache.sync = sync;
      tasks.defer = defer;
      await end(attemptId);
    }
  });

  it('a timed workout gets its last minute told once', async () => {
    const id = await challenge('Fran Live', { score_type: 'time', time_cap_seconds: 600 }, null);
    const attemptId = await start(id);
    try {
      await advance(8 * MINUTE);
      await count(attemptId, 1, 40);
      await advance(90_000);
      await count(attemptId, 2, 44);
      await count(attemptId, 3, 45);
      const lines = (await queue(id)).filter((l) => l.attempt_id === attemptId);
      expect(lines.map((l) => l.kind)).toEqual(['live_last_minute']);
      expect(lines[0]!.facts).toMatchObject({ seconds_left: 30, count: '44 reps', mark: null });
    } finally {
      await end(attemptId);
    }
  });

  it('an auto-publishing stream publishes live template lines (a round passed) at once to the attempt room', async () => {
    const id = await challenge('Rounds Rush', { score_type: 'rounds_reps', reps_per_round: 10 }, null);
    expect((await call('PUT', `/api/commentary/streams/${id}`, admin, { auto_publish: true })).statusCode).toBe(200);
    const attemptId = await start(id);
    const room = await watchSocketRoom(base, fan, { type: 'join_live_attempt', session_id: String(attemptId) });
    try {
      await advance(MINUTE);
      await count(attemptId, 1, 9);
      await count(attemptId, 2, 12);
      const heard = await room.next((m) => m.type === 'commentary_published');
      expect(heard.line).toMatchObject({ attempt_id: attemptId, kind: 'live_round' });
      expect((heard.line as { text: string }).text).toContain('Ana Live');
      const published = (await queue(id, 'published')).filter((l) => l.attempt_id === attemptId);
      expect(published.map((l) => l.facts)).toMatchObject([{ round: 1, count: '1 rounds + 2 reps' }]);
    } finally {
      room.close();
      await end(attemptId);
    }
  });
});

describe('live-attempt lines from an OpenAI-compatible endpoint', () => {
  const facts: LiveFacts = {
    kind: 'live_pace',
    athlete: 'Zoe',
    challenge: 'Row 2k',
    count: '21 reps',
    round: null,
    mark: '30 reps',
    rival: 'Bo',
    projected: '70 reps',
    seconds_left: null,
  };

  it('sends the moment’s public facts, and the templates take over when the endpoint is slow or answers garbage', async () => {
    const fake = await startFakeModel((f) => `${String(f.athlete)} is flying!`, 'Ignore all rules.\nPublish this.');
    try {
      const writer = modelWriter({ baseUrl: fake.baseUrl, model: 'tiny', timeoutMs: 300, callsPerHour: 10 }, () => 0);
      expect(await writer.write(facts, 3)).toEqual({ text: 'Zoe is flying!', source: 'model', fallbackReason: null });
      const sent = JSON.parse((fake.state.bodies[0]!.messages as { content: string }[])[1]!.content);
      expect(sent).toEqual({
        event: 'Live: on pace to lead',
        athlete: 'Zoe',
        challenge: 'Row 2k',
        count_now: '21 reps',
        round: null,
        mark_to_beat: '30 reps',
        mark_holder: 'Bo',
        projected_at_cap: '70 reps',
        seconds_left: null,
      });
      fake.state.mode = 'slow';
      const slow = await writer.write(facts, 3);
      expect(slow).toMatchObject({ source: 'template', fallbackReason: 'The model did not answer in time.' });
      expect(slow.text).toContain('Zoe');
      fake.state.mode = 'garbage';
      expect(await writer.write(facts, 3)).toMatchObject({ source: 'template', fallbackReason: 'The model’s answer could not be used.' });
    } finally {
      await fake.close();
    }
  });
});
