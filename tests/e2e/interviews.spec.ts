import { expect, test } from '@playwright/test';
import { useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { looksRight } from './support/looks.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();

const ana = { email: 'ana.interview@example.test', name: 'Ana Interview', password: 'ana-password-1' };

test('an athlete answers an AI interview about her own results, resumes it, and publishes it as a story', async ({ browser }) => {
  test.setTimeout(150_000);
  const a = app();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await openSignedIn(page, a, mailbox, ana, 'dashboard-page');
  // A result on a board, so the interviewer has something to ask about.
  const api = await apiSignIn(a, mailbox, ana);
  const now = Date.now();
  const challenge = await apiCall(a, api, 'POST', 'api/challenges/', {
    title: 'Burpee Ladder',
    score_type: 'reps',
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 7 * 86_400_000).toISOString(),
  });
  await apiCall(a, api, 'POST', `api/challenges/${String(challenge.id)}/join`, { division: 'rx', sex: 'female' });
  await apiCall(a, api, 'POST', `api/challenges/${String(challenge.id)}/submit-score`, { reps: 88 });

  await page.goto(`${a.url}ai-interview-page`);
  await expect(page.getByRole('heading', { name: 'AI Interview', level: 1 })).toBeVisible();
  await expect(page.getByText('No interviews yet')).toBeVisible();
  await page.getByRole('button', { name: 'Start an interview' }).click();
  const question = page.locator('#interview-question');
  await expect(question).toContainText('Ana Interview');
  await expect(page).toHaveURL(/ai-interview-page\?interview=\d+$/);
  await expect(page.getByRole('note')).toHaveText(/These questions come from templates/);
  const opener = (await question.textContent()) ?? '';

  // A refused answer says why in a sentence; nothing is sent.
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText('Write an answer before sending it.')).toBeVisible();
  const answer = page.getByRole('textbox', { name: 'Your answer' });
  await answer.fill('My sister dragged me to a class and I never stopped: the pacing work changed everything.');
  await page.getByRole('button', { name: 'Send answer' }).click();
  // A follow-up built from the answer comes next.
  await expect(question).toContainText('My sister dragged me to a class');
  await looksRight(page, 'ai-interview-question', () => expect(question).toBeVisible());

  // Finish later, then resume from the list where it stood.
  await page.getByRole('link', { name: 'Finish later' }).click();
  const list = page.getByRole('list').filter({ has: page.getByText('Unfinished') });
  await expect(list.getByText('1 of')).toBeVisible();
  await looksRight(page, 'ai-interview-list', () => expect(page.getByText('Unfinished')).toBeVisible());
  await page.getByRole('link', { name: /^Resume/ }).click();
  await expect(question).toContainText('My sister dragged me to a class');

  // Answer until it finishes; one question is about her Burpee Ladder result.
  const asked: string[] = [];
  for (let i = 0; i < 8 && (await question.count()) > 0; i++) {
    const text = (await question.textContent()) ?? '';
    asked.push(text);
    await answer.fill(`Answer ${i + 1}: consistency, sleep and a coach who kept me honest.`);
    await page.getByRole('button', { name: 'Send answer' }).click();
    await expect(question.or(page.getByRole('heading', { name: 'Interview finished' }))).not.toHaveText(text);
  }
  expect(asked.join(' ')).toMatch(/Burpee Ladder/);
  await expect(page.getByRole('heading', { name: 'Interview finished' })).toBeVisible();

  // Nothing is published without the consent box.
  await page.getByRole('button', { name: 'Publish as a story' }).click();
  await expect(page.getByRole('alert')).toHaveText('Tick the box to agree to publishing this interview as a story everyone can read.');
  await looksRight(page, 'ai-interview-finished', () => expect(page.getByRole('heading', { name: 'Interview finished' })).toBeVisible());
  await page.getByRole('checkbox', { name: /I agree to publish/ }).click();
  await page.getByRole('button', { name: 'Publish as a story' }).click();
  await expect(page.getByRole('heading', { name: 'Published as a story' })).toBeVisible();
  await page.getByRole('link', { name: 'Read the story' }).click();
  await expect(page).toHaveURL(/my-stories-page\?story=\d+$/);
  await expect(page.getByRole('heading', { name: 'An interview with Ana Interview', level: 1 })).toBeVisible();
  await expect(page.getByText(`Q: ${opener}`)).toBeVisible();
  await expect(page.getByText('Answer 1: consistency, sleep and a coach who kept me honest.')).toBeVisible();
  await axeClean(page);
});
