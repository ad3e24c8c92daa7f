import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDemo } from '#server/seed/demo.ts';
import { seedDemoTheater } from '#server/seed/demo-videos.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { videoJobHandlers } from '#server/areas/videos/videos-processing.ts';
import { videoService } from '#server/areas/videos/index.ts';
import { eq, inArray, like } from 'drizzle-orm';
import { achievements, challengeScores, streaks, users } from '#server/db/schema.ts';
import { DEMO_EMAIL_DOMAIN } from '#server/seed/cast.ts';
import { localDay, weekOf } from '#server/areas/realtime/streaks.ts';
import { createTestApp, databaseKinds } from './helpers.ts';

// The demo world as a visitor reads it: the same athletes, as strong, on the challenge boards,
// the test boards and Global Ranks; challenges dated around the day it was seeded.

interface Challenge {
  id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  test_id: number | null;
  divisions: { stated: Record<string, string> };
}
interface BoardRow {
  rank: number;
  division: string;
  athlete: { wp_user_id: number; display_name: string };
  score: { status: string };
}
interface RankRow {
  rank: number;
  user_id: number;
  display_name: string;
}

const DAY = 86_400_000;
/** Words that date a challenge to a season or month its window may not be in. */
const SEASONAL =
  /\b(spring|summer|autumn|fall|winter|january|february|march|april|may|june|july|august|september|october|november|december|christmas|halloween)\b/i;

