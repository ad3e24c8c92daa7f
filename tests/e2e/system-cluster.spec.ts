// The multi-node deployment (docs/operations.md, "Deploying") run as processes: two compiled nodes on
// one PostgreSQL database, Redis for rate limits and an S3 test server for videos, behind a small
// round-robin proxy. Needs PostgreSQL (TEST_DATABASE_URL) and Redis (127.0.0.1:6379 or TEST_REDIS_URL).
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import WebSocket from 'ws';
import { apiSignIn, type ApiSession } from './support/api.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { Mailbox } from './support/mailbox.ts';
import { startProxy, type RunningProxy } from './support/proxy.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname, () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const userIdOf = (s: ApiSession) =>
  Number((JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub);
const headers = (s: ApiSession) => ({ 'content-type': 'application/json', authorization: `Bearer ${s.token}`, 'x-csrf-token': s.csrf });

test.describe.configure({ mode: 'serial' });
test.skip(!databaseUrl, 'needs PostgreSQL: TEST_DATABASE_URL');

let a: RunningApp;
let b: RunningApp;
let proxy: RunningProxy;
let mailbox: Mailbox;
let s3: { run(): Promise<unknown>; close(): Promise<void> };
let dir: string;
let dropDatabase: () => Promise<void>;
let ana: ApiSession;
let challengeId: number;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  test.skip(!(await reachable(redisUrl)), `needs Redis at ${redisUrl}`);
  dir = mkdtempSync(path.join(os.tmpdir(), 'cluster-'));
  const name = `cluster_${randomBytes(4).toString('hex')}`;
  const admin = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  dropDatabase = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  const url = new URL(databaseUrl!);
  url.pathname = `/${name}`;
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'videos', configs: [] }],
  });
  const { port: s3Port } = (await s3.run()) as { port: number };
  mailbox = new Mailbox();
  const smtp = await mailbox.start();
  const env = (node: string) => ({
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    S3_URL: `s3://S3RVER:S3RVER@127.0.0.1:${s3Port}/videos`,
    VIDEO_DIR: path.join(dir, 'uploads'), // uploads in flight: a folder both nodes share
    SMTP_URL: smtp,
    JWT_SECRET: 'cluster-test-secret-cluster-test-secret-cluster-test-secret-0123',
    TRUST_PROXY: '1',
    NODE_ID: node,
  });
  a = await startApp(env('a')); // the first node migrates the new database; the second finds it migrated
  b = await startApp(env('b'));
  proxy = await startProxy(() => [a, b].filter((n) => !n.crashed()).map((n) => n.port));
  ana = await apiSignIn({ ...a, url: proxy.url }, mailbox, {
    email: 'ana.cluster@example.test',
    name: 'Ana Cluster',
    password: 'cluster-password-1',
  });
  const now = Date.now();
  const created = await fetch(`${a.url}api/challenges/`, {
    method: 'POST',
    headers: headers(ana),
    body: JSON.stringify({
      title: 'Two nodes',
      score_type: 'reps',
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 86_400_000).toISOString(),
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  challengeId = Number(((await created.json()) as { id: number }).id);
  const joined = await fetch(`${b.url}api/challenges/${challengeId}/join`, {
    method: 'POST',
    headers: headers(ana),
    body: JSON.stringify({ division: 'rx', sex: 'female' }),
  });
  expect(joined.status, await joined.clone().text()).toBeLessThan(300);
});

test.afterAll(async () => {
  await proxy?.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await mailbox?.stop();
  await s3?.close();
  await dropDatabase?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a score written through one node is on the other node’s board and socket', async () => {
  const socket = new WebSocket(`${b.url.replace('http', 'ws')}api/ws?token=${encodeURIComponent(ana.token)}&user_id=${userIdOf(ana)}`);
  const messages: { type: string; [k: string]: unknown }[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as { type: string }));
  await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
  await expect.poll(() => messages.some((m) => m.type === 'connected')).toBe(true);
  socket.send(JSON.stringify({ type: 'join_challenge', challenge_id: challengeId }));
  await expect.poll(() => messages.some((m) => m.type === 'joined')).toBe(true);

  const res = await fetch(`${a.url}api/challenges/${challengeId}/submit-score`, {
    method: 'POST',
    headers: headers(ana),
    body: JSON.stringify({ reps: 41 }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const onB = async () => (await fetch(`${b.url}api/challenges/rankings?challenge_id=${challengeId}&division=rx`)).text();
  await expect.poll(onB, { timeout: 10_000 }).toContain('Ana Cluster');
  await expect
    .poll(() => messages.find((m) => m.type === 'leaderboard_updated' && m.challenge_id === challengeId), { timeout: 10_000 })
    .toMatchObject({ user_id: userIdOf(ana), rank: 1 });
  socket.close();
});

test('a rate limit is counted once for both nodes', async () => {
  // initiate-login allows 20 a minute per address: alternating nodes must not double it.
  const address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`; // counters outlive a run in Redis
  let allowed = 0;
  for (let i = 0; i < 40; i++) {
    const node = i % 2 === 0 ? a : b;
    const res = await fetch(`${node.url}api/auth/initiate-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email: `nobody${i}@example.test`, password: 'not-the-password' }),
    });
    if (res.status !== 429) allowed++;
  }
  expect(allowed).toBeGreaterThan(0);
  expect(allowed).toBeLessThanOrEqual(20);
});

