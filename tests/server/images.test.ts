import { crc32, deflateSync } from 'node:zlib';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, STORY_IMAGE_MAX } from '#domain/images.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn } from './helpers.ts';

/** A JPEG as a phone makes it: EXIF with a GPS position and a camera, rotated by the orientation tag. */
async function phoneJpeg(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Snap 9', Copyright: 'Ana' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();

/** A PNG whose header claims 50,000 × 50,000 pixels over a few bytes of data: a decompression bomb. */
function bombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(50_001 * 4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Image {
  id: string;
  alt: string;
  width: number;
  height: number;
  feed_url: string;
  page_url: string;
}

describe.each(databaseKinds)('images on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ana: SignedIn;
  let ben: SignedIn;
  const imageDir = path.join(os.tmpdir(), `repforge-images-test-${process.pid}-${kind}`);

  beforeAll(async () => {
    t = await createTestApp(kind, { imageDir }, { rateLimit: false });
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const send = (url: string, who: SignedIn, bytes: Buffer, type = 'image/jpeg', method: 'POST' | 'PUT' = 'POST') =>
    t.app.inject({ method, url, headers: { ...authHeaders(who), 'content-type': type }, payload: bytes });
  const upload = async (who: SignedIn, bytes: Buffer, type = 'image/jpeg') => {
    const res = await send('/api/images', who, bytes, type);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Image;
  };
  const served = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    return res.rawPayload;
  };
  const storedCount = async () => (await readdir(imageDir).catch(() => [])).length;

  it('re-encodes an upload to WebP in two widths, upright, with no EXIF (GPS included) left in the stored bytes', async () => {
    const original = await phoneJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const image = await upload(ana, original);
    // Orientation 6 turns the 64 × 48 picture upright: 48 wide, 64 tall; small pictures are never enlarged.
    expect(image).toMatchObject({ alt: '', width: 48, height: 64 });
    for (const url of [image.feed_url, image.page_url]) {
      const bytes = await served(url);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
      expect(bytes.includes(Buffer.from('GPS'))).toBe(false);
    }
    const big = await upload(ana, await png(3000, 1500), 'image/png');
    expect(big).toMatchObject({ width: 1280, height: 640 });
    expect((await sharp(await served(big.feed_url)).metadata()).width).toBe(480);
  });

  it('refuses what is not an image, too many bytes and decompression bombs, storing nothing', async () => {
    const before = await storedCount();
    const text = await send('/api/images', ana, Buffer.from('this is not a picture at all'), 'image/jpeg');
    expect(text.statusCode).toBe(400);
    expect(refusal(text)).toMatch(/not an image/);
    const gif = await send(
      '/api/images',
      ana,
      await sharp(await png(8, 8))
        .gif()
        .toBuffer(),
      'application/octet-stream',
    );
    expect(gif.statusCode).toBe(400);
    expect((await send('/api/images', ana, Buffer.from('<svg/>'), 'image/svg+xml')).statusCode).toBe(415);
    const bomb = await send('/api/images', ana, bombPng(), 'image/png');
    expect(bomb.statusCode, bomb.body).toBe(413);
    expect(refusal(bomb)).toMatch(/too many pixels/);
    const strip = await send('/api/images', ana, await png(50_000, 4), 'image/png');
    expect(strip.statusCode).toBe(413);
    const heavy = await send('/api/images', ana, Buffer.alloc(IMAGE_MAX_BYTES + 1, 7), 'image/jpeg');
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json()).toHaveProperty('detail');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/images', payload: await png(8, 8), headers: { 'content-type': 'image/png' } }))
        .statusCode,
    ).toBe(401);
    expect(await storedCount()).toBe(before);
  });

  it('publishes a story with images in order with alt text, at most 10, only the writer’s own uploads', async () => {
    const [a, b] = [await upload(ana, await png(600, 400), 'image/png'), await upload(ana, await phoneJpeg())];
    const noAlt = await call('POST', '/api/stories', ana, {
      title: 'Two photos',
      body: 'Both from the meet.',
      images: [{ id: a.id, alt: '  ' }],
    });
    expect(noAlt.statusCode).toBe(400);
    expect(refusal(noAlt)).toMatch(/alt text/);
    const bensImage = await upload(ben, await png(10, 10), 'image/png');
    const stolen = await call('POST', '/api/stories', ana, {
      title: 'Two photos',
      body: 'Both from the meet.',
      images: [{ id: bensImage.id, alt: 'x' }],
    });
    expect(stolen.statusCode).toBe(400);
    const eleven = await call('POST', '/api/stories', ana, {
      title: 'Too many',
      body: 'Eleven photos of one lift.',
      images: Array.from({ length: STORY_IMAGE_MAX + 1 }, () => ({ id: a.id, alt: 'x' })),
    });
    expect(eleven.statusCode).toBe(400);
    expect((await call('GET', '/api/stories/mine', ana)).json().total).toBe(0);

    const created = await call('POST', '/api/stories', ana, {
      title: 'Two photos',
      body: 'Both from the meet.',
      images: [
        { id: b.id, alt: ' The bar at lockout ' },
        { id: a.id, alt: 'The crowd' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const story = created.json();
    expect(story.images.map((i: Image) => [i.id, i.alt])).toEqual([
      [b.id, 'The bar at lockout'],
      [a.id, 'The crowd'],
    ]);
    const feed = (await call('GET', '/api/stories')).json();
    expect(feed.items[0].images[0].feed_url).toBe(b.feed_url);
    // Ana's image is in her story now: Ben cannot put it in his.
    const taken = await call('POST', '/api/stories', ben, {
      title: 'Mine now',
      body: 'A borrowed photo.',
      images: [{ id: a.id, alt: 'x' }],
    });
    expect(taken.statusCode).toBe(400);

    // Reorder and drop one: the dropped image's bytes go.
    const edited = await call('PATCH', `/api/stories/${story.id}`, ana, { images: [{ id: a.id, alt: 'The crowd, cheering' }] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().images.map((i: Image) => i.alt)).toEqual(['The crowd, cheering']);
    await t.settled();
    expect((await t.app.inject({ method: 'GET', url: b.page_url })).statusCode).toBe(404);

    // Ten is the limit, counted on the story.
    const many: Image[] = [];
    for (let i = 0; i < STORY_IMAGE_MAX; i++) many.push(await upload(ana, await png(20 + i, 20), 'image/png'));
    const full = await call('PATCH', `/api/stories/${story.id}`, ana, {
      images: many.map((m, i) => ({ id: m.id, alt: `Photo ${i + 1}` })),
    });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().images).toHaveLength(STORY_IMAGE_MAX);
    const more = await upload(ana, await png(8, 8), 'image/png');
    const over = await call('PATCH', `/api/stories/${story.id}`, ana, {
      images: [...many, more].map((m, i) => ({ id: m.id, alt: `Photo ${i + 1}` })),
    });
    expect(over.statusCode).toBe(400);
    expect((await call('GET', `/api/stories/${story.id}`)).json().images).toHaveLength(STORY_IMAGE_MAX);

    // Deleting the story deletes its images' rows and bytes.
    expect((await call('DELETE', `/api/stories/${story.id}`, ana)).statusCode).toBe(204);
    await t.settled();
    expect((await t.app.inject({ method: 'GET', url: many[0]!.feed_url })).statusCode).toBe(404);
  });

  it('sets, replaces and removes an avatar, shown as the profile picture', async () => {
    const none = await send('/api/v1/athlete-profiles/me/avatar', ben, await png(100, 100), 'image/png', 'PUT');
    expect(none.statusCode).toBe(409);
    expect((await call('PUT', '/api/v1/athlete-profiles/me', ben, { display_name: 'Ben' })).statusCode).toBe(200);
    const first = await send('/api/v1/athlete-profiles/me/avatar', ben, await phoneJpeg(), 'image/jpeg', 'PUT');
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json().avatar_url as string;
    expect((await call('GET', `/api/v1/athlete-profiles/${ben.userId}`)).json().avatar_url).toBe(url);
    expect((await sharp(await served(url)).metadata()).exif).toBeUndefined();
    const second = await send('/api/v1/athlete-profiles/me/avatar', ben, await png(200, 200), 'image/png', 'PUT');
    expect(second.statusCode).toBe(200);
    await t.settled();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/v1/athlete-profiles/me/avatar', ben)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/athlete-profiles/${ben.userId}`)).json().avatar_url).toBeNull();
    expect((await call('DELETE', '/api/v1/athlete-profiles/me/avatar', ben)).statusCode).toBe(404);
  });
});
