import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRound, battleJobHandlers } from '#server/areas/battles/index.ts';
import { sql } from 'drizzle-orm';
import { runDueJobs } from '#server/lib/jobs.ts';
import { publish } from '#server/lib/realtime/realtime-events.ts';
import { rowsOf } from '#server/db/rows.ts';
import { watchSocketRoom } from './room-watch.ts';
import { authHeaders, createTestApp, databaseKinds, refreshCookieFrom, refusal, signIn, type SignedIn } from './helpers.ts';

const HOUR = 3_600_000;

const watchBattle = (base: string, who: SignedIn, battleId: number) =>
  watchSocketRoom(base, who, { type: 'join_room', room_id: `battle:${battleId}` });

describe.each(databaseKinds)('battles on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  let people: SignedIn[];
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    people = [];
    for (const name of ['Ana', 'Bo', 'Cy', 'Di']) people.push(await signIn(t, `${name.toLowerCase()}-br@x.test`, undefined, name));
  }, 240_000);
  afterAll(async () => t.close());

  /** Moves the clock and renews everyone's access token (they last less than a round). */
  async function advance(ms: number) {
    t.clock.advance(ms);
    for (const who of people) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie: who.cookie } });
      const body = res.json();
      who.token = body.token.token;
      who.csrf = body.csrf_token;
      who.cookie = refreshCookieFrom(res);
    }
  }

  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: authHeaders(who) } : {}), ...(payload !== undefined ? { payload } : {}) });

  const input = (over: Record<string, unknown> = {}) => ({
    name: 'Burpee Royale',
    score_type: 'reps',
    attempts_per_round: 2,
    starts_at: new Date(t.context.now().getTime() + HOUR).toISOString(),
    round_hours: 1,
    rounds: [{ cut: { kind: 'keep_top', keep: 2 } }, { cut: { kind: 'cut_percent', percent: 50, minimum: 1 } }],
    ...over,
  });

  it('refuses rules outside the bounds and scores of the wrong kind, storing nothing', async () => {
    const [ana] = people;
    const bad = await call(
      'POST',
      '/api/battle-royale/challenges',
      ana,
      input({ rounds: [{ cut: { kind: 'cut_percent', percent: 95, minimum: 1 } }] }),
    );
    expect(bad.statusCode).toBe(400);
    const past = await call(
      'POST',
      '/api/battle-royale/challenges',
      ana,
      input({ starts_at: new Date(t.context.now().getTime() - HOUR).toISOString() }),
    );
    expect(refusal(past)).toMatch(/future/);
    const nine = await call(
      'POST',
      '/api/battle-royale/challenges',
      ana,
      input({ rounds: Array.from({ length: 9 }, () => ({ cut: { kind: 'keep_top', keep: 1 } })) }),
    );
    expect(nine.statusCode).toBe(400);
    expect((await call('GET', '/api/battle-royale/challenges?status=entry')).json().items).toEqual([]);
  });

  it('runs a battle: entry, attempts within the limit, a live cut line, round closing by job, eliminations told live', async () => {
    const [ana, bo, cy, di] = people as [SignedIn, SignedIn, SignedIn, SignedIn];
    const created = await call('POST', '/api/battle-royale/challenges', ana, input());
    expect(created.statusCode).toBe(201);
    const battle = created.json();
    expect(battle).toMatchObject({
      status: 'entry',
      entered: 0,
      rounds: [{ round_no: 1, state: 'upcoming', cut_text: 'the best 2 athletes advance' }, { round_no: 2 }],
    });
    const id = battle.id as number;
    for (const who of people) expect((await call('POST', `/api/battle-royale/challenges/${id}/enter`, who)).statusCode).toBe(200);
    expect(refusal(await call('POST', `/api/battle-royale/challenges/${id}/enter`, ana))).toMatch(/already entered/);
    expect(refusal(await call('POST', `/api/battle-royale/challenges/${id}/attempts`, ana, { reps: 10 }))).toMatch(/not opened/);

    await advance(HOUR + 1000);
    expect(refusal(await call('POST', `/api/battle-royale/challenges/${id}/attempts`, ana, { time_ms: 1000 }))).toMatch(/does not take/);
    const room = await watchBattle(base, di, id);
    expect((await call('POST', `/api/battle-royale/challenges/${id}/attempts`, ana, { reps: 30 })).json()).toMatchObject({
      round_no: 1,
      score_text: '30 reps',
      attempts_left: 1,
    });
    await room.next((m) => m.type === 'battle_attempt_scored' && m.user_id === ana.userId);
    await call('POST', `/api/battle-royale/challenges/${id}/attempts`, ana, { reps: 50 });
    expect(refusal(await call('POST', `/api/battle-royale/challenges/${id}/attempts`, ana, { reps: 60 }))).toMatch(/used all 2 attempts/);
    t.clock.advance(1000);
    await call('POST', `/api/battle-royale/challenges/${id}/attempts`, bo, { reps: 40 });
    t.clock.advance(1000);
    await call('POST', `/api/battle-royale/challenges/${id}/attempts`, cy, { reps: 40 });
    t.clock.advance(1000);
    await call('POST', `/api/battle-royale/challenges/${id}/attempts`, di, { reps: 20 });

    const board = (
      await t.app.inject({ method: 'GET', url: `/api/battle-royale/challenges/${id}/leaderboard`, headers: authHeaders(cy, false) })
    ).json();
    expect(board).toMatchObject({ round_no: 1, closed: false, field: 4, scored: 4, keep: 2 });
    // Bo and Cy tie on 40: Bo submitted first, so Cy is below the line.
    expect(
      board.items.map((r: { display_name: string; below_cut: boolean; score_text: string }) => [r.display_name, r.score_text, r.below_cut]),
    ).toEqual([
      ['Ana', '50 reps', false],
      ['Bo', '40 reps', false],
      ['Cy', '40 reps', true],
      ['Di', '20 reps', true],
    ]);
    expect(board.me).toMatchObject({ display_name: 'Cy', place: 3, below_cut: true });
    const mine = (await call('GET', `/api/battle-royale/challenges/${id}/my-attempts`, ana)).json();
    expect(mine.items.map((a: { score_text: string; counts: boolean }) => [a.score_text, a.counts])).toEqual([
      ['30 reps', false],
      ['50 reps', true],
    ]);

    // Not yet due: the job waits for the round's close.
    expect(await runDueJobs(t.context, battleJobHandlers)).toBe(0);
    await advance(HOUR);
    // The close, then the fallen's notices it queued (run after its commit).
    expect(await runDueJobs(t.context, battleJobHandlers)).toBe(2);
    const closed = await room.next((m) => m.type === 'battle_round_closed');
    expect(closed).toMatchObject({ battle_id: id, round_no: 1, field_size: 4, eliminated_count: 2, finished: false });
    expect([...(closed.eliminated as number[])].sort()).toEqual([cy.userId, di.userId].sort());
    await room.next((m) => m.type === 'battle_round_opened' && m.round_no === 2);
    await room.next((m) => m.type === 'notification_received');
    room.close();

    // Running it again changes nothing.
    expect(await closeRound(t.context, id, 1)).toEqual({ closed: false, eliminated: [] });
    const inbox = (await call('GET', '/api/notifications', di)).json();
    expect(inbox.items[0]).toMatchObject({ kind: 'battle_eliminated', title: 'Eliminated in round 1 of Burpee Royale' });
    expect(refusal(await call('POST', `/api/battle-royale/challenges/${id}/attempts`, di, { reps: 99 }))).toMatch(/eliminated in round 1/);
    const after = (await call('GET', `/api/battle-royale/challenges/${id}`, di)).json();
    expect(after).toMatchObject({ status: 'live', current_round: 2, alive: 2, entered: 4, me: { eliminated_round: 1 } });

    await call('POST', `/api/battle-royale/challenges/${id}/attempts`, bo, { reps: 70 });
    await advance(HOUR);
    // Two nodes closing the last round at once: it closes exactly once.
    const both = await Promise.all([closeRound(t.context, id, 2), closeRound(t.context, id, 2)]);
    expect(both.filter((r) => r.closed)).toHaveLength(1);
    const done = (await call('GET', `/api/battle-royale/challenges/${id}`, ana)).json();
    expect(done).toMatchObject({ status: 'finished', winner: { display_name: 'Bo' }, me: { final_place: 2 } });
    const dash = (await call('GET', '/api/battle-royale/user/dashboard', cy)).json();
    expect(dash).toMatchObject({ eliminated: 1, won: 0 });
    expect(dash.items[0].me.final_place).toBe(3);
    expect((await call('GET', '/api/battle-royale/challenges?status=finished')).json().items.map((b: { id: number }) => b.id)).toContain(
      id,
    );
    // The job queued for round 2 finds it closed and does nothing.
    await runDueJobs(t.context, battleJobHandlers);
    expect((await call('GET', `/api/battle-royale/challenges/${id}/leaderboard?round=2`)).json()).toMatchObject({
      closed: true,
      field: 2,
      keep: 1,
    });
  });

  it('a round nobody scored in eliminates nobody', async () => {
    const [ana, bo] = people as [SignedIn, SignedIn];
    const id = (
      await call('POST', '/api/battle-royale/challenges', ana, input({ rounds: [{ cut: { kind: 'keep_top', keep: 1 } }] }))
    ).json().id as number;
    await call('POST', `/api/battle-royale/challenges/${id}/enter`, ana);
    await call('POST', `/api/battle-royale/challenges/${id}/enter`, bo);
    await advance(2 * HOUR + 1000);
    expect(await closeRound(t.context, id, 1)).toEqual({ closed: true, eliminated: [] });
  });

  it('a board kept on a node shows another node’s attempt once the battle’s room hears of it', async () => {
    const [ana, bo] = people as [SignedIn, SignedIn];
    const id = (await call('POST', '/api/battle-royale/challenges', ana, input())).json().id as number;
    await call('POST', `/api/battle-royale/challenges/${id}/enter`, ana);
    await call('POST', `/api/battle-royale/challenges/${id}/enter`, bo);
    await advance(HOUR + 1000);
    // Ana's own attempt reaches this node's room too (on PostgreSQL through NOTIFY, some time after its answer) and
    // drops the board kept here; the check below starts once it has come.
    const room = await watchBattle(base, ana, id);
    await call('POST', `/api/battle-royale/challenges/${id}/attempts`, ana, { reps: 10 });
    await room.next((m) => m.type === 'battle_attempt_scored' && m.user_id === ana.userId);
    room.close();
    const board = async () => (await call('GET', `/api/battle-royale/challenges/${id}/leaderboard`, bo)).json();
    expect(await board()).toMatchObject({ field: 2, scored: 1, me: { place: 2, score_text: null } });
    // Another node writes Bo's attempt (40 reps, the Rx reps sort key); until its message reaches this node, this
    // node serves the board it keeps.
    const db = t.context.database.db;
    await db.execute(sql`insert into battle_attempts (battle_id, round_no, user_id, status, value, sort_key, submitted_at)
      values (${id}, 1, ${bo.userId}, 'finished', 40, ${String((68719476735n - 40n) * 33554432n + 33554431n)}::bigint, now())`);
    expect(await board()).toMatchObject({ scored: 1 });
    await publish(db, [
      { to: { room: `battle:${id}` }, message: { type: 'battle_attempt_scored', battle_id: id, round_no: 1, user_id: bo.userId } },
    ]);
    for (let waited = 0; (await board()).scored !== 2 && waited < 3000; waited += 25) await new Promise((r) => setTimeout(r, 25));
    expect(await board()).toMatchObject({ field: 2, scored: 2, keep: 2, me: { place: 1, score_text: '40 reps', below_cut: false } });
    // The session is checked while the page is read: the caller's row is named from their account, nobody's without
    // one, and a bad token is refused before a bad round is.
    expect((await board()).me).toMatchObject({ user_id: bo.userId, display_name: 'Bo' });
    const url = `/api/battle-royale/challenges/${id}/leaderboard`;
    expect((await t.app.inject({ method: 'GET', url })).json()).toMatchObject({ field: 2, me: null });
    const refused = await t.app.inject({ method: 'GET', url: `${url}?round=7`, headers: { authorization: 'Bearer not-a-token' } });
    expect(refused.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${url}?round=7` })).statusCode).toBe(400);
  });

  it('a node keeps a battle’s rounds with its board: another node’s close shows once the room hears, a deleted battle is gone', async () => {
    const [ana, bo] = people as [SignedIn, SignedIn];
    const id = (await call('POST', '/api/battle-royale/challenges', ana, input())).json().id as number;
    await call('POST', `/api/battle-royale/challenges/${id}/enter`, ana);
    await call('POST', `/api/battle-royale/challenges/${id}/enter`, bo);
    await advance(HOUR + 1000);
    const board = async () => call('GET', `/api/battle-royale/challenges/${id}/leaderboard?round=1`, bo);
    expect((await board()).json()).toMatchObject({ round_no: 1, closed: false });
    // Another node closes round 1 (as its close would, nobody scored): this node's kept rounds say open until the
    // room's message arrives.
    const db = t.context.database.db;
    await db.execute(sql`update battle_rounds set closed_at = now(), field_size = 2, eliminated_count = 0
      where battle_id = ${id} and round_no = 1`);
    expect((await board()).json()).toMatchObject({ closed: false });
    await publish(db, [
      {
        to: { room: `battle:${id}` },
        message: {
          type: 'battle_round_closed',
          battle_id: id,
          round_no: 1,
          field_size: 2,
          eliminated_count: 0,
          eliminated: [],
          finished: false,
        },
      },
    ]);
    for (let waited = 0; !(await board()).json().closed && waited < 3000; waited += 25) await new Promise((r) => setTimeout(r, 25));
    expect((await board()).json()).toMatchObject({ round_no: 1, closed: true, keep: 2 });
    // The battle goes with its creator's account (no room message): the next read finds it gone.
    const [owner] = await rowsOf<{ id: number }>(
      db,
      sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
        values ('owner-kept@x.test', 'owner-kept@x.test', 'x', 'Owner', now()) returning id`,
    );
    await db.execute(sql`update battles set creator_id = ${owner!.id} where id = ${id}`);
    await db.execute(sql`delete from users where id = ${owner!.id}`);
    expect((await board()).statusCode).toBe(404);
  });
});
