import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '#server/seed/demo.ts';
import { authHeaders, createTestApp, signIn, type SignedIn } from './helpers.ts';

// The demo world's commentary: the first open boards each have a published leader's line and one waiting for an editor.
describe('the demo world’s commentary', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let editor: SignedIn;

  beforeAll(async () => {
    t = await createTestApp('pglite', { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    await seedDemo(t.context);
    editor = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
  }, 240_000);
  afterAll(async () => t?.close());

  it('shows the leader’s line on an open board, and queues a climb for editors', async () => {
    const streams = (await t.app.inject({ method: 'GET', url: '/api/commentary/streams', headers: authHeaders(editor) })).json();
    expect(streams.items.length).toBeGreaterThan(0);
    const first = streams.items[0] as { challenge_id: number; title: string; queued: number; published: number };
    expect(first).toMatchObject({ queued: 1, published: 1 });
    const shown = (await t.app.inject({ method: 'GET', url: `/api/commentary/challenges/${first.challenge_id}/lines` })).json();
    const board = (
      await t.app.inject({ method: 'GET', url: `/api/challenges/rankings?challenge_id=${first.challenge_id}&limit=1` })
    ).json();
    // The published line names the board's actual leader.
    expect(shown.items[0].text).toContain(board.items[0].athlete.display_name);
    expect(shown.items[0].text).toContain(first.title);
  });

  it('tells the seeded battles’ closed rounds on their pages', async () => {
    const streams = (await t.app.inject({ method: 'GET', url: '/api/commentary/streams', headers: authHeaders(editor) })).json();
    const battle = streams.battles[0] as { battle_id: number; title: string; published: number };
    expect(battle.published).toBeGreaterThan(0);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/commentary/battles/${battle.battle_id}/lines` })).json();
    expect(shown.items.length).toBe(Math.min(10, battle.published));
    for (const line of shown.items) expect(line).toMatchObject({ battle_id: battle.battle_id, challenge_id: null });
    expect(shown.items.map((l: { text: string }) => l.text).join(' ')).toContain(battle.title);
  });
});
