import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { useAppWithMail } from './support/accounts.ts';
import { apiCall, apiSignIn, axeClean } from './support/api.ts';
import { looksRight, SHOTS } from './support/looks.ts';
import { openSignedIn } from './support/signed-in.ts';

const { app, mailbox } = useAppWithMail();
test.describe.configure({ timeout: 240_000 });

const ana = { email: 'ana@example.test', name: 'Ana Athlete', password: 'ana-pass-98765' };
const TITLE = 'Meet day in two pictures';

/** A phone photo: EXIF with the camera and a GPS position. */
const phonePhoto = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 190, g: 60, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Snap 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 0/1' },
    })
    .toBuffer();
const plainPng = () =>
  sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 40, g: 90, b: 170 } } })
    .png()
    .toBuffer();

test('a story with two pictures is published, seen in the feed and on its page with the EXIF removed; an avatar shows on the profile', async ({
  browser,
}) => {
  const a = app();
  const api = await apiSignIn(a, mailbox, ana);
  await apiCall(a, api, 'PUT', 'api/v1/athlete-profiles/me', { display_name: ana.name });
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, a, mailbox, ana, 'dashboard-page');

  // The story form: two pictures, each described, the second moved first.
  await page.goto(`${a.url}story-submission-page`);
  await page.getByLabel('Title').fill(TITLE);
  await page.getByLabel('Your story').fill('The bar at lockout, then the crowd.');
  await page.getByLabel('Add a picture').setInputFiles({ name: 'crowd.png', mimeType: 'image/png', buffer: await plainPng() });
  await expect(page.getByLabel('Describe picture 1')).toBeVisible();
  await page.getByLabel('Add a picture').setInputFiles({ name: 'lockout.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
  await expect(page.getByLabel('Describe picture 2')).toBeVisible();
  await page.getByRole('button', { name: 'Publish story' }).click();
  await expect(page.getByRole('alert')).toHaveText('Describe image 1 for people who cannot see it (alt text).');
  await page.getByLabel('Describe picture 1').fill('The crowd cheering');
  await page.getByLabel('Describe picture 2').fill('The bar at lockout');
  await page.getByRole('button', { name: 'Earlier (picture 2)' }).click();
  await expect(page.getByLabel('Describe picture 1')).toHaveValue('The bar at lockout');
  // The form keeps its pictures on the page (a reload would empty it): axe and 360 px without one.
  await axeClean(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/story-form-1280-light.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/story-form-360-light.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Publish story' }).click();
  await expect(page).toHaveURL(/my-stories-page\?story=\d+$/);

  // The story page: a gallery, by buttons and by keyboard; the picture's box has its size before it loads.
  const gallery = page.getByRole('region', { name: `Pictures of ${TITLE}` });
  const shown = gallery.getByRole('img', { name: 'The bar at lockout' });
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute('width', '1280');
  await expect(shown).toHaveAttribute('height', '960');
  await expect(gallery.getByText('Picture 1 of 2')).toBeVisible();
  await gallery.getByRole('button', { name: 'Next picture' }).click();
  await expect(gallery.getByRole('img', { name: 'The crowd cheering' })).toBeVisible();
  await gallery.getByRole('figure').focus();
  await page.keyboard.press('ArrowRight');
  await expect(gallery.getByText('Picture 1 of 2')).toBeVisible();
  await looksRight(page, 'story-page', async () => {
    await expect(gallery.getByRole('img', { name: 'The bar at lockout' })).toBeVisible();
  });

  // The stored file, as served: WebP with no EXIF, no GPS, no camera.
  const src = (await gallery.getByRole('img', { name: 'The bar at lockout' }).getAttribute('src'))!;
  const served = await page.request.get(new URL(src, a.url).toString());
  expect(served.headers()['content-type']).toBe('image/webp');
  const bytes = await served.body();
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);

  // The feed shows the first picture.
  await page.goto(`${a.url}my-stories-page`);
  const feed = page.getByRole('list', { name: 'Community stories' });
  await expect(feed.getByRole('img', { name: 'The bar at lockout' })).toBeVisible();
  await expect(feed.getByText('2 pictures')).toBeVisible();
  await looksRight(page, 'feed', async () => {
    await expect(feed.getByRole('img', { name: 'The bar at lockout' })).toBeVisible();
  });

  // An avatar on the profile and in the header.
  await page.goto(`${a.url}athlete-profile-page`);
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('Upload a picture').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
  await expect(page.getByText('Picture saved.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove picture' })).toBeVisible();
  await axeClean(page);
  await page.reload();
  await expect(page.locator('.profile-avatar img').first()).toHaveAttribute('src', /api\/images\/[0-9a-f-]{36}\/480$/);
  await expect(page.locator('header .avatar img').first()).toHaveAttribute('src', /api\/images\/[0-9a-f-]{36}\/480$/);
  await looksRight(page, 'profile', async () => {
    await expect(page.locator('.profile-avatar img').first()).toBeVisible();
  });
});
