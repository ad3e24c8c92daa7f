import { expect, test } from '@playwright/test';
import { useAppWithMail, type Athlete } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean, setClock, type ApiSession } from './support/api.ts';
import { looksRight } from './support/looks.ts';
import { openSignedIn } from './support/signed-in.ts';

// The server's clock can be moved (TEST_CLOCK=1): rounds open and close (the closing job runs) in seconds.
const { app, mailbox } = useAppWithMail({ TEST_CLOCK: '1' });
const HOUR = 3_600_000;

const person = (name: string): Athlete => ({
  email: `${name.toLowerCase()}.pact@example.test`,
  name: `${name} Pact`,
  password: `${name}-pass-123456`,
});
const [sam, mo, max, bea, ben, bo] = ['Sam', 'Mo', 'Max', 'Bea', 'Ben', 'Bo'].map(person) as [
  Athlete,
  Athlete,
  Athlete,
  Athlete,
  Athlete,
  Athlete,
];

test('two captains trade an immunity token; the protected member survives the cut on a moved clock, and the log tells it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const sessions = new Map<Athlete, ApiSession>();
  // After the clock moves, the API sessions' tokens have expired: sign in again.
  const signAll = async () => {
    for (const who of [sam, mo, max, bea, ben, bo]) sessions.set(who, await apiSignIn(app(), mailbox, who));
  };
  const as = (who: Athlete) => sessions.get(who)!;
  await signAll();
  const squad = async (captain: Athlete, members: Athlete[], name: string) => {
    const team = await apiCall(app(), as(captain), 'POST', 'api/teams', { name, max_size: 4 });
    for (const m of members) {
      const inv = await apiCall(app(), as(captain), 'POST', `api/teams/${String(team.id)}/invitations`, { email: m.email });
      await apiCall(app(), as(m), 'POST', `api/team-invitations/${String(inv.id)}/accept`, {});
    }
    return Number(team.id);
  };
  const wolves = await squad(sam, [mo, max], 'Wolf Pack');
  const bears = await squad(bea, [ben, bo], 'Bear Den');
  const battle = await apiCall(app(), as(sam), 'POST', 'api/squad-decimation/battles', {
    name: 'Pact Rows',
    score_type: 'reps',
    attempts_per_round: 2,
    starts_at: new Date(Date.now() + HOUR).toISOString(),
    round_hours: 24,
    rounds: 3,
    squad_size: 3,
    cut_per_squad: 1,
  });
  const id = Number((battle.battle as { id: number }).id);
  const ids = async (who: Athlete[]) => {
    const teams = (await apiCall(app(), as(who[0]!), 'GET', 'api/squad-decimation/my-teams')).items as {
      members: { user_id: number; display_name: string }[];
    }[];
    return teams[0]!.members.filter((m) => who.some((w) => w.name === m.display_name)).map((m) => m.user_id);
  };
  await apiCall(app(), as(sam), 'POST', `api/squad-decimation/battles/${id}/squads`, {
    team_id: wolves,
    member_ids: await ids([sam, mo, max]),
  });
  await apiCall(app(), as(bea), 'POST', `api/squad-decimation/battles/${id}/squads`, {
    team_id: bears,
    member_ids: await ids([bea, ben, bo]),
  });
  const score = async (scores: [Athlete, number][]) => {
    for (const [who, reps] of scores) await apiCall(app(), as(who), 'POST', `api/battle-royale/challenges/${id}/attempts`, { reps });
  };

  // Round 1: Sam ranks first, so the Wolf Pack earns a token when it closes.
  await setClock(app(), HOUR + 60_000);
  await signAll();
  await score([
    [sam, 50],
    [bea, 40],
    [mo, 30],
    [ben, 20],
    [max, 10],
    [bo, 5],
  ]);
  // The round's close is heard live only by a socket already in the battle's room: wait for the room's
  // "joined" before moving the clock (on a busy machine the socket can come after the page's content).
  let joined = false;
  const room = `battle:${String(id)}`;
  // What the page's sockets heard, printed if a live reveal is missed (to tell a lost message from a wrong text).
  const heard: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload !== 'string') return;
      heard.push(`${new Date().toISOString()} ${frame.payload.slice(0, 300)}`);
      try {
        const m = JSON.parse(frame.payload) as { type?: string; room_id?: string };
        if (m.type === 'joined' && m.room_id === room) joined = true;
      } catch {
        // not a message of ours
      }
    }),
  );
  const inRoom = async () => await expect.poll(() => joined, { timeout: 20_000 }).toBe(true);
  const revealed = async (text: string) => {
    try {
      await expect(page.getByText(text)).toBeVisible({ timeout: 20_000 });
    } catch (error) {
      console.log(
        `The page's sockets heard:\n${heard.join('\n')}\nThe reveal region says: ${await page.getByRole('status').allInnerTexts()}`,
      );
      throw error;
    }
  };
  await openSignedIn(page, app(), mailbox, bea, `squad-decimation-battle-page?id=${id}`);
  const panel = page.getByRole('region', { name: 'Negotiation' });
  await expect(panel.getByText('Nothing negotiated yet')).toBeVisible();
  await expect(panel.getByText('Bear Den holds 0 tokens to trade or spend; 1 trade left this round.')).toBeVisible();
  await inRoom();
  await setClock(app(), 25 * HOUR + 60_000, page);
  await revealed('Round 1 closed: Max Pact (Wolf Pack) and Bo Pact (Bear Den) fell.');
  // The moved clock outran the page's session (its timer refreshes it before expiry in real time): reload.
  await page.reload();
  await expect(panel.getByText('Wolf Pack earned an immunity token: Sam Pact ranked first in round 1.')).toBeVisible();
  await signAll();

  // Round 2: Bea asks the Wolf Pack for its token, promising it back; Sam accepts; the page hears it live.
  const propose = panel.getByRole('form', { name: 'Propose a pact' });
  await propose.getByRole('button', { name: 'Propose the pact' }).click();
  await expect(panel.getByText('Choose the squad to propose the pact to.')).toBeVisible();
  await propose.getByRole('radio', { name: /Wolf Pack/ }).click();
  await propose.getByRole('radio', { name: 'Ask them for one of theirs' }).click();
  await propose.getByLabel('Note (optional)').fill('Yours back next round');
  await propose.getByRole('button', { name: 'Propose the pact' }).click();
  await expect(panel.getByText('Proposal sent: it waits for the other captain.')).toBeVisible();
  await expect(panel.getByText('Bear Den asks Wolf Pack for a token: “Yours back next round”').first()).toBeVisible();
  const pacts = (await apiCall(app(), as(sam), 'GET', `api/squad-decimation/battles/${id}/negotiation`)).open_pacts as { id: number }[];
  await apiCall(app(), as(sam), 'POST', `api/squad-decimation/battles/${id}/pacts/${pacts[0]!.id}/accept`, {});
  await expect(panel.getByText('Wolf Pack accepted Bear Den’s request: a token moved from Wolf Pack to Bear Den.')).toBeVisible();
  await expect(panel.getByText('Bear Den holds 1 token to trade or spend; 0 trades left this round.')).toBeVisible();

  // Bea spends it on Ben (after a confirmation); Ben then scores lowest of the Bear Den.
  const protect = panel.getByRole('form', { name: 'Protect a member' });
  await protect.getByRole('radio', { name: /Ben Pact/ }).click();
  await protect.getByRole('button', { name: 'Use a token' }).click();
  await expect(panel.getByText(/Spend a token on Ben Pact\? They cannot fall in round 2’s cut/)).toBeVisible();
  await axeClean(page);
  await panel.getByRole('button', { name: 'Spend the token' }).click();
  await expect(panel.getByText('Token spent: that member cannot fall in this round’s cut.')).toBeVisible();
  await expect(panel.getByText('Bear Den spent a token on Ben Pact: protected from round 2’s cut.')).toBeVisible();
  await score([
    [sam, 50],
    [bea, 40],
    [mo, 30],
    [ben, 5],
  ]);
  joined = false;
  await page.reload();
  const bearsBoard = page.getByRole('region', { name: 'Bear Den in round 2' });
  await expect(bearsBoard.getByRole('row', { name: /Ben Pact/ })).toContainText('Protected by a token');
  await expect(bearsBoard.getByRole('row', { name: /Bea Pact \(you\)/ })).toContainText('Would fall now');
  await looksRight(page, 'negotiation-captain', () => expect(panel.getByRole('heading', { name: 'Protect a member' })).toBeVisible());

  // The round closes on the moved clock: Ben survives, Bea falls in his place.
  await inRoom();
  await setClock(app(), 49 * HOUR + 60_000, page);
  await revealed('Round 2 closed: you (Bear Den) and Mo Pact (Wolf Pack) fell.');
  // The moved clock outran the page's session (its timer refreshes it before expiry in real time): reload.
  await page.reload();
  await expect(panel.getByText('Ben Pact (Bear Den) was protected from round 2’s cut: the next-lowest member fell instead.')).toBeVisible();
  await page.getByRole('button', { name: /Round 2:/ }).click();
  await expect(page.getByRole('region', { name: 'Bear Den in round 2' }).getByRole('row', { name: /Ben Pact/ })).toContainText(
    'Protected by a token: through',
  );
  await expect(page.getByRole('region', { name: 'Bear Den in round 2' }).getByRole('row', { name: /Bea Pact/ })).toContainText(
    'Fell in round 2',
  );
  await looksRight(page, 'negotiation-log', () => expect(panel.getByText(/was protected from round 2’s cut/)).toBeVisible());
});
