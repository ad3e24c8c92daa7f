import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { decodeJwt } from 'jose';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/index.ts';
import { RealtimeHub, MAX_BUFFERED_BYTES } from '#server/areas/realtime/socket.ts';
import { DEFAULT_SOCKET_LIMITS, newClient } from '#server/lib/realtime/hub.ts';
import { celebratePersonalRecord, unlock } from '#server/areas/realtime/achievements.ts';
import { streakAchievement } from '#domain/achievement-rules.ts';
import { placeText, type Place } from '#domain/places.ts';
import { Outbox } from '#server/lib/mail.ts';
import { authHeaders, createTestApp, createTestDatabase, databaseKinds, signIn, testConfig, TestClock, type SignedIn } from './helpers.ts';
import { expectSocketContractKept, receivedMessage } from './socket-contract.ts';

// Every message a socket of these tests received keeps the contract (openapi/realtime.yaml).
afterEach(expectSocketContractKept);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Message = { type: string } & Record<string, unknown>;

/** A socket that records what it receives, for tests to wait on. */
class TestSocket {
  readonly messages: Message[] = [];
  closeCode: number | null = null;
  private waiters: (() => void)[] = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(receivedMessage<Message>(data));
      this.waiters.forEach((w) => w());
    });
    ws.on('close', (code) => {
      this.closeCode = code;
      this.waiters.forEach((w) => w());
    });
  }
  static open(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const socket = new TestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_req, res) =>
        reject(Object.assign(new Error(`refused ${res.statusCode}`), { status: res.statusCode })),
      );
      ws.once('error', reject);
    });
  }
  send(message: unknown) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }
  async next(predicate: (m: Message) => boolean, timeoutMs = 3000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(this.messages.map((m) => m.type))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  close() {
    this.ws.close(1000);
  }
}

async function refusedStatus(url: string, headers: Record<string, string> = {}) {
  try {
    const s = await TestSocket.open(url, headers);
    s.close();
    return 101;
  } catch (error) {
    return (error as { status?: number }).status ?? -1;
  }
}