test('an upload started on one node and finished on the other plays from either', async () => {
  test.skip(!hasFfmpeg(), 'needs ffmpeg');
  const file = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=duration=2',
    '-c:v', 'mpeg4', '-c:a', 'aac', '-shortest', '-y', file]); // prettier-ignore
  const clip = new Uint8Array(readFileSync(file));
  const init = await fetch(`${a.url}api/videos/upload/init`, {
    method: 'POST',
    headers: headers(ana),
    body: JSON.stringify({
      file_name: 'clip.mp4',
      size_bytes: clip.length,
      content_type: 'video/mp4',
      purpose: 'score',
      checksum_sha256: sha256(clip),
    }),
  });
  expect(init.status, await init.clone().text()).toBe(201);
  const { video, upload_url } = (await init.json()) as { video: { id: number }; upload_url: string };
  const half = Math.floor(clip.length / 2);
  const patch = (node: RunningApp, offset: number, bytes: Uint8Array) =>
    fetch(new URL(upload_url.replace(/^\//, ''), node.url), {
      method: 'PATCH',
      headers: {
        ...headers(ana),
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(bytes),
    });
  expect((await patch(a, 0, clip.subarray(0, half))).status).toBe(204);
  expect((await patch(b, half, clip.subarray(half))).status).toBe(204);
  const status = async () =>
    ((await (await fetch(`${b.url}api/videos/${video.id}`, { headers: headers(ana) })).json()) as { status: string }).status;
  await expect.poll(status, { timeout: 60_000, intervals: [500] }).toBe('ready');
  const ready = (await (await fetch(`${b.url}api/videos/${video.id}`, { headers: headers(ana) })).json()) as { stream_url: string };
  for (const node of [a, b]) {
    const part = await fetch(new URL(ready.stream_url.replace(/^\//, ''), node.url), { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  }
});

test('killing one node loses no acknowledged write and the other keeps serving', async () => {
  const acknowledged: number[] = [];
  const writes = Array.from({ length: 16 }, (_, i) =>
    (async () => {
      await new Promise((r) => setTimeout(r, i * 40));
      try {
        const res = await fetch(`${proxy.url}api/challenges/${challengeId}/submit-score`, {
          method: 'POST',
          headers: headers(ana),
          body: JSON.stringify({ reps: 10 + i }),
        });
        if (res.status === 201) acknowledged.push(((await res.json()) as { score: { id: number } }).score.id);
      } catch {
        // the node went down mid-answer: not acknowledged
      }
    })(),
  );
  await new Promise((r) => setTimeout(r, 250));
  await a.crash();
  await Promise.all(writes);
  expect(acknowledged.length).toBeGreaterThan(0);
  const mine = (await (await fetch(`${b.url}api/challenges/my-submissions`, { headers: headers(ana) })).json()) as {
    items: { score: { id: number } }[];
  };
  const stored = new Set(mine.items.map((item) => item.score.id));
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  // The survivor answers and takes writes.
  expect((await fetch(`${proxy.url}api/health`)).status).toBe(200);
  const after = await fetch(`${proxy.url}api/challenges/${challengeId}/submit-score`, {
    method: 'POST',
    headers: headers(ana),
    body: JSON.stringify({ reps: 99 }),
  });
  expect(after.status, await after.clone().text()).toBe(201);
});

function hasFfmpeg(): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
