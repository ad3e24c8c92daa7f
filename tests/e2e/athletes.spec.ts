import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, useAppWithMail } from './support/accounts.ts';
import { apiCall, axeClean } from './support/api.ts';
import { choose } from './support/choose.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();

const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' } as const;

test('a PR is approved, celebrated and ranked; an uploaded historical result is claimed', async ({ browser }) => {
  test.setTimeout(150_000);
  const a = app();
  const adminWho = { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' };
  const ana = { email: 'ana.miles@example.test', name: 'Ana Miles', password: 'ana-password-1' };

  // The admin puts a 1-mile run in the catalogue: 7:00 is worth 600 points, 5:00 is worth 1,000.
  const admin = await (await browser.newContext()).newPage();
  const adminApi = await openSignedIn(admin, a, mailbox, adminWho);
  const mile = await apiCall(a, adminApi, 'POST', 'api/v1/tests', {
    name: '1-mile run',
    description: 'One mile on a track or a measured road.',
    category: 'endurance',
    movement: 'run',
    unit: 'seconds',
    direction: 'lower',
    min_value: 180,
    max_value: 3600,
    status: 'active',
    standards: [
      {
        sex: 'female',
        bodyweight_min_kg: null,
        bodyweight_max_kg: null,
        anchors: [
          { score: 0, value: 720 },
          { score: 600, value: 420 },
          { score: 1000, value: 300 },
        ],
      },
      {
        sex: 'male',
        bodyweight_min_kg: null,
        bodyweight_max_kg: null,
        anchors: [
          { score: 0, value: 660 },
          { score: 600, value: 390 },
          { score: 1000, value: 270 },
        ],
      },
    ],
  });

  // Ana signs up, says she is a woman, and submits a 6:00 mile.
  const page = await (await browser.newContext()).newPage();
  const anaApi = await openSignedIn(page, a, mailbox, ana);
  await apiCall(a, anaApi, 'PUT', 'api/v1/athlete-profiles/me', {
    display_name: ana.name,
    sex: 'female',
    gym: 'Track Club',
    privacy: PUBLIC,
  });
  await page.goto(`${a.url}submit-pr-page`);
  await choose(page, 'Test', '1-mile run');
  await page.getByLabel(/^Time/).fill('6:00');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByRole('heading', { name: 'Submitted for review' })).toBeVisible();
  await axeClean(page);

  // The admin approves the 6:00 mile: a new best.
  await admin.goto(`${a.url}admin-test-approval-page`);
  const card = admin.getByRole('listitem').filter({ hasText: 'Ana Miles' });
  await expect(card).toContainText('1-mile run');
  await axeClean(admin);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('New best — the athlete was celebrated.').first()).toBeVisible();

  // Ana is celebrated the moment it is approved.
  const popup = page.getByTestId('achievement-popup').filter({ hasText: 'New personal record: 1-mile run' });
  await expect(popup).toBeVisible({ timeout: 10_000 });
  await expect(popup).toContainText('EPIC');
  await expect(popup).toContainText('+500 points');
  await page.screenshot({ path: 'test-results/personal-record-celebration.png' });
  await popup.getByRole('button', { name: 'Close' }).click();

  // Global Ranks: first overall with 800 points (6:00 is halfway from 7:00 at 600 to 5:00 at 1,000).
  await page.getByRole('link', { name: 'Global Ranks' }).first().click();
  const overall = page.getByRole('table').first();
  const anaRow = overall.getByRole('row').filter({ hasText: 'Ana Miles' });
  await expect(anaRow).toContainText('800');
  await expect(anaRow.getByRole('cell').first()).toContainText('1');
  await axeClean(page);
  await page.screenshot({ path: 'test-results/global-ranks.png', fullPage: true });

  // The admin uploads last year's race results: checked first, then imported.
  await admin.goto(`${a.url}admin-historical-upload`);
  const csv = [
    'athlete,email,test,value,unit,date,source',
    'Ana Miles,,1-mile run,5:50,mm:ss,2025-05-01,City Mile 2025',
    'Bo Runner,,1-mile run,7:10,mm:ss,2025-05-01,City Mile 2025',
  ].join('\n');
  await admin.getByLabel('Choose a CSV file').setInputFiles({ name: 'city-mile-2025.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await admin.getByRole('button', { name: 'Check file' }).click();
  const importButton = admin.getByRole('button', { name: 'Import 2 rows' });
  await expect(importButton).toBeEnabled();
  await axeClean(admin);
  await importButton.click();
  await expect(admin.getByRole('heading', { name: 'Imported' })).toBeVisible();

  // Ana finds her result from the race and claims it.
  await page.goto(`${a.url}claim-performances`);
  await page.getByLabel('Name in the results').fill('Ana Mil');
  await page.getByRole('checkbox', { name: /Select Ana Miles/ }).check();
  await page.getByRole('button', { name: 'Claim selected' }).click();
  await expect(page.getByRole('region', { name: 'My claims' })).toContainText('Pending review');
  await axeClean(page);

  // The admin approves the claim; the 5:50 becomes Ana's best.
  await admin.goto(`${a.url}admin-test-approval-page?tab=claims`);
  const claim = admin.getByRole('listitem').filter({ hasText: 'Ana Miles' });
  await claim.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText(/the result now counts for them/).first()).toBeVisible();

  await page.goto(`${a.url}personal-records-dashboard`);
  await expect(page.getByRole('main')).toContainText('5:50');
  await axeClean(page);
  await page.goto(`${a.url}test-deep-dive-page?id=${mile.id as number}`);
  await expect(page.getByRole('heading', { name: '1-mile run', level: 1 })).toBeVisible();
  await axeClean(page);
  await admin.close();
  await page.close();
});
