import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { closeRound } from '#server/areas/battles/index.ts';
import { battleAttempts, judgingAudit } from '#server/db/schema.ts';
import { watchSocketRoom } from './room-watch.ts';
import { authHeaders, createTestApp, databaseKinds, insertVideo, refreshCookieFrom, refusal, signIn, type SignedIn } from './helpers.ts';

const HOUR = 3_600_000;

interface Mine {
  score_text: string;
  judging: string | null;
  counts: boolean;
}

describe.each(databaseKinds)('battles whose attempts need a judged video, on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  let people: SignedIn[];
  let admin: SignedIn;
  let judge: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin-jv@x.test'] }, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    admin = await signIn(t, 'admin-jv@x.test', 'admin-password', 'Admin');
    judge = await signIn(t, 'judge-jv@x.test', 'judge-password', 'Judge Jo');
    people = [admin, judge];
    for (const name of ['Ana', 'Bo', 'Cy', 'Di']) people.push(await signIn(t, `${name.toLowerCase()}-jv@x.test`, undefined, name));
    const granted = await call('POST', '/api/judging/certificates', admin, { user_id: judge.userId, level: 'judge' });
    expect(granted.statusCode, granted.body).toBe(201);
  }, 240_000);
  afterAll(async () => t.close());

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
    name: 'Judged Royale',
    score_type: 'reps',
    attempts_per_round: 3,
    judged_video: true,
    starts_at: new Date(t.context.now().getTime() + HOUR).toISOString(),
    round_hours: 1,
    rounds: [{ cut: { kind: 'keep_top', keep: 2 } }, { cut: { kind: 'keep_top', keep: 1 } }],
    ...over,
  });

  const verdict = (attemptId: number, body: object, who = judge) =>
    call('POST', `/api/judging/battle-attempts/${attemptId}/verdict`, who, body);

  it('an attempt counts once a judge verifies it (with the penalty), not when rejected, and not while still waiting at the close', async () => {
    const [ana, bo, cy, di] = people.slice(2) as [SignedIn, SignedIn, SignedIn, SignedIn];
    const created = await call('POST', '/api/battle-royale/challenges', admin, input());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ judged_video: true });
    const id = created.json().id as number;
    for (const who of [ana, bo, cy, di])
      expect((await call('POST', `/api/battle-royale/challenges/${id}/enter`, who)).statusCode).toBe(200);
    await advance(HOUR + 1000);
    const attempt = (who: SignedIn, body: object) => call('POST', `/api/battle-royale/challenges/${id}/attempts`, who, body);
    const stored = async () => (await t.context.database.db.select().from(battleAttempts).where(eq(battleAttempts.battleId, id))).length;

    // No video, someone else's, one not processed, an unknown one: refused, nothing stored.
    const none = await attempt(ana, { reps: 30 });
    expect(none.statusCode).toBe(422);
    expect(refusal(none)).toMatch(/need a judged video/);
    const bosVideo = await insertVideo(t, bo);
    const others = await attempt(ana, { reps: 30, video_id: bosVideo });
    expect(others.statusCode).toBe(403);
    expect(refusal(others)).toMatch(/not one of yours/);
    const processing = await attempt(ana, { reps: 30, video_id: await insertVideo(t, ana, { status: 'processing' }) });
    expect(processing.statusCode).toBe(422);
    expect((await attempt(ana, { reps: 30, video_id: '00000000-0000-0000-0000-000000000000' })).statusCode).toBe(422);
    expect(await stored()).toBe(0);

    const room = await watchSocketRoom(base, admin, { type: 'join_room', room_id: `battle:${id}` });
    const anaVideo = await insertVideo(t, ana);
    const a1 = await attempt(ana, { reps: 30, video_id: anaVideo });
    expect(a1.statusCode, a1.body).toBe(201);
    expect(a1.json()).toMatchObject({ score_text: '30 reps', judging: 'waiting', attempts_left: 2 });
    // One video backs one attempt.
    expect((await attempt(ana, { reps: 35, video_id: anaVideo })).statusCode).toBe(409);
    t.clock.advance(1000);
    const b1 = (await attempt(bo, { reps: 40, video_id: bosVideo })).json();
    t.clock.advance(1000);
    const c1 = (await attempt(cy, { reps: 60, video_id: await insertVideo(t, cy) })).json();
    t.clock.advance(1000);
    const d1 = (await attempt(di, { reps: 100, video_id: await insertVideo(t, di) })).json();

    // Waiting attempts are not on the board.
    const board = async () => (await call('GET', `/api/battle-royale/challenges/${id}/leaderboard`, ana)).json();
    expect(await board()).toMatchObject({ scored: 0, field: 4 });
    expect((await call('GET', `/api/battle-royale/challenges/${id}/my-attempts`, ana)).json().items).toMatchObject([
      { score_text: '30 reps', judging: 'waiting', counts: false },
    ]);

    // The queue is for certified judges; it lists the four, earliest first.
    expect((await call('GET', '/api/judging/battle-attempts', ana)).statusCode).toBe(403);
    const queue = (await call('GET', '/api/judging/battle-attempts', judge)).json();
    expect(queue.total).toBe(4);
    expect(queue.items.map((i: { athlete: { display_name: string } }) => i.athlete.display_name)).toEqual(['Ana', 'Bo', 'Cy', 'Di']);
    expect(queue.items[0]).toMatchObject({
      battle: { id, name: 'Judged Royale' },
      round_no: 1,
      judging: 'waiting',
      video: { id: anaVideo },
    });

    // Bad verdicts: refused, nothing changed.
    expect((await verdict(b1.id, { verdict: 'minor_penalty' })).statusCode).toBe(400);
    expect((await verdict(b1.id, { verdict: 'valid' }, ana)).statusCode).toBe(403);

    // Ana verified as is; Bo verified with a 10% penalty (40 → 36 reps): they count, and the room hears each verdict.
    expect((await verdict(a1.json().id, { verdict: 'valid' })).json()).toMatchObject({ judging: 'verified', score_text: '30 reps' });
    const penalised = await verdict(b1.id, { verdict: 'minor_penalty', penalty_percent: 10, reason: 'No-reps at the top' });
    expect(penalised.json()).toMatchObject({
      judging: 'verified',
      score_text: '36 reps',
      original_score_text: '40 reps',
      penalty_percent: 10,
    });
    await room.next((m) => m.type === 'battle_attempt_judged' && m.user_id === bo.userId && m.judging === 'verified');
    expect((await verdict(b1.id, { verdict: 'valid' })).statusCode).toBe(409);
    // Cy rejected: does not count.
    expect((await verdict(c1.id, { verdict: 'invalid', reason: 'The video shows another workout' })).json()).toMatchObject({
      judging: 'rejected',
    });
    await room.next((m) => m.type === 'battle_attempt_judged' && m.user_id === cy.userId && m.judging === 'rejected');
    const live = await board();
    expect(live).toMatchObject({ scored: 2 });
    expect(live.items.map((r: { display_name: string; score_text: string | null }) => [r.display_name, r.score_text])).toEqual([
      ['Bo', '36 reps'],
      ['Ana', '30 reps'],
      ['Cy', null],
      ['Di', null],
    ]);
    expect((await call('GET', `/api/battle-royale/challenges/${id}/my-attempts`, cy)).json().items).toMatchObject([
      { judging: 'rejected', counts: false, verdict_reason: 'The video shows another workout' },
    ]);
    const inbox = (await call('GET', '/api/notifications', bo)).json();
    expect(inbox.items[0]).toMatchObject({
      kind: 'score_judged',
      title: 'Your round 1 attempt in Judged Royale was verified with a 10% penalty',
    });
    const audited = await t.context.database.db.select().from(judgingAudit).where(eq(judgingAudit.action, 'battle_verdict'));
    expect(audited.filter((a) => a.detail.battle_id === id)).toHaveLength(3);

    // Di tries again; that one waits too.
    t.clock.advance(1000);
    expect((await attempt(di, { reps: 90, video_id: await insertVideo(t, di) })).statusCode).toBe(201);

    // The close: Di's 100 and 90 reps still wait, so they do not count; Bo and Ana (verified) go through.
    await advance(HOUR);
    expect((await verdict(d1.id, { verdict: 'valid' })).statusCode).toBe(409);
    const closed = await closeRound(t.context, id, 1);
    expect([...closed.eliminated].sort()).toEqual([cy.userId, di.userId].sort());
    const dis = (await call('GET', `/api/battle-royale/challenges/${id}/my-attempts`, di)).json().items as Mine[];
    expect(dis.map((d) => d.score_text).sort()).toEqual(['100 reps', '90 reps']);
    expect(dis.every((d) => d.judging === 'expired' && !d.counts)).toBe(true);
    // Di is told, once for both attempts; nobody whose attempt was judged is.
    const expiredNotices = async (who: SignedIn) =>
      ((await call('GET', '/api/notifications', who)).json().items as { kind: string; title: string; body: string }[]).filter((n) =>
        /not judged in time/.test(n.title),
      );
    expect(await expiredNotices(di)).toEqual([
      expect.objectContaining({
        kind: 'score_judged',
        title: '2 of your round 1 attempts in Judged Royale were not judged in time',
        body: 'Round 1 closed before a judge gave a verdict, so they do not count.',
      }),
    ]);
    for (const who of [ana, bo, cy]) expect(await expiredNotices(who)).toEqual([]);
    // Closing it again tells nobody twice.
    expect((await closeRound(t.context, id, 1)).closed).toBe(false);
    expect(await expiredNotices(di)).toHaveLength(1);
    const late = await verdict(d1.id, { verdict: 'valid' });
    expect(late.statusCode).toBe(409);
    expect(refusal(late)).toMatch(/closed before this attempt was judged/);
    expect((await call('GET', '/api/judging/battle-attempts', judge)).json().total).toBe(0);
    room.close();
  });

  it('a battle without judged video takes no video; a squad battle states the judged-video rules', async () => {
    const [ana] = people.slice(2) as [SignedIn];
    const id = (await call('POST', '/api/battle-royale/challenges', admin, input({ judged_video: false }))).json().id as number;
    await call('POST', `/api/battle-royale/challenges/${id}/enter`, ana);
    await advance(HOUR + 1000);
    const res = await call('POST', `/api/battle-royale/challenges/${id}/attempts`, ana, { reps: 10, video_id: await insertVideo(t, ana) });
    expect(res.statusCode).toBe(400);
    const plain = await call('POST', `/api/battle-royale/challenges/${id}/attempts`, ana, { reps: 10 });
    expect(plain.json()).toMatchObject({ judging: null });

    const squad = await call('POST', '/api/squad-decimation/battles', ana, {
      ...input(),
      rounds: 2,
      squad_size: 2,
      cut_per_squad: 1,
      starts_at: new Date(t.context.now().getTime() + HOUR).toISOString(),
    });
    expect(squad.statusCode, squad.body).toBe(201);
    expect(squad.json().battle.judged_video).toBe(true);
    expect(squad.json().rules.join(' ')).toMatch(
      /ranked together by their best verified attempt.*need a judged video.*still waiting for a verdict when its round closes does not count/,
    );
  });
});
