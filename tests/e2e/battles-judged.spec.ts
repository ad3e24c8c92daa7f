import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail, type Athlete } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean, setClock, type ApiSession } from './support/api.ts';
import { openSignedIn } from './support/signed-in.ts';

// A battle whose attempts need a judged video: an athlete's attempt with her processed upload waits for a verdict,
// a judge verifies it in the judging dashboard, and the battle's board counts it (live, on the athlete's page).
const { app, mailbox } = useAppWithMail({ TEST_CLOCK: '1' });
const HOUR = 3_600_000;
let dir = '';
let clip = '';

test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-judged-battle-'));
  clip = path.join(dir, 'round-1.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25', '-c:v', 'mpeg4', clip]); // prettier-ignore
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Uploads the clip through the real upload path (init, one tus chunk) and waits until it is processed. */
async function uploadReady(s: ApiSession): Promise<string> {
  const a = app();
  const bytes = readFileSync(clip);
  const started = await apiCall(a, s, 'POST', 'api/videos/upload/init', {
    file_name: path.basename(clip),
    size_bytes: bytes.length,
    content_type: 'video/mp4',
    purpose: 'score',
    checksum_sha256: createHash('sha256').update(bytes).digest('hex'),
  });
  const id = (started.video as { id: string }).id;
  const sent = await fetch(new URL(started.upload_url as string, a.url), {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${s.token}`,
      'x-csrf-token': s.csrf,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  expect(sent.status, await sent.text()).toBeLessThan(300);
  await expect.poll(async () => (await apiCall(a, s, 'GET', `api/videos/${id}`)).status, { timeout: 60_000 }).toBe('ready');
  return id;
}

const ana: Athlete = { email: 'ana.judged@example.test', name: 'Ana Judged', password: 'ana-pass-123456' };
const jo: Athlete = { email: 'jo.judge@example.test', name: 'Jo Judge', password: 'jo-pass-1234567' };

test('an attempt with a video waits for a verdict; a judge verifies it in the dashboard and the board counts it', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await apiSignIn(app(), mailbox, { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' });
  const judgeApi = await apiSignIn(app(), mailbox, jo);
  const profile = await apiCall(app(), judgeApi, 'PUT', 'api/v1/athlete-profiles/me', { display_name: jo.name });
  await apiCall(app(), admin, 'POST', 'api/judging/certificates', { user_id: profile.user_id as number, level: 'judge' });
  const battle = await apiCall(app(), admin, 'POST', 'api/battle-royale/challenges', {
    name: 'Judged Burpees',
    score_type: 'reps',
    attempts_per_round: 2,
    judged_video: true,
    starts_at: new Date(Date.now() + HOUR).toISOString(),
    round_hours: 24,
    rounds: [{ cut: { kind: 'keep_top', keep: 1 } }],
  });
  const id = Number(battle.id);
  let anaApi = await apiSignIn(app(), mailbox, ana);
  await apiCall(app(), anaApi, 'POST', `api/battle-royale/challenges/${id}/enter`, {});
  await setClock(app(), HOUR + 60_000);
  anaApi = await apiSignIn(app(), mailbox, ana);
  const video = await uploadReady(anaApi);
  await apiCall(app(), anaApi, 'POST', `api/battle-royale/challenges/${id}/attempts`, { reps: 42, video_id: video });

  await openSignedIn(page, app(), mailbox, ana, `individual-battle-royale-page?id=${id}`);
  await expect(page.getByText('Round 1: 42 reps Waiting for a verdict')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Round 1 board' }).getByText('No score yet')).toBeVisible();
  await expect(page.getByText(/need a judged video/).first()).toBeVisible();
  await axeClean(page);

  const judgeContext = await browser.newContext();
  const judgePage = await judgeContext.newPage();
  await openSignedIn(judgePage, app(), mailbox, jo, 'judging-dashboard');
  const item = judgePage.getByRole('form', { name: "Verdict on Ana Judged's attempt" });
  await expect(item).toBeVisible();
  await axeClean(judgePage);
  await item.getByRole('button', { name: 'Send the verdict' }).click();
  await expect(judgePage.getByText('No battle attempt waits for a verdict')).toBeVisible();
  await judgeContext.close();

  // The athlete's page hears the verdict: the board counts the attempt.
  await expect(page.getByRole('region', { name: 'Round 1 board' }).getByText('42 reps')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Round 1: 42 reps (counts) Verified')).toBeVisible();
});
