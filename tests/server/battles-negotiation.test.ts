import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRound, battleJobHandlers } from '#server/areas/battles/index.ts';
import { readFile } from 'node:fs/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { battleNegotiation, battles, commentaryLines, teamMembers } from '#server/db/schema.ts';
import { commentaryJobHandlers } from '#server/areas/commentary/index.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { watchSocketRoom } from './room-watch.ts';
import { authHeaders, createTestApp, databaseKinds, refreshCookieFrom, refusal, signIn, type SignedIn } from './helpers.ts';

const HOUR = 3_600_000;

interface NegotiationBody {
  enabled: boolean;
  round_no: number | null;
  squads: { name: string; held: number; declared: number; spent: number; trades_this_round: number }[];
  open_pacts: { id: number; status: string }[];
  log: { kind: string; text: string }[];
  my: { team_id: number; trades_left: number; protected: number[] } | null;
}

describe.each(databaseKinds)('squad negotiation on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  let people: SignedIn[];
  let wolves: number;
  let bears: number;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    people = [];
    for (const name of ['Ann', 'Abe', 'Amy', 'Bea', 'Ben', 'Bob', 'Out'])
      people.push(await signIn(t, `${name.toLowerCase()}-neg@x.test`, undefined, name));
    const team = async (captain: SignedIn, members: SignedIn[], name: string) => {
      const res = await call('POST', '/api/teams', captain, { name, max_size: 4 });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as number;
      for (const m of members)
        await t.context.database.db.insert(teamMembers).values({ teamId: id, userId: m.userId, role: 'member', joinedAt: t.context.now() });
      return id;
    };
    const [ann, abe, amy, bea, ben, bob] = people as [SignedIn, SignedIn, SignedIn, SignedIn, SignedIn, SignedIn];
    wolves = await team(ann, [abe, amy], 'Wolves');
    bears = await team(bea, [ben, bob], 'Bears');
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

  const create = async (captain: SignedIn, over: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/squad-decimation/battles', captain, {
      name: 'Pact Burpees',
      score_type: 'reps',
      attempts_per_round: 2,
      starts_at: new Date(t.context.now().getTime() + HOUR).toISOString(),
      round_hours: 1,
      rounds: 3,
      squad_size: 3,
      cut_per_squad: 1,
      ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('runs immunity politics: a token earned, traded by two captains, spent on a member who then survives the cut', async () => {
    const [ann, abe, amy, bea, ben, bob, out] = people as [SignedIn, SignedIn, SignedIn, SignedIn, SignedIn, SignedIn, SignedIn];
    const created = await create(ann);
    expect(created).toMatchObject({ immunity: true, trades_per_round: 1 });
    expect(created.rules.join(' ')).toContain('at most 1 trade per round');
    const id = created.battle.id as number;
    const url = `/api/squad-decimation/battles/${id}`;
    await call('POST', `${url}/squads`, ann, { team_id: wolves, member_ids: [ann.userId, abe.userId, amy.userId] });
    await call('POST', `${url}/squads`, bea, { team_id: bears, member_ids: [bea.userId, ben.userId, bob.userId] });
    const negotiation = async (who?: SignedIn) => (await call('GET', `${url}/negotiation`, who)).json() as NegotiationBody;
    const propose = (who: SignedIn, body: object) => call('POST', `${url}/pacts`, who, body);
    const answer = (who: SignedIn, pact: number, a: string) => call('POST', `${url}/pacts/${pact}/${a}`, who, {});
    const protect = (who: SignedIn, member: SignedIn) => call('POST', `${url}/immunity`, who, { user_id: member.userId });
    const attempt = (who: SignedIn, reps: number) => call('POST', `/api/battle-royale/challenges/${id}/attempts`, who, { reps });

    // Before the first round: nothing to negotiate yet.
    expect(await negotiation(ann)).toMatchObject({ enabled: true, round_no: null, open_pacts: [], log: [], my: { team_id: wolves } });
    const early = await propose(ann, { to_team_id: bears, kind: 'offer' });
    expect(early.statusCode).toBe(409);
    expect(refusal(early)).toMatch(/while a round is open/);

    await advance(HOUR + 1000);
    const room = await watchBattle(out, id);
    // Captains only; no token yet.
    const notCaptain = await propose(abe, { to_team_id: bears, kind: 'offer' });
    expect(notCaptain.statusCode).toBe(403);
    expect(refusal(notCaptain)).toMatch(/Only a squad’s captain/);
    expect((await propose(ann, { to_team_id: bears, kind: 'offer' })).statusCode).toBe(409);
    expect(refusal(await protect(ann, abe))).toMatch(/holds no free immunity token/);
    expect((await propose(ann, { to_team_id: wolves, kind: 'offer' })).statusCode).toBe(422);
    expect((await propose(ann, { to_team_id: bears, kind: 'gift' })).statusCode).toBe(400);
    expect((await propose(ann, { to_team_id: bears, kind: 'offer', note: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await propose(out, { to_team_id: bears, kind: 'offer' })).statusCode).toBe(403);
    expect((await negotiation()).open_pacts).toEqual([]);

    // Round 1: Ann ranks first, so the Wolves earn a token; Amy and Bob fall.
    for (const [who, reps] of [
      [ann, 50],
      [bea, 40],
      [abe, 30],
      [ben, 20],
      [amy, 10],
      [bob, 5],
    ] as const) {
      expect((await attempt(who, reps)).statusCode).toBe(201);
      t.clock.advance(1000);
    }
    await advance(HOUR);
    expect(await runDueJobs(t.context, battleJobHandlers)).toBe(1);
    await room.next((m) => m.type === 'squad_round_closed' && m.round_no === 1);
    let state = await negotiation(bea);
    expect(state).toMatchObject({ round_no: 2, my: { team_id: bears, trades_left: 1, protected: [] } });
    expect(state.squads.map((s) => [s.name, s.held])).toEqual([
      ['Wolves', 1],
      ['Bears', 0],
    ]);
    expect(state.log[0]).toMatchObject({ kind: 'token_earned', text: 'Wolves earned an immunity token: Ann ranked first in round 1.' });

    // Round 2: the Bears ask for the Wolves' token, twice; withdraw one; the Wolves accept the other.
    const asked = await propose(bea, { to_team_id: wolves, kind: 'request', note: 'Yours back next round' });
    expect(asked.statusCode, asked.body).toBe(201);
    const pact = asked.json().id as number;
    expect(await room.next((m) => m.type === 'pact_proposed')).toMatchObject({ pact_id: pact, from_team_id: bears, to_team_id: wolves });
    // The Wolves' captain has it in the inbox, linked to the battle; nobody else does.
    const inbox = async (who: SignedIn) =>
      ((await call('GET', '/api/notifications', who)).json().items as { kind: string; title: string; body: string; link: string }[]).filter(
        (n) => n.kind === 'battle_pact_proposed',
      );
    expect(await inbox(ann)).toEqual([
      expect.objectContaining({
        title: 'Bears asks Wolves for an immunity token',
        body: 'Round 2 of Pact Burpees: accept or decline it on the battle page before the round closes. Their note: “Yours back next round”',
        link: `/squad-decimation-battle-page?id=${id}`,
      }),
    ]);
    expect(await inbox(abe)).toEqual([]);
    expect(await inbox(bea)).toEqual([]);
    const second = (await propose(bea, { to_team_id: wolves, kind: 'request' })).json().id as number;
    expect((await answer(ann, second, 'withdraw')).statusCode).toBe(422);
    expect((await answer(bea, second, 'withdraw')).json()).toMatchObject({ status: 'withdrawn' });
    expect(await room.next((m) => m.type === 'pact_withdrawn')).toEqual({
      type: 'pact_withdrawn',
      battle_id: id,
      pact_id: second,
      from_team_id: bears,
      to_team_id: wolves,
    });
    expect(await inbox(ann)).toHaveLength(2);
    expect(refusal(await answer(ann, second, 'accept'))).toMatch(/already withdrawn/);
    expect((await answer(bea, pact, 'accept')).statusCode).toBe(422);
    expect((await answer(abe, pact, 'accept')).statusCode).toBe(403);
    const accepted = await answer(ann, pact, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', kind: 'request', note: 'Yours back next round' });
    expect(await room.next((m) => m.type === 'pact_accepted')).toMatchObject({ giver_team_id: wolves, taker_team_id: bears });
    // One trade per round each: the Bears cannot trade it straight back.
    const over = await propose(bea, { to_team_id: wolves, kind: 'offer' });
    expect(over.statusCode).toBe(409);
    expect(refusal(over)).toMatch(/Bears has made its 1 trade this round/);

    // The Bears spend it on Ben; not on someone outside their living squad, not twice.
    expect(refusal(await protect(ann, abe))).toMatch(/no free immunity token/);
    expect((await protect(bea, ann)).statusCode).toBe(422);
    expect((await protect(bea, bob)).statusCode).toBe(422);
    const used = await protect(bea, ben);
    expect(used.statusCode, used.body).toBe(201);
    expect(used.json()).toMatchObject({
      status: 'declared',
      used_round: 2,
      used_on: ben.userId,
      holder_team_id: bears,
      earned_team_id: wolves,
    });
    expect(await room.next((m) => m.type === 'immunity_used')).toMatchObject({ team_id: bears, user_id: ben.userId, round_no: 2 });
    expect(refusal(await protect(bea, ben))).toMatch(/already protected/);

    // Ben ranks last of the Bears, but is protected: Bea would fall instead.
    for (const [who, reps] of [
      [ann, 50],
      [bea, 40],
      [abe, 30],
      [ben, 5],
    ] as const) {
      await attempt(who, reps);
      t.clock.advance(1000);
    }
    const board = (await call('GET', `${url}/board`)).json();
    const bearsRow = board.squads.find((s: { name: string }) => s.name === 'Bears');
    expect(
      bearsRow.members
        .filter((m: { place: number | null }) => m.place !== null)
        .map((m: { display_name: string; on_the_block: boolean; protected: boolean }) => [m.display_name, m.on_the_block, m.protected]),
    ).toEqual([
      ['Bea', true, false],
      ['Ben', false, true],
    ]);
    await advance(HOUR);
    expect(await runDueJobs(t.context, battleJobHandlers)).toBe(1);
    const closed = await room.next((m) => m.type === 'squad_round_closed' && m.round_no === 2);
    expect((closed.eliminated as { user_id: number }[]).map((e) => e.user_id).sort()).toEqual([abe.userId, bea.userId].sort());
    room.close();
    // Closing it again changes nothing: no second token, nothing spent twice.
    expect(await closeRound(t.context, id, 2)).toEqual({ closed: false, eliminated: [] });
    state = await negotiation();
    expect(state.squads.map((s) => [s.name, s.held, s.declared, s.spent])).toEqual([
      ['Wolves', 1, 0, 0],
      ['Bears', 0, 0, 1],
    ]);
    expect(state.log.map((l) => l.kind).slice(0, 2)).toEqual(['token_earned', 'immunity_used']);
    expect(state.log[1]!.text).toBe('Ben (Bears) was protected from round 2’s cut: the next-lowest member fell instead.');
    // The close's commentary (written after it, once): the round's winner with her squad, and the token that saved Ben.
    await t.settled();
    await runDueJobs(t.context, commentaryJobHandlers);
    const told = await t.context.database.db.select().from(commentaryLines).where(eq(commentaryLines.battleId, id));
    expect(told.filter((l) => l.eventKey?.endsWith(':2')).map((l) => l.kind)).toEqual(
      expect.arrayContaining(['battle_round_winner', 'battle_cut', 'battle_immunity']),
    );
    expect(told.find((l) => l.eventKey === 'battle_immunity:2')!.facts).toMatchObject({
      athlete: 'Ben',
      squad: 'Bears',
      names: ['Ben (Bears)'],
    });
    expect(told.find((l) => l.eventKey === 'battle_round_winner:2')!.facts).toMatchObject({ athlete: 'Ann', squad: 'Wolves' });

    // Round 3 (the last): a declined offer reaches the room; an offer nobody answers expires when the round closes;
    // no token after the last round.
    const room3 = await watchBattle(out, id);
    const declined = (await propose(ann, { to_team_id: bears, kind: 'offer' })).json().id as number;
    expect((await inbox(bea)).map((n) => n.title)).toEqual(['Wolves offers Bears an immunity token']);
    expect((await answer(bea, declined, 'decline')).json()).toMatchObject({ status: 'declined' });
    expect(await room3.next((m) => m.type === 'pact_declined')).toMatchObject({
      pact_id: declined,
      from_team_id: wolves,
      to_team_id: bears,
    });
    room3.close();
    expect((await propose(ann, { to_team_id: bears, kind: 'offer' })).statusCode).toBe(201);
    await advance(HOUR);
    await runDueJobs(t.context, battleJobHandlers);
    state = await negotiation(ann);
    expect(state).toMatchObject({ round_no: null, open_pacts: [], my: { team_id: wolves, trades_left: 0 } });
    expect(state.log[0]!.kind).toBe('pact_expired');
    // The last round ends the battle: its champion squad is told.
    await t.settled();
    await runDueJobs(t.context, commentaryJobHandlers);
    const champion = (await t.context.database.db.select().from(commentaryLines).where(eq(commentaryLines.battleId, id))).find(
      (l) => l.eventKey === 'battle_champion:3',
    );
    expect(champion).toMatchObject({ battleId: id, userId: null, status: 'queued' });
    expect(champion!.facts).toMatchObject({ format: 'squad_decimation', round: 3 });
    expect(state.squads.reduce((n, s) => n + s.held + s.declared + s.spent, 0)).toBe(2);
    expect(refusal(await propose(ann, { to_team_id: bears, kind: 'offer' }))).toMatch(/while a round is open/);
  });

  it('a battle without immunity refuses negotiation and shows it off', async () => {
    const [ann] = people as [SignedIn];
    const created = await create(ann, { immunity: false });
    expect(created).toMatchObject({ immunity: false, trades_per_round: 0 });
    expect(created.rules.join(' ')).not.toContain('immunity');
    const id = created.battle.id as number;
    await call('POST', `/api/squad-decimation/battles/${id}/squads`, ann, {
      team_id: wolves,
      member_ids: people.slice(0, 3).map((p) => p.userId),
    });
    expect((await call('GET', `/api/squad-decimation/battles/${id}/negotiation`)).json()).toMatchObject({ enabled: false, my: null });
    const res = await call('POST', `/api/squad-decimation/battles/${id}/pacts`, ann, { to_team_id: bears, kind: 'offer' });
    expect(res.statusCode).toBe(409);
    expect(refusal(res)).toMatch(/without immunity tokens/);
  });

  it('migration 0060 gives battles made before negotiation the default immunity, once, and leaves choices and finished ones alone', async () => {
    const [ann] = people as [SignedIn];
    const db = t.context.database.db;
    const old = (await create(ann)).battle.id as number;
    const oldFinished = (await create(ann)).battle.id as number;
    const chosenOff = (await create(ann, { immunity: false })).battle.id as number;
    // Made before negotiation: no negotiation row, created a year ago (one of them already over).
    const yearAgo = new Date(t.context.now().getTime() - 365 * 24 * HOUR);
    await db.delete(battleNegotiation).where(inArray(battleNegotiation.battleId, [old, oldFinished]));
    await db
      .update(battles)
      .set({ createdAt: yearAgo })
      .where(inArray(battles.id, [old, oldFinished]));
    await db.update(battles).set({ finishedAt: yearAgo }).where(eq(battles.id, oldFinished));
    const enabled = async (id: number) =>
      ((await call('GET', `/api/squad-decimation/battles/${id}/negotiation`)).json() as NegotiationBody).enabled;
    expect([await enabled(old), await enabled(oldFinished), await enabled(chosenOff)]).toEqual([false, false, false]);
    const migration = await readFile(new URL('../../server/db/migrations/0060_battle_immunity_backfill.sql', import.meta.url), 'utf8');
    for (let i = 0; i < 2; i++) await db.execute(sql.raw(migration));
    expect([await enabled(old), await enabled(oldFinished), await enabled(chosenOff)]).toEqual([true, false, false]);
    const rows = await db.select().from(battleNegotiation).where(eq(battleNegotiation.battleId, old));
    expect(rows).toEqual([{ battleId: old, tradesPerRound: 1 }]);
    const squad = (await call('GET', `/api/squad-decimation/battles/${old}`)).json();
    expect(squad).toMatchObject({ immunity: true, trades_per_round: 1 });
    expect(squad.rules.join(' ')).toContain('at most 1 trade per round');
  });

  const watchBattle = (who: SignedIn, battleId: number) => watchSocketRoom(base, who, { type: 'join_room', room_id: `battle:${battleId}` });
});