describe.each(databaseKinds)('real-time socket on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  let ana: SignedIn;
  let ben: SignedIn;
  let coach: SignedIn;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace('http', 'ws');
    coach = await signIn(t, 'coach@example.test', 'coach-password', 'Coach Carla');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  const url = (who: SignedIn, userId = who.userId) => `${base}/api/ws?token=${encodeURIComponent(who.token)}&user_id=${userId}`;
  const connect = async (who: SignedIn) => {
    const s = await TestSocket.open(url(who));
    sockets.push(s);
    await s.next((m) => m.type === 'connected');
    return s;
  };
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url: path, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const createChallenge = async (title: string, scoreType = 'reps', more: Record<string, unknown> = {}) => {
    coach = await signIn(t, 'coach@example.test', 'coach-password', 'Coach Carla');
    const now = t.clock.now().getTime();
    const res = await call('POST', '/api/challenges/', coach, {
      title,
      score_type: scoreType,
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + 60 * DAY).toISOString(),
      ...more,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const submitReps = async (who: SignedIn, challengeId: number, reps: number) => {
    const res = await call('POST', `/api/challenges/${challengeId}/submit-score`, who, { reps });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const streaksOf = async (who: SignedIn) => {
    const res = await call('GET', '/api/achievements/streaks', who);
    expect(res.statusCode).toBe(200);
    return Object.fromEntries((res.json().items as { type: string }[]).map((s) => [s.type, s])) as unknown as Record<
      string,
      { current_count: number; best_count: number; next_milestone: number; progress_to_next: number }
    >;
  };

  it('refuses an upgrade without a token, for another user, with an expired token or from a foreign origin', async () => {
    expect(await refusedStatus(`${base}/api/ws`)).toBe(401);
    expect(await refusedStatus(`${base}/api/ws?token=nonsense&user_id=${ana.userId}`)).toBe(401);
    expect(await refusedStatus(url(ana, ben.userId))).toBe(401);
    expect(await refusedStatus(url(ana), { origin: 'https://evil.example' })).toBe(403);
    const host = new URL(base).host;
    expect(await refusedStatus(url(ana), { origin: `http://${host}` })).toBe(101);
    const plain = await t.app.inject({ method: 'GET', url: '/api/ws' });
    expect(plain.statusCode).toBe(426);
    expect(plain.json().detail).toMatch(/WebSocket/);

    const late = await signIn(t, 'late@example.test', 'athlete-password', 'Late');
    t.clock.advance(16 * 60_000); // access tokens live 15 minutes
    expect(await refusedStatus(url(late))).toBe(401);
  });

  it('closes a socket when its token expires, unless the client re-authenticates in time', async () => {
    // Tokens carry whole seconds: move the clock to just before the token's own expiry.
    const leaving = (token: string, msLeft: number) => t.clock.advance(decodeJwt(token).exp! * 1000 - msLeft - t.clock.now().getTime());
    const fay = await signIn(t, 'fay@example.test', 'athlete-password', 'Fay');
    leaving(fay.token, 300);
    const lapsing = await connect(fay);
    await lapsing.next(() => lapsing.closeCode !== null, 3000).catch(() => undefined);
    expect(lapsing.closeCode).toBe(1008);

    const gus = await signIn(t, 'gus@example.test', 'athlete-password', 'Gus');
    leaving(gus.token, 61_000 + 400);
    const fresh = await signIn(t, 'gus@example.test', 'athlete-password', 'Gus'); // 61 s later: the first token has 400 ms left
    const renewed = await connect(gus);
    renewed.send({ type: 'authenticate', token: fresh.token });
    await renewed.next((m) => m.type === 'authenticated');
    await new Promise((r) => setTimeout(r, 600));
    expect(renewed.closeCode).toBeNull();
    // Someone else's token is refused and ends the connection.
    renewed.send({ type: 'authenticate', token: ana.token });
    expect((await renewed.next((m) => m.for === 'authenticate')).detail).toMatch(/not valid/);
    await renewed.next(() => renewed.closeCode !== null).catch(() => undefined);
    expect(renewed.closeCode).toBe(1008);
  });

  it('answers bad messages with an error and keeps the socket up', async () => {
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    const s = await connect(ana);
    s.send('not json');
    expect((await s.next((m) => m.type === 'error')).detail).toMatch(/JSON/);
    s.send({ type: 'dance' });
    expect((await s.next((m) => m.type === 'error' && /Unknown/.test(String(m.detail)))).detail).toMatch(/dance/);
    s.send({ type: 'join_challenge', challenge_id: 'twelve' });
    expect((await s.next((m) => m.for === 'join_challenge')).detail).toMatch(/challenge_id/);
    s.send({ type: 'join_room', room_id: 'a b c' });
    expect((await s.next((m) => m.for === 'join_room')).detail).toMatch(/room_id/);
    s.send({ type: 'join_room', room_id: 'gym:1', extra: 1 });
    expect((await s.next((m) => m.for === 'join_room' && /extra/.test(String(m.detail)))).detail).toMatch(/not a field/);
    s.send({ type: 'join_live_attempt', session_id: 'abc' });
    expect(await s.next((m) => m.type === 'joined')).toMatchObject({ room_id: 'live_attempt:abc' });
    s.send({ type: 'leave_live_attempt', session_id: 'abc' });
    expect(await s.next((m) => m.type === 'left')).toMatchObject({ room_id: 'live_attempt:abc' });
    expect(s.closeCode).toBeNull();
  });

  it('a submitted score reaches the athlete (streak, first score, rank) and the challenge room (board moved)', async () => {
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
    const id = await createChallenge('Max pull-ups');
    for (const who of [ana, ben])
      expect((await call('POST', `/api/challenges/${id}/join`, who, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
    const mine = await connect(ana);
    const watcher = await connect(ben);
    watcher.send({ type: 'join_challenge', challenge_id: id });
    await watcher.next((m) => m.type === 'joined');

    await submitReps(ana, id, 20);
    expect(
      await mine.next((m) => m.type === 'streak_updated' && (m.streak as { type: string }).type === 'daily_submissions'),
    ).toMatchObject({
      streak: { current_count: 1, best_count: 1, next_milestone: 3 },
    });
    expect(await mine.next((m) => m.type === 'achievement_unlocked')).toMatchObject({
      achievement: { type: 'first_score', points: 100, rarity: 'common' },
    });
    expect(await mine.next((m) => m.type === 'progress_update')).toMatchObject({ place: { rank: 1, of: 1, board: 'Rx' }, is_best: true });
    expect(await watcher.next((m) => m.type === 'leaderboard_updated')).toMatchObject({ challenge_id: id, display_name: 'Ana', rank: 1 });
    // Ben is not Ana: none of her personal messages reach him.
    expect(watcher.messages.some((m) => m.type === 'achievement_unlocked')).toBe(false);

    // A second score the same day: no new first-score achievement, daily streak unchanged.
    await submitReps(ana, id, 25);
    await mine.next(
      (m) => m.type === 'progress_update' && m.is_best === true && mine.messages.filter((x) => x.type === 'progress_update').length === 2,
    );
    expect(mine.messages.filter((m) => m.type === 'achievement_unlocked')).toHaveLength(1);
    const list = (await call('GET', '/api/achievements/me', ana)).json();
    expect(list.items.map((a: { type: string }) => a.type)).toEqual(['first_score']);
    expect(list.total_points).toBe(100);
  });

  it('progress_update names the athlete’s own board: the women’s Scaled board, its size, and the kept place on a worse score', async () => {
    const id = await createChallenge('Wall balls', 'reps', { sex_divisions: 'split' });
    const [wina, wenb, wick, mark] = await Promise.all(
      ['wina', 'wenb', 'wick', 'mark'].map((n) => signIn(t, `${n}@x.test`, 'athlete-password', n)),
    );
    for (const [who, division, sex] of [
      [wina, 'scaled', 'female'],
      [wenb, 'scaled', 'female'],
      [wick, 'rx', 'female'],
      [mark, 'scaled', 'male'],
    ] as const)
      expect((await call('POST', `/api/challenges/${id}/join`, who!, { division, sex })).statusCode).toBe(200);
    // Better scores on other boards (Rx women, Scaled men) do not count on Wina's board.
    await submitReps(wick!, id, 90);
    await submitReps(mark!, id, 80);
    await submitReps(wenb!, id, 50);
    const mine = await connect(wina!);
    await submitReps(wina!, id, 40);
    const first = await mine.next((m) => m.type === 'progress_update');
    expect(first).toMatchObject({ place: { rank: 2, of: 2, board: 'Women Scaled', category: 'female', division: 'scaled' } });
    expect(placeText(first.place as Place)).toBe('2nd of 2 · Women Scaled');
    // A worse score: not a best, and the place of the best still stands.
    await submitReps(wina!, id, 10);
    const second = await mine.next((m) => m.type === 'progress_update' && m.is_best === false);
    expect(second.place).toEqual(first.place);
  });

  it('counts streaks by the athlete’s own days and weeks, unlocking each milestone once', async () => {
    const cy = await signIn(t, 'cy@example.test', 'athlete-password', 'Cy');
    expect((await call('PUT', '/api/achievements/time-zone', cy, { time_zone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/achievements/time-zone', cy, { time_zone: 'America/Los_Angeles' })).statusCode).toBe(200);
    const id = await createChallenge('Daily burpees');
    expect((await call('POST', `/api/challenges/${id}/join`, cy, { division: 'rx', sex: 'male' })).statusCode).toBe(200);

    // Go to 23:00 in Los Angeles (07:00 UTC the next day), then two hours on: the same UTC date, the next local day.
    const start = t.clock.now().getTime();
    const target = Date.parse('2026-12-01T07:00:00Z');
    t.clock.advance(target - start);
    const again = async () => {
      Object.assign(cy, await signIn(t, 'cy@example.test', 'athlete-password', 'Cy'));
    };
    await again();
    await submitReps(cy, id, 10); // Mon 30 Nov, LA
    t.clock.advance(2 * HOUR);
    await again();
    await submitReps(cy, id, 9); // Tue 1 Dec, LA (not an improvement)
    let s = await streaksOf(cy);
    expect(s.daily_submissions!.current_count).toBe(2);
    expect(s.improvement_streak!.current_count).toBe(0);
    expect(s.weekly_participation!.current_count).toBe(1);

    // Five more days in a row, each a better score: the 3- and 7-day milestones unlock.
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(DAY);
      await again();
      await submitReps(cy, id, 11 + i);
    }
    s = await streaksOf(cy);
    expect(s.daily_submissions).toMatchObject({ current_count: 7, best_count: 7, next_milestone: 14, progress_to_next: 50 });
    expect(s.improvement_streak!.current_count).toBe(5);
    // Mon 30 Nov to Sun 6 Dec is one week with 7 days: consistency counts that week once, weekly too.
    expect(s.weekly_participation!.current_count).toBe(1);
    expect(s.consistency_streak!.current_count).toBe(1);
    const unlocked = (await call('GET', '/api/achievements/me', cy)).json().items as {
      title: string;
      rarity: string;
      points: number;
      share_worthy: boolean;
      streak_data: unknown;
    }[];
    const seven = unlocked.find((a) => a.title === '7-day daily submissions');
    expect(seven).toMatchObject({
      rarity: 'uncommon',
      points: 70,
      share_worthy: true,
      streak_data: { current_streak: 7, streak_type: 'daily_submissions' },
    });
    expect(unlocked.find((a) => a.title === '3-day daily submissions')).toMatchObject({
      rarity: 'common',
      points: 30,
      share_worthy: false,
    });
    expect(unlocked.find((a) => a.title === '5-improvement improvement streak')).toBeTruthy();

    // The next Monday: a new week continues weekly participation.
    t.clock.advance(DAY);
    await again();
    await submitReps(cy, id, 5);
    s = await streaksOf(cy);
    expect(s.weekly_participation!.current_count).toBe(2);
    expect(s.daily_submissions!.current_count).toBe(8);
    expect(s.improvement_streak!.current_count).toBe(0);

    // Three days off: the daily streak reads 0 and the next score starts again at 1, best kept.
    t.clock.advance(3 * DAY);
    await again();
    expect((await streaksOf(cy)).daily_submissions).toMatchObject({ current_count: 0, best_count: 8 });
    await submitReps(cy, id, 30);
    expect((await streaksOf(cy)).daily_submissions).toMatchObject({ current_count: 1, best_count: 8 });
    const titles = ((await call('GET', '/api/achievements/me', cy)).json().items as { title: string }[]).map((a) => a.title);
    expect(titles.filter((x) => x === '3-day daily submissions')).toHaveLength(1);
  });

  it('unlocks the same achievement once, and a personal record once per record', async () => {
    const db = t.context.database.db;
    const dee = await signIn(t, 'dee@example.test', 'athlete-password', 'Dee');
    const s = await connect(dee);
    const at = t.clock.now();
    expect(await unlock(db, dee.userId, 'streak:daily_submissions:7', streakAchievement('daily_submissions', 7), at)).not.toBeNull();
    expect(await unlock(db, dee.userId, 'streak:daily_submissions:7', streakAchievement('daily_submissions', 7), at)).toBeNull();
    const event = {
      user_id: dee.userId,
      test_name: 'Back squat 1RM',
      test_id: 3,
      challenge_id: null,
      new_record_value_raw: 140,
      new_record_unit_raw: 'kg',
      achieved_date: '2026-11-20',
    };
    const first = await db.transaction((tx) => celebratePersonalRecord(tx as never, event, at));
    expect(first).toMatchObject({ rarity: 'epic', points: 500, full_screen: true, type: 'personal_record' });
    expect(await db.transaction((tx) => celebratePersonalRecord(tx as never, event, at))).toBeNull();
    expect(await s.next((m) => m.type === 'PERSONAL_RECORD_ACHIEVED')).toMatchObject({
      test_name: 'Back squat 1RM',
      new_record_value_raw: 140,
      achievement: { points: 500 },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(s.messages.filter((m) => m.type === 'PERSONAL_RECORD_ACHIEVED')).toHaveLength(1);
    // A rolled-back transaction announces nothing.
    await db
      .transaction(async (tx) => {
        await celebratePersonalRecord(tx as never, { ...event, new_record_value_raw: 150 }, at);
        throw new Error('rollback');
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
    expect(s.messages.filter((m) => m.type === 'PERSONAL_RECORD_ACHIEVED')).toHaveLength(1);
  });
});

describe('the hub', () => {
  const fakeSocket = (bufferedAmount = 0) => ({
    OPEN: 1,
    readyState: 1,
    bufferedAmount,
    send: vi.fn(),
    ping: vi.fn(),
    terminate: vi.fn(),
    close: vi.fn(),
  });
  const client = (ws: ReturnType<typeof fakeSocket>, userId = 1) =>
    newClient(ws as never, userId, performance.now() + HOUR, DEFAULT_SOCKET_LIMITS);

  /** The hub writes after the I/O already read (realtime-fan-out.test.ts). */
  const written = () => new Promise((resolve) => setImmediate(resolve));

  it('drops a reader that has fallen too far behind instead of buffering more', async () => {
    const hub = new RealtimeHub();
    const fast = fakeSocket();
    const slow = fakeSocket(MAX_BUFFERED_BYTES + 1);
    hub.add(client(fast, 1));
    hub.add(client(slow, 1));
    hub.deliver({
      to: { user: 1 },
      message: { type: 'progress_update', challenge_id: 7, challenge_title: 'Fran', place: null, is_best: true },
    });
    await written();
    expect(fast.send).toHaveBeenCalledOnce();
    expect(slow.send).not.toHaveBeenCalled();
    expect(slow.terminate).toHaveBeenCalledOnce();
  });

  it('pings every socket and drops one that did not answer the previous ping', () => {
    const hub = new RealtimeHub();
    const answering = fakeSocket();
    const silent = fakeSocket();
    const a = client(answering);
    const b = client(silent, 2);
    hub.add(a);
    hub.add(b);
    hub.heartbeat();
    expect(answering.ping).toHaveBeenCalledOnce();
    a.alive = true; // its pong arrived
    hub.heartbeat();
    expect(answering.terminate).not.toHaveBeenCalled();
    expect(silent.terminate).toHaveBeenCalledOnce();
  });

  it('delivers a room message only to the sockets in that room', async () => {
    const boardMoved = { type: 'leaderboard_updated', challenge_id: 7, division: 'rx', user_id: 2, display_name: 'Ben', rank: 1 } as const;
    const hub = new RealtimeHub();
    const inRoom = fakeSocket();
    const outside = fakeSocket();
    const c = client(inRoom);
    hub.add(c);
    hub.add(client(outside, 2));
    hub.join(c, 'challenge:7');
    hub.deliver({ to: { room: 'challenge:7' }, message: boardMoved });
    await written();
    expect(inRoom.send).toHaveBeenCalledOnce();
    hub.leave(c, 'challenge:7');
    hub.deliver({ to: { room: 'challenge:7' }, message: boardMoved });
    await written();
    expect(inRoom.send).toHaveBeenCalledOnce();
    expect(outside.send).not.toHaveBeenCalled();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server nodes on one PostgreSQL', () => {
  it('a score submitted through node A reaches a socket held by node B', async () => {
    const database = await createTestDatabase('postgres');
    const clock = new TestClock();
    const outbox = new Outbox();
    const nodeA = await buildApp(testConfig(), database, { mailer: outbox, now: clock.now, rateLimit: false });
    const second = await openDatabase({ url: database.url! });
    const nodeB = await buildApp(testConfig(), second, { mailer: outbox, now: clock.now, rateLimit: false });
    try {
      await nodeA.app.ready();
      const addressB = (await nodeB.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
      const t = { app: nodeA.app, context: nodeA.context, outbox, clock, settled: () => nodeA.context.tasks.settled() } as never;
      const coach = await signIn(t, 'coach@example.test', 'coach-password', 'Coach');
      const eve = await signIn(t, 'eve@example.test', 'athlete-password', 'Eve');
      const now = clock.now().getTime();
      const created = await nodeA.app.inject({
        method: 'POST',
        url: '/api/challenges/',
        headers: authHeaders(coach),
        payload: {
          title: 'Cross-node',
          score_type: 'reps',
          starts_at: new Date(now - HOUR).toISOString(),
          ends_at: new Date(now + DAY).toISOString(),
        },
      });
      const id = created.json().id;
      await nodeA.app.inject({
        method: 'POST',
        url: `/api/challenges/${id}/join`,
        headers: authHeaders(eve),
        payload: { division: 'rx', sex: 'female' },
      });
      const onB = await TestSocket.open(`${addressB}/api/ws?token=${eve.token}&user_id=${eve.userId}`);
      await onB.next((m) => m.type === 'connected');
      const res = await nodeA.app.inject({
        method: 'POST',
        url: `/api/challenges/${id}/submit-score`,
        headers: authHeaders(eve),
        payload: { reps: 12 },
      });
      expect(res.statusCode).toBe(201);
      expect(await onB.next((m) => m.type === 'progress_update')).toMatchObject({ challenge_id: id, place: { rank: 1, of: 1 } });
      expect(await onB.next((m) => m.type === 'achievement_unlocked')).toMatchObject({ achievement: { type: 'first_score' } });
      // Once, not once per node.
      await new Promise((r) => setTimeout(r, 300));
      expect(onB.messages.filter((m) => m.type === 'achievement_unlocked')).toHaveLength(1);
      onB.close();
    } finally {
      await nodeB.app.close();
      await second.close();
      await nodeA.app.close();
      await database.close();
    }
  });
});
