import { createHash, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3 } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '#server/lib/jobs.ts';
import { videoJobHandlers } from '#server/areas/videos/videos-processing.ts';
import { parseS3Url } from '#server/lib/storage/videos-storage-s3.ts';
import { videoService } from '#server/areas/videos/videos-tus.ts';
import { authHeaders, createTestApp, databaseKinds, type SignedIn, signIn } from './helpers.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('S3_URL', () => {
  it('reads key, secret, host, bucket and region; TLS except on loopback', () => {
    expect(parseS3Url('s3://AK%2B1:s%2Fecret@127.0.0.1:4569/videos')).toEqual({
      endpoint: 'http://127.0.0.1:4569',
      region: 'us-east-1',
      bucket: 'videos',
      accessKeyId: 'AK+1',
      secretAccessKey: 's/ecret',
    });
    expect(parseS3Url('s3://k:s@s3.eu-west-1.amazonaws.com/clips?region=eu-west-1').endpoint).toBe('https://s3.eu-west-1.amazonaws.com');
    expect(() => parseS3Url('https://k:s@host/bucket')).toThrow(/s3:\/\/KEY:SECRET@HOST:PORT\/BUCKET/);
    expect(() => parseS3Url('s3://host/bucket')).toThrow();
  });
});

describe.each(databaseKinds)('videos in S3-compatible storage on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let s3rver: { run(): Promise<unknown>; close(): Promise<void> };
  let s3: S3;
  let dir: string;
  let clip: Buffer;
  let base: string;
  let ana: SignedIn;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'videos-s3-'));
    const file = path.join(dir, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=duration=2',
      '-c:v', 'mpeg4', '-c:a', 'aac', '-shortest', file]); // prettier-ignore
    clip = readFileSync(file);
    s3rver = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: 'videos', configs: [] }],
    });
    const { port } = (await s3rver.run()) as unknown as { port: number };
    const s3Url = `s3://S3RVER:S3RVER@127.0.0.1:${port}/videos`;
    const location = parseS3Url(s3Url);
    s3 = new S3({
      endpoint: location.endpoint,
      region: location.region,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: location,
    });
    t = await createTestApp(kind, { s3Url, videoDir: path.join(dir, 'local') }, { rateLimit: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
  });
  afterAll(async () => {
    await t.close();
    await s3rver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const init = (bytes: Uint8Array) =>
    t.app.inject({
      method: 'POST',
      url: '/api/videos/upload/init',
      headers: authHeaders(ana),
      payload: {
        file_name: 'clip.mp4',
        size_bytes: bytes.length,
        content_type: 'video/mp4',
        purpose: 'score',
        checksum_sha256: sha256(bytes),
      },
    });
  const patch = (url: string, offset: number, bytes: Uint8Array) =>
    fetch(base + url, {
      method: 'PATCH',
      headers: {
        ...authHeaders(ana),
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(bytes),
    });
  const keys = async () => ((await s3.listObjectsV2({ Bucket: 'videos' })).Contents ?? []).map((o) => o.Key!).sort();

  it('stores the upload in the bucket, byte for byte, and serves the rendition from it in ranges', async () => {
    const res = await init(clip);
    expect(res.statusCode, res.body).toBe(201);
    const { video, upload_url } = res.json();
    const half = Math.floor(clip.length / 2);
    expect((await patch(upload_url, 0, clip.subarray(0, half))).status).toBe(204);
    expect((await patch(upload_url, half + 1, clip.subarray(half + 1))).status).toBe(409);
    expect((await patch(upload_url, half, clip.subarray(half))).status).toBe(204);
    const object = await s3.getObject({ Bucket: 'videos', Key: `originals/${video.id}` });
    expect(sha256(new Uint8Array(await object.Body!.transformToByteArray()))).toBe(sha256(clip));

    expect(await runDueJobs(t.context, videoJobHandlers(videoService(t.context)))).toBe(1);
    const ready = (await t.app.inject({ method: 'GET', url: `/api/videos/${video.id}`, headers: authHeaders(ana) })).json();
    expect(ready.status).toBe('ready');
    expect(await keys()).toEqual(expect.arrayContaining([`media/${video.id}/poster.jpg`, `media/${video.id}/web.mp4`]));
    const part = await fetch(base + ready.stream_url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  });

  it('deletes a refused upload from the bucket', async () => {
    const before = await keys();
    const fake = Buffer.from('not a video, just text pretending to be one. '.repeat(30));
    const res = await init(fake);
    const refused = await patch(res.json().upload_url, 0, fake);
    expect(refused.status).toBe(422);
    expect(await keys()).toEqual(before);
  });

  it("removes a live stream's segments alone, and everything under a video's folder with the video", async () => {
    const storage = videoService(t.context).storage;
    const id = randomUUID();
    const put = async (name: 'seg-1.webm' | 'seg-2.webm' | 'poster.jpg') => {
      const file = path.join(dir, `${id}-${name}`);
      writeFileSync(file, name);
      await storage.putOutput(id, name, file);
    };
    for (const name of ['seg-1.webm', 'seg-2.webm', 'poster.jpg'] as const) await put(name);
    expect(await storage.removeSegments(id)).toBe(2);
    expect((await keys()).filter((k) => k.includes(id))).toEqual([`media/${id}/poster.jpg`]);
    expect(await storage.removeSegments(id)).toBe(0);
    await put('seg-1.webm');
    await storage.removeAll(id);
    expect((await keys()).filter((k) => k.includes(id))).toEqual([]);
  });
});
