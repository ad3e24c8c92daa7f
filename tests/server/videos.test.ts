import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { videoJobHandlers } from '#server/areas/videos/videos-processing.ts';
import { removeAbandonedUploads } from '#server/areas/videos/videos.ts';
import { videoService } from '#server/areas/videos/videos-tus.ts';
import { authHeaders, createTestApp, databaseKinds, type SignedIn, signIn } from './helpers.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(databaseKinds)('video upload and processing on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let dir: string;
  let clip: Buffer;
  let base: string;
  let ana: SignedIn;
  let ben: SignedIn;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'videos-test-'));
    const file = path.join(dir, 'clip.mp4');
    // A real 2-second clip with sound, made the way a phone's would be (MPEG-4 container).
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=duration=2',
      '-c:v', 'mpeg4', '-c:a', 'aac', '-shortest', file]); // prettier-ignore
    clip = readFileSync(file);
    t = await createTestApp(
      kind,
      { videoDir: path.join(dir, 'store'), videoLimits: { quotaBytes: clip.length * 3 + 10, maxBytes: clip.length * 2 } },
      { rateLimit: false },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const svc = () => videoService(t.context);
  const call = (method: 'GET' | 'POST', url: string, who: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: authHeaders(who), payload: payload as object });
  const init = (who: SignedIn, bytes: Uint8Array, extra: Record<string, unknown> = {}) =>
    call('POST', '/api/videos/upload/init', who, {
      file_name: 'clip.mp4',
      size_bytes: bytes.length,
      content_type: 'video/mp4',
      purpose: 'score',
      checksum_sha256: sha256(bytes),
      ...extra,
    });
  const patch = (who: SignedIn, url: string, offset: number, bytes: Uint8Array) =>
    fetch(base + url, {
      method: 'PATCH',
      headers: {
        ...authHeaders(who),
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(bytes),
    });
  const head = (who: SignedIn, url: string) =>
    fetch(base + url, { method: 'HEAD', headers: { ...authHeaders(who, false), 'tus-resumable': '1.0.0' } });
  const count = async (table: string) =>
    (await rowsOf<{ n: number }>(t.context.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
  const storedFiles = () => {
    try {
      return execFileSync('find', [path.join(dir, 'store'), '-type', 'f'])
        .toString()
        .split('\n')
        .filter(Boolean);
    } catch {
      return [];
    }
  };

  it('takes a video in two chunks, resumes at the offset the server holds, and processes it into a playable MP4', async () => {
    const res = await init(ana, clip);
    expect(res.statusCode, res.body).toBe(201);
    const { video, upload_url, offset } = res.json();
    expect(offset).toBe(0);
    expect(video.status).toBe('uploading');
    const half = Math.floor(clip.length / 2);
    expect((await patch(ana, upload_url, 0, clip.subarray(0, half))).status).toBe(204);
    // Another athlete cannot see or feed it.
    expect((await head(ben, upload_url)).status).toBe(404);
    expect((await patch(ben, upload_url, half, clip.subarray(half))).status).toBe(404);
    // A chunk at the wrong offset is refused with words, and nothing moves.
    const wrong = await patch(ana, upload_url, half + 10, clip.subarray(half + 10));
    expect(wrong.status).toBe(409);
    expect((await wrong.json()).detail).toMatch(/does not start where the upload stopped/);
    const offsetNow = await head(ana, upload_url);
    expect(offsetNow.headers.get('upload-offset')).toBe(String(half));
    expect((await call('GET', `/api/videos/${video.id}/upload-url`, ana)).json().offset).toBe(half);
    // The last chunk completes it: checked, then queued for processing.
    expect((await patch(ana, upload_url, half, clip.subarray(half))).status).toBe(204);
    const stored = await svc().storage.withOriginal(video.id, async (f) => readFileSync(f));
    expect(sha256(stored)).toBe(sha256(clip));
    const processing = (await call('GET', `/api/videos/${video.id}`, ana)).json();
    expect(processing).toMatchObject({ status: 'processing', width: 320, height: 240, duration_ms: 2000, stream_url: null });
    // Completing again answers the video as it is.
    expect((await call('POST', `/api/videos/upload/complete/${video.id}`, ana)).json().status).toBe('processing');
    expect(await runDueJobs(t.context, videoJobHandlers(svc()))).toBe(1);
    const ready = (await call('GET', `/api/videos/${video.id}`, ana)).json();
    expect(ready).toMatchObject({ status: 'ready', progress: 1 });
    expect((await call('GET', `/api/videos/${video.id}`, ben)).statusCode).toBe(404);
    // The rendition is H.264/AAC with its index first, served in ranges.
    const whole = await fetch(base + ready.stream_url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    const mp4 = Buffer.from(await whole.arrayBuffer());
    const moov = mp4.indexOf('moov');
    expect(moov).toBeGreaterThan(0);
    expect(moov).toBeLessThan(mp4.indexOf('mdat'));
    const file = path.join(dir, 'web.mp4');
    execFileSync('cp', [path.join(dir, 'store', 'media', video.id, 'web.mp4'), file]);
    const codecs = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file]).toString();
    expect(codecs.split('\n').filter(Boolean).sort()).toEqual(['aac', 'h264']);
    const part = await fetch(base + ready.stream_url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${mp4.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(mp4.subarray(100, 200));
    expect((await fetch(base + ready.stream_url, { headers: { range: `bytes=${mp4.length}-` } })).status).toBe(416);
    const poster = await fetch(base + ready.poster_url);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await poster.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // A forged or someone else's link opens nothing.
    const forged = ready.stream_url.replace(/token=\d+\.\d+\./, (m: string) => m.replace(/\.\d+\./, `.${ben.userId}.`));
    expect((await fetch(base + forged)).status).toBe(403);
    const mine = (await call('GET', '/api/videos/mine', ana)).json();
    expect(mine.videos.map((v: { id: string }) => v.id)).toEqual([video.id]);
    expect(mine.used_bytes).toBe(clip.length);
  });

  it('refuses a renamed non-video, a checksum mismatch, an oversize file and one past the quota, keeping no row or file', async () => {
    const before = { rows: await count('videos'), files: storedFiles().length };
    const text = Buffer.from('This is a text file renamed to clip.mp4, not a video at all. '.repeat(20));
    const fake = await init(ana, text);
    expect(fake.statusCode).toBe(201);
    const refused = await patch(ana, fake.json().upload_url, 0, text);
    expect(refused.status, await refused.clone().text()).toBe(422);
    expect((await refused.json()).detail).toMatch(/not a video/);

    const damaged = Buffer.from(clip);
    const declared = await init(ana, clip);
    damaged[damaged.length - 5] ^= 0xff;
    const mismatch = await patch(ana, declared.json().upload_url, 0, damaged);
    expect(mismatch.status).toBe(422);
    expect((await mismatch.json()).detail).toMatch(/checksum/);

    const big = await init(ana, clip, { size_bytes: clip.length * 2 + 1 });
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toMatch(/limit/);
    expect((await init(ana, clip, { content_type: 'application/pdf' })).statusCode).toBe(415);
    expect((await count('videos')) - before.rows).toBe(0);
    expect(storedFiles().length).toBe(before.files);

    // Quota: 3 clips fit (one is stored already), the fourth does not.
    expect((await init(ana, clip)).statusCode).toBe(201);
    expect((await init(ana, clip)).statusCode).toBe(201);
    const over = await init(ana, clip);
    expect(over.statusCode).toBe(413);
    expect(over.json().detail).toMatch(/does not fit in your storage/);
  });

  it("never lets a query string point the chunk call at someone else's upload", async () => {
    // Two fresh athletes, so earlier tests' quota use does not matter.
    const cleo = await signIn(t, 'cleo@example.test', 'athlete-password', 'Cleo');
    const dan = await signIn(t, 'dan@example.test', 'athlete-password', 'Dan');
    const victim = (await init(cleo, clip)).json();
    const half = Math.floor(clip.length / 2);
    expect((await patch(cleo, victim.upload_url, 0, clip.subarray(0, half))).status).toBe(204);
    const own = (await init(dan, clip)).json();
    // tus used to take the id from the last segment of the whole URL, query included.
    for (const query of [`?x=/${victim.video.id}`, `?x=${victim.video.id}`, `?/${victim.video.id}`]) {
      const peek = await head(dan, own.upload_url + query);
      expect(peek.status, query).toBeGreaterThanOrEqual(400);
      expect(peek.status, query).toBeLessThan(500);
      expect(peek.headers.get('upload-offset'), query).not.toBe(String(half));
      const feed = await patch(dan, own.upload_url + query, half, clip.subarray(half));
      expect(feed.status, query).toBeGreaterThanOrEqual(400);
      expect(feed.status, query).toBeLessThan(500);
      expect((await feed.json()).detail, query).toEqual(expect.any(String));
    }
    // Cleo's upload is untouched and still completes; Dan's own did not move either.
    expect((await head(cleo, victim.upload_url)).headers.get('upload-offset')).toBe(String(half));
    expect((await head(dan, own.upload_url)).headers.get('upload-offset')).toBe('0');
    expect((await patch(cleo, victim.upload_url, half, clip.subarray(half))).status).toBe(204);
    expect((await call('GET', `/api/videos/${victim.video.id}`, cleo)).json().status).toBe('processing');
  });

  it('removes uploads abandoned for a day, with their bytes', async () => {
    const res = await init(ben, clip);
    await patch(ben, res.json().upload_url, 0, clip.subarray(0, 100));
    expect(await removeAbandonedUploads(svc())).toBe(0);
    t.clock.advance(24 * 3_600_000 + 1000);
    expect(await removeAbandonedUploads(svc())).toBeGreaterThanOrEqual(1);
    const gone = await rowsOf(t.context.database.db, sql`select id from videos where id = ${res.json().video.id}`);
    expect(gone).toEqual([]);
    expect(storedFiles().filter((f) => f.includes(res.json().video.id))).toEqual([]);
  });
});
