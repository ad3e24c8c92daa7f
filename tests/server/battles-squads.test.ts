import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRound, battleJobHandlers } from '#server/areas/battles/index.ts';
import { teamMembers } from '#server/db/schema.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { watchSocketRoom } from './room-watch.ts';
import { authHeaders, createTestApp, databaseKinds, refreshCookieFrom, refusal, signIn, type SignedIn } from './helpers.ts';

const HOUR = 3_600_000;

const watchBattle = (base: string, who: SignedIn, battleId: number) =>
  watchSocketRoom(base, who, { type: 'join_room', room_id: `battle:${battleId}` });

interface BoardSquad {
  name: string;
  place: number;
  members: { display_name: string; place: number | null; on_the_block: boolean; eliminated_round: number | null }[];
}

describe.each(databaseKinds)('squad decimation on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  let people: SignedIn[];
  let wolves: number;
  let bears: number;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    people = [];
    for (const name of ['Ann', 'Abe', 'Bea', 'Ben', 'Out'])
      people.push(await signIn(t, `${name.toLowerCase()}-sq@x.test`, undefined, name));
    const [ann, abe, bea, ben] = people as [SignedIn, SignedIn, SignedIn, SignedIn];
    const team = async (captain: SignedIn, member: SignedIn, name: string) => {
      const res = await call('POST', '/api/teams', captain, { name, max_size: 4 });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as number;
      await t.context.database.db
        .insert(teamMembers)
        .values({ teamId: id, userId: member.userId, role: 'member', joinedAt: t.context.now() });
      return id;
    };
    wolves = await team(ann, abe, 'Wolves');
    bears = await team(bea, ben, 'Bears');
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
    name: 'Squad Burpees',
    score_type: 'reps',
    attempts_per_round: 2,
    starts_at: new Date(t.context.now().getTime() + HOUR).toISOString(),
    round_hours: 1,
    rounds: 3,
    squad_size: 2,
    cut_per_squad: 1,
    ...over,
  });

  it('refuses a shape outside the bounds, storing nothing', async () => {
    const [ann] = people;
    expect(refusal(await call('POST', '/api/squad-decimation/battles', ann, input({ cut_per_squad: 2 })))).toMatch(/fewer than the squad/);
    expect((await call('POST', '/api/squad-decimation/battles', ann, input({ squad_size: 11 }))).statusCode).toBe(400);
    expect((await call('POST', '/api/squad-decimation/battles', ann, input({ rounds: 9 }))).statusCode).toBe(400);
    expect((await call('POST', '/api/squad-decimation/battles', undefined, input())).statusCode).toBe(401);
    expect((await call('GET', '/api/squad-decimation/battles?status=entry')).json().items).toEqual([]);
  });

  it('runs a squad battle: captains enter, members score, the weakest of each squad falls, the last squad standing wins', async () => {
    const [ann, abe, bea, ben, out] = people as [SignedIn, SignedIn, SignedIn, SignedIn, SignedIn];
    const created = await call('POST', '/api/squad-decimation/battles', ann, input());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().battle.id as number;
    expect(created.json()).toMatchObject({
      squad_size: 2,
      cut_per_squad: 1,
      squads: [],
      battle: { format: 'squad_decimation', status: 'entry', rounds: [{ cut: { kind: 'per_squad', count: 1 } }, {}, {}] },
    });
    expect(created.json().battle.rounds[0].cut_text).toBe('the lowest-ranked living member of each squad is eliminated');
    expect(created.json().rules.join(' ')).toContain('exactly 2 members');

    // The captain's teams to choose from.
    const teams = (await call('GET', '/api/squad-decimation/my-teams', ann)).json();
    expect(teams.items).toMatchObject([{ team_id: wolves, name: 'Wolves', members: [{ display_name: 'Ann' }, { display_name: 'Abe' }] }]);

    // Bad entries: nothing stored.
    const enter = (who: SignedIn, team_id: number, member_ids: number[]) =>
      call('POST', `/api/squad-decimation/battles/${id}/squads`, who, { team_id, member_ids });
    expect((await enter(abe, wolves, [ann.userId, abe.userId])).statusCode).toBe(403);
    expect(refusal(await enter(ann, wolves, [ann.userId]))).toMatch(/exactly 2 members; you chose 1/);
    expect(refusal(await enter(ann, wolves, [ann.userId, out.userId]))).toMatch(/must be in Wolves/);
    expect(refusal(await enter(ann, wolves, [ann.userId, ann.userId]))).toMatch(/each member once/);
    expect(refusal(await call('POST', `/api/battle-royale/challenges/${id}/enter`, out))).toMatch(/through their captain/);
    expect((await call('GET', `/api/squad-decimation/battles/${id}`)).json()).toMatchObject({ squads: [], battle: { entered: 0 } });

    expect((await enter(ann, wolves, [ann.userId, abe.userId])).statusCode).toBe(200);
    expect(refusal(await enter(ann, wolves, [ann.userId, abe.userId]))).toMatch(/already entered/);
    const both = (await enter(bea, bears, [bea.userId, ben.userId])).json();
    expect(both).toMatchObject({ my_team_id: bears, battle: { entered: 4, alive: 4 } });
    expect(both.squads.map((s: { name: string; size: number }) => [s.name, s.size])).toEqual([
      ['Wolves', 2],
      ['Bears', 2],
    ]);

    await advance(HOUR + 1000);
    expect(refusal(await enter(bea, bears, [bea.userId, ben.userId]))).toMatch(/Entry closed/);
    const room = await watchBattle(base, out, id);
    const attempt = (who: SignedIn, reps: number) => call('POST', `/api/battle-royale/challenges/${id}/attempts`, who, { reps });
    expect((await attempt(out, 10)).statusCode).toBe(403);
    expect((await attempt(ann, 30)).statusCode).toBe(201);
    await room.next((m) => m.type === 'battle_attempt_scored' && m.user_id === ann.userId);
    t.clock.advance(1000);
    await attempt(abe, 10);
    t.clock.advance(1000);
    await attempt(bea, 20);
    const board = (await call('GET', `/api/squad-decimation/battles/${id}/board`)).json();
    expect(board).toMatchObject({ round_no: 1, closed: false, field: 4, scored: 3 });
    // Ben has not scored: last in the round, and the one of the Bears who would fall now.
    expect(board.squads.map((s: BoardSquad) => [s.name, s.members.map((m) => [m.display_name, m.place, m.on_the_block])])).toEqual([
      [
        'Wolves',
        [
          ['Ann', 1, false],
          ['Abe', 3, true],
        ],
      ],
      [
        'Bears',
        [
          ['Bea', 2, false],
          ['Ben', 4, true],
        ],
      ],
    ]);

    // After the window, before the job: refused until the cut is made.
    await advance(HOUR);
    expect(refusal(await attempt(ben, 50))).toMatch(/Round 1 is being closed/);
    expect(await runDueJobs(t.context, battleJobHandlers)).toBe(1);
    const closed = await room.next((m) => m.type === 'squad_round_closed');
    expect(closed).toMatchObject({ battle_id: id, round_no: 1, squads_out: [], winner_team_id: null, finished: false });
    expect(closed.eliminated).toEqual([
      { user_id: abe.userId, team_id: wolves, place: 3 },
      { user_id: ben.userId, team_id: bears, place: 4 },
    ]);
    await room.next((m) => m.type === 'battle_round_opened' && m.round_no === 2);
    room.close();
    // Closing it again changes nothing.
    expect(await closeRound(t.context, id, 1)).toEqual({ closed: false, eliminated: [] });
    const inbox = (await call('GET', '/api/notifications', abe)).json();
    expect(inbox.items[0]).toMatchObject({ kind: 'battle_eliminated', title: 'Eliminated in round 1 of Squad Burpees' });
    expect(refusal(await attempt(abe, 99))).toMatch(/eliminated in round 1/);
    const mid = (await call('GET', `/api/squad-decimation/battles/${id}`, abe)).json();
    expect(mid).toMatchObject({ my_team_id: wolves, battle: { alive: 2, current_round: 2, me: { eliminated_round: 1 } } });

    // Round 2: one living member each; both would fall, so the better one stays and the Bears win.
    await attempt(ann, 10);
    await attempt(bea, 40);
    await advance(HOUR);
    const twice = await Promise.all([closeRound(t.context, id, 2), closeRound(t.context, id, 2)]);
    expect(twice.filter((r) => r.closed)).toHaveLength(1);
    const done = (await call('GET', `/api/squad-decimation/battles/${id}`, ann)).json();
    expect(done).toMatchObject({ winner_team_id: bears, battle: { status: 'finished', me: { final_place: 2 } } });
    expect(
      done.squads.map((s: { name: string; final_place: number; out_round: number | null }) => [s.name, s.final_place, s.out_round]),
    ).toEqual([
      ['Bears', 1, null],
      ['Wolves', 2, 2],
    ]);
    expect(done.battle.rounds.map((r: { state: string }) => r.state)).toEqual(['closed', 'closed', 'closed']);
    const captain = (await call('GET', '/api/notifications', ann)).json();
    expect(captain.items.map((n: { title: string }) => n.title)).toContain('Wolves is out of Squad Burpees');
    expect(refusal(await attempt(bea, 50))).toMatch(/over/);
    // The job queued for round 3 finds it closed.
    await advance(HOUR);
    await runDueJobs(t.context, battleJobHandlers);
    const final = (await call('GET', `/api/squad-decimation/battles/${id}/board?round=2`)).json();
    expect(final).toMatchObject({ closed: true, field: 2 });
    expect(final.squads.map((s: BoardSquad) => s.name)).toEqual(['Bears', 'Wolves']);
    expect(
      (await call('GET', '/api/squad-decimation/battles?status=finished')).json().items.map((b: { battle: { id: number } }) => b.battle.id),
    ).toEqual([id]);
    expect((await call('GET', '/api/battle-royale/challenges?status=finished')).json().items).toEqual([]);
  });

  it('a round nobody scored in eliminates nobody', async () => {
    const [ann, abe, bea, ben] = people as [SignedIn, SignedIn, SignedIn, SignedIn];
    const id = (await call('POST', '/api/squad-decimation/battles', ann, input({ rounds: 1 }))).json().battle.id as number;
    await call('POST', `/api/squad-decimation/battles/${id}/squads`, ann, { team_id: wolves, member_ids: [ann.userId, abe.userId] });
    await call('POST', `/api/squad-decimation/battles/${id}/squads`, bea, { team_id: bears, member_ids: [bea.userId, ben.userId] });
    await advance(2 * HOUR + 1000);
    // After the window: refused, nothing stored.
    const late = await call('POST', `/api/battle-royale/challenges/${id}/attempts`, ann, { reps: 10 });
    expect(refusal(late)).toMatch(/window has closed/);
    expect((await call('GET', `/api/battle-royale/challenges/${id}/my-attempts`, ann)).json().items).toEqual([]);
    expect(await closeRound(t.context, id, 1)).toEqual({ closed: true, eliminated: [] });
    const done = (await call('GET', `/api/squad-decimation/battles/${id}`)).json();
    expect(done.battle.status).toBe('finished');
    expect(done.squads.every((s: { living: number }) => s.living === 2)).toBe(true);
  });
});
