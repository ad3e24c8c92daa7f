// Videos, each figure beside a baseline measured in the same run, on one machine:
// 1. Upload throughput on loopback through the real path: the app on a port (PGlite, files
//    under a scratch VIDEO_DIR), POST /api/videos/upload/init, then tus PATCH chunks sent by
//    tus-js-client at the browser's chunk size (domain/videos.ts) from a process of its own, as a
//    browser would send them (scripts/bench-videos-client.ts); the last chunk is answered
//    after the completion checks (magic bytes, SHA-256 of the whole file, ffprobe). The file
//    (BENCH_UPLOAD_MB, default 500) is a real 1-second MP4 followed by a `free` box of random
//    bytes: a valid MP4 those checks accept. Beside: a plain copy of the same file on the same
//    disk (fs.copyFile, as cp does it), a read-stream → write-stream copy, and the same chunks
//    sent the same way by the client process to a bare Node HTTP server that streams each
//    PATCH into the file (no tus, no checks, no hash: the most a Node server takes in here).
//    Best of BENCH_UPLOAD_RUNS (default 2). Target: the upload at least half the plain copy's speed.
// 2. Processing time per minute of 1080p video: a BENCH_CLIP_S (default 20) s 1080p30 clip
//    (testsrc2 + a tone, H.264/AAC as a phone records it) uploaded the same way, then the
//    processing job itself (processVideo: poster, web rendition, progress writes, outputs
//    stored), beside ffmpeg alone running the job's same two commands on the same clip.
// Every file made is removed at the end.
import { spawn } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { copyFile, mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { uploadChunkSize } from '../domain/videos.ts';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/index.ts';
import { Outbox } from '../server/lib/mail.ts';
import { probeVideo, sha256OfFile } from '../server/areas/videos/videos-check.ts';
import { posterArgs, processVideo, renditionArgs } from '../server/areas/videos/videos-processing.ts';
import { discardVideo, findVideo } from '../server/areas/videos/videos.ts';
import { benchConfig } from './bench-lib.ts';
import { videoService } from '../server/areas/videos/videos-tus.ts';

const MB = 1024 ** 2;
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 500);
const UPLOAD_RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 2);
const CLIP_S = Number(process.env.BENCH_CLIP_S ?? 20);
const TARGET_RATIO = 0.5;

