import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { battleJobHandlers, closeRound } from '#server/areas/battles/index.ts';
import { commentaryJobHandlers } from '#server/areas/commentary/lines.ts';
import { noteBattleRound } from '#server/areas/commentary/index.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import type { BattleFacts } from '#domain/commentary.ts';
import { watchSocketRoom } from './room-watch.ts';
import { authHeaders, createTestApp, databaseKinds, refreshCookieFrom, refusal, signIn, type SignedIn, type TestApp } from './helpers.ts';

const HOUR = 3_600_000;
type Line = {
  id: number;
  battle_id: number | null;
  challenge_id: number | null;
  kind: string;
  text: string;
  status: string;
  facts: BattleFacts;
};

describe.each(databaseKinds)('battle commentary on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let admin: SignedIn;
  let people: SignedIn[];
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin-bc@example.test'] }, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    admin = await signIn(t, 'admin-bc@example.test', 'admin-password', 'Admin Ada');
    people = [];
    for (const name of ['Ana', 'Bo', 'Cy', 'Di']) people.push(await signIn(t, `${name.toLowerCase()}-bc@x.test`, undefined, name));
  }, 240_000);
  afterAll(async () => t.close());

  async function advance(ms: number) {
    t.clock.advance(ms);
    for (const who of [admin, ...people]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie: who.cookie } });
      const body = res.json();
      who.token = body.token.token;
      who.csrf = body.csrf_token;
      who.cookie = refreshCookieFrom(res);
    }
  }
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: authHeaders(who) } : {}), ...(payload !== undefined ? { payload } : {}) });
  /** The work after a close (reading its moments) and the writing jobs. */
  const written = async () => {
    await t.settled();
    await runDueJobs(t.context, commentaryJobHandlers);
  };
  const lines = async (battleId: number, status = 'queued') =>
    (await call('GET', `/api/commentary/lines?battle_id=${battleId}&status=${status}`, admin)).json().items as Line[];

  it('a closed round writes its moments once: the winner and who fell; approved lines reach the battle room', async () => {
    const [ana, bo, cy, di] = people as [SignedIn, SignedIn, SignedIn, SignedIn];
    const created = await call('POST', '/api/battle-royale/challenges', ana, {
      name: 'Commentary Royale',
      score_type: 'reps',
      attempts_per_round: 2,
      starts_at: new Date(t.context.now().getTime() + HOUR).toISOString(),
      round_hours: 1,
      rounds: [{ cut: { kind: 'keep_top', keep: 2 } }, { cut: { kind: 'keep_top', keep: 1 } }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    for (const who of people) expect((await call('POST', `/api/battle-royale/challenges/${id}/enter`, who)).statusCode).toBe(200);
    await advance(HOUR + 1000);
    for (const [who, reps] of [
      [ana, 50],
      [bo, 40],
      [cy, 30],
      [di, 20],
    ] as const) {
      expect((await call('POST', `/api/battle-royale/challenges/${id}/attempts`, who, { reps })).statusCode).toBe(201);
      t.clock.advance(1000);
    }
    await advance(HOUR);
    // The close and the fallen's notices it queued.
    expect(await runDueJobs(t.context, battleJobHandlers)).toBe(2);
    await written();
    const first = await lines(id);
    expect(first.map((l) => l.kind).sort()).toEqual(['battle_cut', 'battle_round_winner']);
    const cut = first.find((l) => l.kind === 'battle_cut')!;
    const winner = first.find((l) => l.kind === 'battle_round_winner')!;
    expect(cut).toMatchObject({ battle_id: id, challenge_id: null, status: 'queued' });
    expect(cut.facts).toMatchObject({ battle: 'Commentary Royale', round: 1, names: ['Cy', 'Di'], more: 0, athlete: 'Cy' });
    expect(cut.text).toContain('Cy and Di');
    expect(winner.facts).toMatchObject({ athlete: 'Ana', score: '50 reps', round: 1 });
    expect(winner.text).toContain('Ana');

    // Closing again, or the moments seen again (a retried job, a second node), writes nothing new.
    expect(await closeRound(t.context, id, 1)).toEqual({ closed: false, eliminated: [] });
    noteBattleRound(t.context, { battleId: id, roundNo: 1 });
    await written();
    expect((await lines(id)).map((l) => l.id).sort()).toEqual(first.map((l) => l.id).sort());

    // Nothing public before an editor approves; then the battle's room hears it and its list shows it.
    expect((await call('GET', `/api/commentary/battles/${id}/lines`)).json().items).toEqual([]);
    const room = await watchSocketRoom(base, di, { type: 'join_room', room_id: `battle:${id}` });
    try {
      expect((await call('POST', `/api/commentary/lines/${cut.id}/approve`, admin)).statusCode).toBe(200);
      const heard = await room.next((m) => m.type === 'commentary_published');
      expect(heard.line).toMatchObject({ id: cut.id, battle_id: id, challenge_id: null, kind: 'battle_cut', text: cut.text });
      const shown = (await call('GET', `/api/commentary/battles/${id}/lines`)).json().items as Line[];
      expect(shown.map((l) => l.text)).toEqual([cut.text]);

      // The battle's stream opts in: the last round's template lines publish at once, the champion's too.
      expect((await call('PUT', `/api/commentary/battle-streams/${id}`, admin, { auto_publish: true })).json()).toEqual({
        battle_id: id,
        auto_publish: true,
        auto_publish_model: false,
      });
      expect((await call('PUT', `/api/commentary/battle-streams/${id}`, ana, { auto_publish: true })).statusCode).toBe(403);
      expect((await call('POST', `/api/battle-royale/challenges/${id}/attempts`, bo, { reps: 70 })).statusCode).toBe(201);
      await advance(HOUR);
      expect(await runDueJobs(t.context, battleJobHandlers)).toBe(2);
      await written();
      const published = await lines(id, 'published');
      expect(published.map((l) => l.kind).sort()).toEqual(['battle_champion', 'battle_cut', 'battle_cut', 'battle_round_winner']);
      const champion = published.find((l) => l.kind === 'battle_champion')!;
      expect(champion.facts).toMatchObject({ athlete: 'Bo', round: 2 });
      expect(champion.text).toContain('Bo');
      await room.next((m) => m.type === 'commentary_published' && (m.line as Line).kind === 'battle_champion');
    } finally {
      room.close();
    }

    const streams = (await call('GET', '/api/commentary/streams', admin)).json();
    expect(streams.battles).toContainEqual({
      battle_id: id,
      title: 'Commentary Royale',
      auto_publish: true,
      auto_publish_model: false,
      queued: 1,
      published: 4,
    });
    expect(streams.items.some((s: { title: string }) => s.title === 'Commentary Royale')).toBe(false);
    expect((await call('GET', '/api/commentary/battles/999999/lines')).statusCode).toBe(404);
    expect((await call('PUT', '/api/commentary/battle-streams/999999', admin, { auto_publish: true })).statusCode).toBe(404);
    expect(refusal(await call('GET', '/api/commentary/battles/0/lines'))).toBeTruthy();
  });
});
