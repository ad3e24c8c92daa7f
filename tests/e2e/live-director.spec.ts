import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, setClock } from './support/api.ts';
import { expectSignedIn } from './support/header.ts';
import { looksRight } from './support/looks.ts';
import { openSignedIn } from './support/signed-in.ts';

// The server's clock can be moved (TEST_CLOCK=1): the director's 30 s between switches pass at once.
const { app, mailbox } = useAppWithMail({ TEST_CLOCK: '1' });
const HOUR = 3_600_000;

test('the director switches the broadcast to an attempt that overtakes; the viewer follows; an editor pins it back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = app();
  const adminWho = { email: ADMIN_EMAIL, name: 'Coach Admin', password: 'admin-password-1' };
  const admin = await apiSignIn(a, mailbox, adminWho);
  const c = await apiCall(a, admin, 'POST', 'api/challenges/', {
    title: 'Director burpees',
    score_type: 'reps',
    starts_at: new Date(Date.now() - HOUR).toISOString(),
    ends_at: new Date(Date.now() + 48 * HOUR).toISOString(),
  });
  const setter = await apiSignIn(a, mailbox, { email: 'set-dir@example.test', name: 'Sam Setter', password: 'sam-password-1' });
  await apiCall(a, setter, 'POST', `api/challenges/${String(c.id)}/join`, { division: 'rx', sex: 'female' });
  await apiCall(a, setter, 'POST', `api/challenges/${String(c.id)}/submit-score`, { reps: 50 });
  const live = async (email: string, name: string) => {
    const s = await apiSignIn(a, mailbox, { email, name, password: 'live-password-1' });
    await apiCall(a, s, 'POST', `api/challenges/${String(c.id)}/join`, { division: 'rx', sex: 'female' });
    const attempt = await apiCall(a, s, 'POST', 'api/live-attempts', { challenge_id: c.id });
    return { s, id: Number(attempt.id) };
  };
  const ana = await live('ana-dir@example.test', 'Ana Opener');
  const bo = await live('bo-dir@example.test', 'Bo Closer');
  await apiCall(a, ana.s, 'POST', `api/live-attempts/${ana.id}/update`, { seq: 1, count: 10 });
  await apiCall(a, bo.s, 'POST', `api/live-attempts/${bo.id}/update`, { seq: 1, count: 5 });

  // A broadcast featuring Ana, handed to the director.
  const b = await apiCall(a, admin, 'POST', 'api/admin/broadcasts', { title: 'Director night', featured_attempt_id: ana.id });
  // No body: the start is the address itself.
  const started = await fetch(`${a.url}api/admin/broadcasts/${String(b.id)}/start`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'x-csrf-token': admin.csrf },
  });
  expect(started.status).toBe(200);
  await apiCall(a, admin, 'PUT', `api/admin/broadcasts/${String(b.id)}/director`, { mode: 'auto' });

  // A signed-in fan watches the broadcast.
  const fanWho = { email: 'fan-dir@example.test', name: 'Fan Follows', password: 'fan-password-1' };
  const viewer = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(viewer, a, mailbox, fanWho, 'live-stream-viewer-page');
  await expectSignedIn(viewer);
  await expect(viewer.getByRole('heading', { name: 'Director night', level: 1 })).toBeVisible();
  await expect(viewer.getByText('Ana Opener', { exact: true })).toBeVisible();
  await expect(viewer.getByTestId('broadcast-count')).toHaveText('10');

  // Bo overtakes the leader; once the interval has passed, the director's next look switches to him.
  await apiCall(a, bo.s, 'POST', `api/live-attempts/${bo.id}/update`, { seq: 2, count: 60 });
  await setClock(a, 31_000);
  await expect(viewer.getByText('Bo Closer', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(viewer.getByTestId('broadcast-count')).toHaveText('60');
  await expect(viewer.getByText('Ana Opener', { exact: true })).toHaveCount(0);

  // The administrator's dashboard shows the director: Bo first, his score in words; pinning Ana brings her back.
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(page, a, mailbox, adminWho, 'admin-broadcast-dashboard');
  await expectSignedIn(page);
  const director = page.getByRole('region', { name: 'Director' });
  await expect(director.getByRole('radio', { name: /Auto/ })).toBeChecked();
  const boRow = director.getByRole('listitem', { name: 'Bo Closer on Director burpees' });
  await expect(boRow).toContainText('would place 1st · 1 place at stake');
  await expect(boRow).toContainText('Featured');
  await looksRight(page, 'broadcast-director', () => expect(boRow).toBeVisible());
  await director.getByRole('button', { name: 'Pin Ana Opener' }).click();
  await expect(director.getByRole('radio', { name: /Pinned/ })).toBeChecked();
  await expect(viewer.getByText('Ana Opener', { exact: true })).toBeVisible({ timeout: 10_000 });
});