/** ffmpeg as the job runs it (same leading flags); resolves when it exits 0. */
function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg: ${errors.trim() || code}`))));
  });
}

/** A real 1-second MP4 (index first) then a `free` box of random bytes, `bytes` long in all. */
async function paddedMp4(dir: string, bytes: number): Promise<string> {
  const head = path.join(dir, 'head.mp4');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=duration=1:size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=duration=1',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', head]); // prettier-ignore
  const clip = await readFile(head);
  const pad = bytes - clip.length;
  if (pad < 8 || pad > 0xffff_ffff) throw new Error(`BENCH_UPLOAD_MB must be between 1 and 4095 (got ${UPLOAD_MB})`);
  const file = path.join(dir, 'upload.mp4');
  const out = await open(file, 'w');
  try {
    await out.write(clip);
    const box = Buffer.alloc(8);
    box.writeUInt32BE(pad, 0);
    box.write('free', 4, 'ascii');
    await out.write(box);
    const block = Buffer.alloc(8 * MB);
    for (let left = pad - 8; left > 0; left -= block.length) {
      const n = Math.min(left, block.length);
      randomFillSync(block, 0, n);
      await out.write(block, 0, n);
    }
  } finally {
    await out.close();
  }
  await rm(head);
  return file;
}

/** A 1080p30 clip with sound, H.264/AAC at a phone's quality. */
async function clip1080(dir: string, seconds: number): Promise<string> {
  const file = path.join(dir, 'clip-1080p.mp4');
  await ffmpeg(['-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=1920x1080:rate=30`, '-f', 'lavfi', '-i', `sine=duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file]); // prettier-ignore
  return file;
}

async function seconds<T>(work: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const result = await work();
  return [(performance.now() - t0) / 1000, result];
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-videos-'));
const database = await openDatabase({});
const outbox = new Outbox();
let clockShift = 0;
const { app, context } = await buildApp(
  benchConfig({ videoDir: path.join(dir, 'store'), videoLimits: { quotaBytes: 64 * 1024 * MB } }),
  database,
  { mailer: outbox, rateLimit: false, now: () => new Date(Date.now() + clockShift) },
);

try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const svc = videoService(context);

  // An athlete signed in through the real endpoints (the code read from the app's outbox).
  const email = 'bench-videos@example.test';
  const password = 'bench-athlete-password';
  await app.inject({ method: 'POST', url: '/api/user_registration/register', payload: { email, password, display_name: 'Bench' } });
  clockShift += 61_000; // past the resend window of the registration mail
  const started = await app.inject({ method: 'POST', url: '/api/auth/initiate-login', payload: { email, password } });
  if (started.statusCode !== 200) throw new Error(started.body);
  await context.tasks.settled();
  const code = /\b(\d{6})\b/.exec(`${outbox.last(email)?.subject}\n${outbox.last(email)?.text}`)?.[1];
  const verified = await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, code } });
  if (verified.statusCode !== 200) throw new Error(verified.body);
  const session = verified.json<{ token: { token: string }; csrf_token: string }>();
  const auth = { authorization: `Bearer ${session.token.token}`, 'x-csrf-token': session.csrf_token };

  /** The uploading client in a process of its own (a browser is not in the server's process), started ahead. */
  async function startClient() {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bench-videos-client.ts')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const said: string[] = [];
    const waiting: ((line: string) => void)[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      const next = waiting.shift();
      if (next) next(line);
      else said.push(line);
    });
    const nextLine = () => new Promise<string>((resolve) => (said.length ? resolve(said.shift()!) : waiting.push(resolve)));
    if ((await nextLine()) !== 'ready') throw new Error('the upload client did not start');
    return {
      async send(job: { file: string; uploadUrl: string; chunkSize: number; headers: Record<string, string>; plain?: boolean }) {
        child.stdin.write(`${JSON.stringify(job)}\n`);
        const line = await nextLine();
        if (line !== 'done') throw new Error(`the upload client: ${line}`);
      },
    };
  }

  /** Init → tus chunks (sent by the client process) → the last chunk's answer (after the checks). */
  async function upload(file: string, checksum: string) {
    const size = (await stat(file)).size;
    const client = await startClient();
    const t0 = performance.now();
    const init = await fetch(`${base}/api/videos/upload/init`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        file_name: path.basename(file),
        size_bytes: size,
        content_type: 'video/mp4',
        purpose: 'score',
        checksum_sha256: checksum,
      }),
    });
    if (init.status !== 201) throw new Error(`init: ${init.status} ${await init.text()}`);
    const { video, upload_url } = (await init.json()) as { video: { id: string }; upload_url: string };
    await client.send({ file, uploadUrl: base + upload_url, chunkSize: uploadChunkSize(size), headers: auth });
    const done = performance.now();
    const row = await findVideo(svc, video.id);
    if (row?.status !== 'processing') throw new Error(`the upload ended as ${row?.status} (${row?.failureReason})`);
    return { id: video.id, size, seconds: (done - t0) / 1000 };
  }

  /** The baseline: a bare Node HTTP server writing each PATCH at its Upload-Offset (8 MB write buffer). */
  async function plainUpload(file: string, to: string) {
    const size = (await stat(file)).size;
    await (await open(to, 'w')).close();
    const server = createServer((req, res) => {
      const start = Number(req.headers['upload-offset']);
      const out = createWriteStream(to, { flags: 'r+', start, highWaterMark: 8 * MB });
      pipeline(req, out).then(
        () => res.writeHead(204).end(),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const client = await startClient();
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const [took] = await seconds(() => client.send({ file, uploadUrl: url, chunkSize: uploadChunkSize(size), headers: {}, plain: true }));
      if ((await stat(to)).size !== size) throw new Error('the plain upload did not store the whole file');
      return took;
    } finally {
      server.close();
    }
  }

  // 1. Upload throughput.
  const bigFile = await paddedMp4(dir, UPLOAD_MB * MB);
  const [hashSeconds, checksum] = await seconds(() => sha256OfFile(bigFile));
  const copyTo = path.join(dir, 'copy.mp4');
  const best = { copy: Infinity, stream: Infinity, plain: Infinity, upload: Infinity };
  for (let i = 0; i < UPLOAD_RUNS; i++) {
    const [copy] = await seconds(() => copyFile(bigFile, copyTo));
    await rm(copyTo);
    const [stream] = await seconds(() => pipeline(createReadStream(bigFile), createWriteStream(copyTo)));
    await rm(copyTo);
    const plain = await plainUpload(bigFile, copyTo);
    await rm(copyTo);
    best.plain = Math.min(best.plain, plain);
    const uploaded = await upload(bigFile, checksum);
    await discardVideo(svc, uploaded.id);
    best.copy = Math.min(best.copy, copy);
    best.stream = Math.min(best.stream, stream);
    best.upload = Math.min(best.upload, uploaded.seconds);
  }
  await rm(bigFile);
  const rate = (s: number) => `${(UPLOAD_MB / s).toFixed(0).padStart(6)} MB/s`;
  const line = (name: string, s: number, extra = '') =>
    console.log(`  ${name.padEnd(62)} ${s.toFixed(2).padStart(7)} s ${rate(s)}${extra}`);
  console.log(
    `\n# Upload on loopback: a ${UPLOAD_MB} MB MP4, tus chunks of ${uploadChunkSize(UPLOAD_MB * MB) / MB} MB (tus-js-client), best of ${UPLOAD_RUNS}`,
  );
  line('baseline: plain file copy (fs.copyFile, as cp)', best.copy);
  line('baseline: read stream → write stream copy', best.stream);
  line('baseline: the same chunks to a bare Node HTTP server (no tus)', best.plain);
  line('upload through the app: init → last chunk answered (incl. checks)', best.upload);
  const ratio = best.copy / best.upload;
  console.log(
    `  upload ÷ plain copy: ${ratio.toFixed(2)}×, ÷ stream copy: ${(best.stream / best.upload).toFixed(2)}× ` +
      `(target ≥ ${TARGET_RATIO}× the plain copy: ${ratio >= TARGET_RATIO ? 'met' : 'NOT MET'}); ` +
      `÷ bare HTTP: ${(best.plain / best.upload).toFixed(2)}×; the bare server itself: ${(best.copy / best.plain).toFixed(2)}× the plain copy; ` +
      `the browser's SHA-256 before init, not counted: ${hashSeconds.toFixed(2)} s`,
  );

  // 2. Processing time per minute of 1080p video.
  const clip = await clip1080(dir, CLIP_S);
  const probed = (await probeVideo(clip, 'mp4'))!;
  const minutes = probed.durationMs / 60_000;
  const sent = await upload(clip, await sha256OfFile(clip));
  const at = Math.min(1, probed.durationMs / 2000);
  const [poster] = await seconds(() => ffmpeg(posterArgs(clip, at, path.join(dir, 'poster.jpg'), 'mp4')));
  const [rendition] = await seconds(() => ffmpeg(renditionArgs(clip, path.join(dir, 'web.mp4'), 'mp4')));
  const [job] = await seconds(() => processVideo(svc, sent.id));
  const processed = await findVideo(svc, sent.id);
  if (processed?.status !== 'ready') throw new Error(`processing ended as ${processed?.status}: ${processed?.failureReason}`);
  const web = (await probeVideo(path.join(dir, 'web.mp4'), 'mp4'))!;
  const perMinute = (s: number) => `${(s / minutes).toFixed(1).padStart(6)} s per minute of video`;
  const step = (name: string, s: number) => console.log(`  ${name.padEnd(62)} ${s.toFixed(2).padStart(7)} s ${perMinute(s)}`);
  console.log(
    `\n# Processing a ${(probed.durationMs / 1000).toFixed(0)} s ${probed.height}p${probed.frameRate ?? ''} clip ` +
      `(${((await stat(clip)).size / MB).toFixed(0)} MB, ${probed.videoCodec}/${probed.audioCodec}) into ${web.height}p ${web.videoCodec}/${web.audioCodec}, ${os.cpus().length} cores`,
  );
  step('baseline: ffmpeg alone, the rendition command', rendition);
  step('baseline: ffmpeg alone, poster + rendition commands', poster + rendition);
  step('processVideo (the job: poster, rendition, progress, outputs)', job);
  console.log(`  the job ÷ ffmpeg alone (poster + rendition): ${(job / (poster + rendition)).toFixed(2)}×`);
  await discardVideo(svc, sent.id);
} finally {
  await app.close();
  await database.close();
  await rm(dir, { recursive: true, force: true });
}