describe.each(databaseKinds)('the demo world on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let now: Date;
  let videoDir: string;
  const get = async <T = Record<string, unknown>>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.json() as T;
  };
  const challengeList = async (status: string) =>
    (await get<{ items: Challenge[] }>(`/api/challenges/discover?status=${status}&limit=50`)).items;
  const fran = async () => (await challengeList('open')).find((c) => c.title === 'Fran')!;
  const franTestId = async () =>
    (await get<{ items: { id: number; name: string }[] }>('/api/v1/tests')).items.find((x) => x.name === 'Fran')!.id;

  beforeAll(async () => {
    videoDir = mkdtempSync(path.join(os.tmpdir(), 'demo-videos-'));
    t = await createTestApp(kind, { demoSignIn: true, videoDir }, { rateLimit: false });
    now = t.context.now();
    await seedDemo(t.context);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(videoDir, { recursive: true, force: true });
  });

  it('the demo squad battle plays immunity like a new one: round 1 closed, its winner’s squad holds a token', async () => {
    const squad = (
      await get<{ items: { battle: { id: number; name: string } }[] }>('/api/squad-decimation/battles?status=live')
    ).items.find((s) => s.battle.name === 'Row Squad Decimation')!;
    const n = await get<{
      enabled: boolean;
      trades_per_round: number;
      round_no: number | null;
      squads: { held: number }[];
      log: { kind: string; round_no: number }[];
    }>(`/api/squad-decimation/battles/${squad.battle.id}/negotiation`);
    expect(n).toMatchObject({ enabled: true, trades_per_round: 1, round_no: 2 });
    expect(n.squads.reduce((sum, s) => sum + s.held, 0)).toBe(1);
    expect(n.log).toEqual([expect.objectContaining({ kind: 'token_earned', round_no: 1 })]);
  });

  it('the demo tournament is live on the hub: its qualifier finished, its bracket in the semi-finals', async () => {
    interface Side {
      seed: number;
      user_id: number | null;
      display_name: string | null;
      score_text: string | null;
    }
    interface Match {
      a: Side | null;
      b: Side | null;
      winner_seed: number | null;
      bye: boolean;
      projected: boolean;
    }
    const live = await get<{
      items: {
        id: number;
        name: string;
        stages: { name: string; format: string; status: string; advanced: boolean; battle_id: number }[];
      }[];
    }>('/api/battle-royale/tournaments?status=live');
    const cup = live.items.find((x) => x.name === 'Thruster Knockout Cup')!;
    expect(cup.stages.map((s) => [s.name, s.format, s.status, s.advanced])).toEqual([
      ['Qualifier', 'battle_royale', 'finished', true],
      ['Knockout', 'bracket', 'live', false],
    ]);
    const knockout = cup.stages[1]!.battle_id;
    const battle = await get<{ format: string; current_round: number; entered: number; alive: number }>(
      `/api/battle-royale/challenges/${knockout}`,
    );
    expect(battle).toMatchObject({ format: 'bracket_tournament', current_round: 2, entered: 8, alive: 4 });
    const { bracket } = await get<{ bracket: { rounds: { name: string; matches: Match[] }[] } }>(
      `/api/battle-royale/challenges/${knockout}/bracket`,
    );
    expect(bracket.rounds.map((r) => r.name)).toEqual(['Quarter-finals', 'Semi-finals', 'Final']);
    const [quarters, semis, final] = bracket.rounds as [
      (typeof bracket.rounds)[number],
      (typeof bracket.rounds)[number],
      (typeof bracket.rounds)[number],
    ];
    // Seeds 1 v 8, 4 v 5, 2 v 7, 3 v 6, every one played, scored and decided.
    expect(quarters.matches.map((m) => [m.a!.seed, m.b!.seed])).toEqual([
      [1, 8],
      [4, 5],
      [2, 7],
      [3, 6],
    ]);
    for (const m of quarters.matches) {
      expect(m).toMatchObject({ bye: false, projected: false, winner_seed: expect.any(Number) });
      expect([m.a!.score_text, m.b!.score_text]).toEqual([expect.stringMatching(/reps$/), expect.stringMatching(/reps$/)]);
    }
    // The semi-finals drawn from the winners, undecided, the first with one side scored; the final still projected.
    expect(semis.matches.map((m) => [m.a!.seed, m.b!.seed])).toEqual([
      [quarters.matches[0]!.winner_seed, quarters.matches[1]!.winner_seed],
      [quarters.matches[2]!.winner_seed, quarters.matches[3]!.winner_seed],
    ]);
    expect(semis.matches.map((m) => m.winner_seed)).toEqual([null, null]);
    expect(semis.matches.flatMap((m) => [m.a!.score_text, m.b!.score_text]).filter(Boolean)).toHaveLength(1);
    expect(final.matches).toEqual([expect.objectContaining({ projected: true })]);
    // Demo athletes the sign-in page offers play the open semi-finals (signing in as one shows their match).
    const offered = (await get<{ accounts: { display_name: string }[] }>('/api/auth/demo-accounts')).accounts.map((a) => a.display_name);
    const playing = semis.matches.flatMap((m) => [m.a!.display_name, m.b!.display_name]);
    expect(playing.filter((n) => offered.includes(n!)).length).toBeGreaterThan(0);
  });

  it('two demo creators offer tiers with subscribers paid through the local test provider', async () => {
    const { items, provider } = await get<{ items: { subscribers: number; tiers: unknown[] }[]; provider: string }>('/api/creators');
    expect(provider).toBe('local');
    expect(items).toHaveLength(2);
    for (const c of items) {
      expect(c.tiers).toHaveLength(2);
      expect(c.subscribers).toBeGreaterThan(0);
    }
  });

  it('the Fran challenge is linked to the Fran test; its winners lead the Fran test board and Global Ranks, under one name', async () => {
    const challenge = await fran();
    const testId = await franTestId();
    expect(challenge.test_id).toBe(testId);
    for (const sex of [null, 'female', 'male'] as const) {
      const category = sex ? `&category=${sex}` : '';
      const filter = sex ? `&sex=${sex}` : '';
      const board = await get<{ items: BoardRow[] }>(`/api/challenges/rankings?challenge_id=${challenge.id}${category}&limit=100`);
      const winner = board.items[0]!.athlete;
      const testBoard = await get<{ items: RankRow[] }>(`/api/v1/leaderboards/tests/${testId}?limit=100${filter}`);
      const ranks = await get<{ items: RankRow[] }>(`/api/v1/leaderboards/global?limit=100${filter}`);
      const top3 = (rows: RankRow[]) => rows.slice(0, 3).map((r) => `${r.user_id} ${r.display_name}`);
      expect(top3(testBoard.items), `Fran test board (${sex ?? 'all'})`).toContain(`${winner.wp_user_id} ${winner.display_name}`);
      expect(top3(ranks.items), `Global Ranks (${sex ?? 'all'})`).toContain(`${winner.wp_user_id} ${winner.display_name}`);
      // Every athlete who finished Fran Rx has their Fran on the test board.
      const onTestBoard = new Set(testBoard.items.map((r) => r.user_id));
      const finishedRx = board.items.filter((r) => r.division === 'rx' && r.score.status === 'finished');
      expect(finishedRx.length).toBeGreaterThan(3);
      expect(finishedRx.filter((r) => !onTestBoard.has(r.athlete.wp_user_id)).map((r) => r.athlete.display_name)).toEqual([]);
    }
    // The last of Global Ranks wins no challenge.
    const ranks = await get<{ items: RankRow[] }>('/api/v1/leaderboards/global?limit=100');
    const last = ranks.items.at(-1)!;
    for (const c of await challengeList('open')) {
      const board = await get<{ items: BoardRow[] }>(`/api/challenges/rankings?challenge_id=${c.id}&limit=1`);
      expect(board.items[0]?.athlete.wp_user_id, c.title).not.toBe(last.user_id);
    }
  });

  it('dates its challenges around the day it is seeded, and names none by a season', async () => {
    const open = await challengeList('open');
    const upcoming = await challengeList('upcoming');
    const closed = (await get<{ items: Challenge[] }>('/api/challenges/archive')).items;
    expect(open.length).toBeGreaterThanOrEqual(5);
    expect(upcoming.length).toBeGreaterThanOrEqual(1);
    expect(closed.length).toBeGreaterThanOrEqual(2);
    for (const c of open) {
      expect(Date.parse(c.starts_at), c.title).toBeLessThanOrEqual(now.getTime());
      expect(Date.parse(c.ends_at), c.title).toBeGreaterThan(now.getTime());
    }
    for (const c of upcoming) expect(Date.parse(c.starts_at) - now.getTime(), c.title).toBeLessThan(30 * DAY);
    for (const c of closed) expect(now.getTime() - Date.parse(c.ends_at), c.title).toBeLessThan(183 * DAY);
    expect([...open, ...upcoming, ...closed].map((c) => c.title).filter((title) => SEASONAL.test(title))).toEqual([]);
  });

  it('holds a three-workout event with standings for women and men, and states the Rx loads per sex', async () => {
    const list = await get<{ items: { id: number; name: string; workouts: { title: string }[]; categories: { id: string }[] }[] }>(
      '/api/events',
    );
    const event = list.items.find((e) => e.name === `RepForge Open ${now.getUTCFullYear()}`)!;
    expect(event.workouts.map((w) => w.title)).toEqual(['Fran', 'Cindy', 'Max unbroken pull-ups']);
    expect(event.categories.map((k) => k.id)).toEqual(['female', 'male']);
    for (const category of ['female', 'male']) {
      const board = await get<{ total: number; items: { place: number; category: string; workouts: unknown[] }[] }>(
        `/api/events/${event.id}/standings?category=${category}`,
      );
      expect(board.total).toBeGreaterThan(5);
      expect(board.items[0]).toMatchObject({ place: 1, category });
      expect(board.items[0]!.workouts).toHaveLength(3);
    }
    const stated = (await fran()).divisions.stated;
    expect(stated.male).toMatch(/43 kg/);
    expect(stated.female).toMatch(/29 kg/);
  });

  it('fills gym pages with their athletes and teams', async () => {
    const gyms = (await get<{ items: { id: number; name: string }[] }>('/api/gyms?q=Iron')).items;
    const page = await get<{ athletes_total: number; teams: { name: string }[] }>(`/api/gyms/${gyms[0]!.id}`);
    expect(page.athletes_total).toBeGreaterThanOrEqual(4);
    expect(page.teams.map((x) => x.name)).toEqual(['Iron Yard Masters']);
  });

  it('looks alive: stories with replies, demo athletes with achievements, and demo accounts that sign in in one press', async () => {
    const feed = await get<{ items: { title: string; body: string; comments: number }[]; total: number }>('/api/stories');
    expect(feed.total).toBeGreaterThanOrEqual(5);
    expect(feed.items.every((s) => s.body.length > 40)).toBe(true);
    expect(feed.items.filter((s) => s.comments > 0).length).toBeGreaterThanOrEqual(5);

    const { accounts } = await get<{ accounts: { email: string; kind: string }[] }>('/api/auth/demo-accounts');
    expect(accounts.filter((a) => a.kind === 'athlete').length).toBe(4);
    expect(accounts.filter((a) => a.kind === 'administrator').length).toBe(1);
    const signIn = async (email: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/demo-sign-in', payload: { email } });
      expect(res.statusCode).toBe(200);
      return res.json() as { token: { token: string }; user: { wp_role: string } };
    };
    const athlete = await signIn(accounts[0]!.email);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/achievements/me',
      headers: { authorization: `Bearer ${athlete.token.token}` },
    });
    expect(mine.statusCode).toBe(200);
    const earned = (mine.json() as { items: { type: string }[]; total_points: number }).items.map((a) => a.type);
    expect(earned).toContain('first_score');
    // They accepted the current terms when "signing up": no "we updated our terms" dialog greets a visitor.
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/legal/consents/pending',
      headers: { authorization: `Bearer ${athlete.token.token}` },
    });
    expect(pending.json()).toEqual({ documents: [] });
    const admin = await signIn(accounts.find((a) => a.kind === 'administrator')!.email);
    expect(admin.user.wp_role).toBe('administrator');
  });

  it('gives the demo athletes the streaks their scores made, and the milestones on the way as achievements', async () => {
    const db = t.context.database.db;
    const demo = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(like(users.emailNormalized, `%@${DEMO_EMAIL_DOMAIN}`));
    const ids = demo.map((u) => u.id);
    const scores = await db.select().from(challengeScores).where(inArray(challengeScores.userId, ids));
    const rows = await db.select().from(streaks).where(inArray(streaks.userId, ids));
    const scored = new Set(scores.map((s) => s.userId));
    expect(scored.size).toBeGreaterThan(10);
    for (const id of scored) {
      const own = scores.filter((s) => s.userId === id);
      const days = new Set(own.map((s) => localDay(s.submittedAt, 'UTC')));
      const weeks = new Set([...days].map(weekOf));
      const streak = (type: string) => rows.find((r) => r.userId === id && r.type === type)!;
      expect(rows.filter((r) => r.userId === id)).toHaveLength(4);
      // Never more days or weeks in a row than the athlete scored on, and at least one of each.
      expect(streak('daily_submissions').bestCount).toBeGreaterThanOrEqual(1);
      expect(streak('daily_submissions').bestCount).toBeLessThanOrEqual(days.size);
      expect(streak('weekly_participation').bestCount).toBeGreaterThanOrEqual(1);
      expect(streak('weekly_participation').bestCount).toBeLessThanOrEqual(weeks.size);
      expect(streak('improvement_streak').bestCount).toBeLessThanOrEqual(own.length - new Set(own.map((s) => s.challengeId)).size);
    }
    expect(rows.filter((r) => !scored.has(r.userId))).toEqual([]);
    // The challenges running now were scored in this week and the last: most profiles show a live weekly streak.
    const live = await Promise.all(
      demo.slice(0, 8).map(async (u) => {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/demo-sign-in', payload: { email: u.email } });
        const token = (res.json() as { token: { token: string } }).token.token;
        const list = await t.app.inject({ method: 'GET', url: '/api/achievements/streaks', headers: { authorization: `Bearer ${token}` } });
        expect(list.statusCode).toBe(200);
        return (list.json() as { items: { type: string; current_count: number }[] }).items.find((x) => x.type === 'weekly_participation')!;
      }),
    );
    expect(live.filter((w) => w.current_count > 0).length).toBeGreaterThanOrEqual(4);
    const milestones = await db.select().from(achievements).where(eq(achievements.type, 'streak'));
    expect(milestones.filter((a) => ids.includes(a.userId)).length).toBeGreaterThan(0);
    expect(milestones.every((a) => a.key.startsWith('streak:') && a.poppedAt !== null)).toBe(true);

    // A demo world seeded before streaks existed gets the same ones at its next start.
    const shape = (list: (typeof rows)[number][]) => list.map((r) => `${r.userId}:${r.type}:${r.currentCount}:${r.bestCount}`).sort();
    await db.delete(streaks).where(inArray(streaks.userId, ids));
    await seedDemo(t.context);
    expect(shape(await db.select().from(streaks).where(inArray(streaks.userId, ids)))).toEqual(shape(rows));
  });

  it('has theater videos (made with ffmpeg at the first start), ready once the processing jobs ran', async () => {
    expect(await seedDemoTheater(t.context)).toMatch(/^3 theater videos/);
    expect(await runDueJobs(t.context, videoJobHandlers(videoService(t.context)))).toBe(3);
    const challenge = (await challengeList('open')).find((c) => c.title === 'Max unbroken pull-ups')!;
    const theater = await get<{ items: { video: { status: string } | null; video_url: string | null }[] }>(
      `/api/theater/challenges/${challenge.id}`,
    );
    expect(theater.items).toHaveLength(3);
    expect(theater.items.every((i) => i.video?.status === 'ready')).toBe(true);
    // Judged valid, as the verified scores they back: the board shows no "Unverified" for them.
    const board = await get<{ items: { score: { video_check?: string } }[] }>(
      `/api/challenges/rankings?challenge_id=${challenge.id}&division=rx&limit=5`,
    );
    expect(board.items.map((r) => r.score.video_check ?? null).filter(Boolean)).toEqual(['judged', 'judged', 'judged']);
  }, 120_000);
});
