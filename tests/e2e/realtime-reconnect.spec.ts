import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { apiSignIn, apiCall } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';

// Its own server: the streak test before it in realtime.spec.ts signs up enough accounts to reach
// the per-address sign-up limit within the minute.
const { app, mailbox } = useAppWithMail();

test('a board whose socket dropped catches up the moment the socket is back, without waiting for its poll', async ({ browser }) => {
  test.setTimeout(90_000);
  const a = app();
  const coach = await apiSignIn(a, mailbox, { email: 'coach@example.test', name: 'Coach Carla', password: 'coach-password-1' });
  const challenge = await apiCall(a, coach, 'POST', 'api/challenges/', {
    title: 'Reconnect rows',
    score_type: 'reps',
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const id = challenge.id as number;
  const cleo = await apiSignIn(a, mailbox, { email: 'cleo@example.test', name: 'Cleo Steady', password: 'cleo-password-1' });
  const dan = await apiSignIn(a, mailbox, { email: 'dan@example.test', name: 'Dan Late', password: 'dan-password-1' });
  for (const s of [cleo, dan]) await apiCall(a, s, 'POST', `api/challenges/${id}/join`, { division: 'rx', sex: 'male' });
  await apiCall(a, cleo, 'POST', `api/challenges/${id}/submit-score`, { reps: 30 });

  // The coach's socket goes through a relay the test controls: the first connection is cut, and
  // what the server pushes on the second is held back (as if lost) until the test lets it through.
  const context = await browser.newContext();
  const watcher = await context.newPage();
  // Signed in first, then off the app: the relay below sees only the board's connections, not a late
  // one of the page it signed in on (that page's socket can open after the relay is in place and close
  // as the board loads, which the relay would take for the board's first connection).
  await openSignedIn(watcher, a, mailbox, { email: 'coach@example.test', name: 'Coach Carla', password: 'coach-password-1' });
  await watcher.goto('about:blank');
  let connections = 0;
  let cut: (() => void) | null = null;
  let letThrough: (() => void) | null = null;
  await watcher.routeWebSocket(/\/api\/ws/, (page) => {
    connections += 1;
    const server = page.connectToServer();
    if (connections === 1) {
      cut = () => void server.close();
      return;
    }
    let held: string | null = null;
    let open = false;
    server.onMessage((message) => {
      if (open) return page.send(message);
      // While held, the update is lost; only the connection's hello waits.
      if (typeof message === 'string' && message.includes('"type":"connected"')) held = message;
    });
    letThrough = () => {
      open = true;
      if (held) page.send(held);
    };
  });
  await watcher.goto(`${a.url}challenge-leaderboard-page?id=${id}`);
  const rows = watcher.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Cleo Steady');
  await expect.poll(() => cut !== null).toBe(true);

  // The connection drops; Dan takes first place while the coach's socket is away.
  cut!();
  await expect.poll(() => letThrough !== null, { timeout: 15_000 }).toBe(true);
  await apiCall(a, dan, 'POST', `api/challenges/${id}/submit-score`, { reps: 50 });
  await watcher.waitForTimeout(500);
  await expect(rows.nth(1)).toContainText('Cleo Steady');

  // The socket is back: the board fetches again at once (its poll would take 15 seconds).
  letThrough!();
  await expect(rows.nth(1)).toContainText('Dan Late', { timeout: 5_000 });
  await expect(rows.nth(2)).toContainText('Cleo Steady');
  await context.close();
});
