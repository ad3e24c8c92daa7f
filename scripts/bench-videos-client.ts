// The uploading side of scripts/bench-videos.ts, in a process of its own as a browser would be:
// started ahead, it says "ready", reads one line of JSON ({file, uploadUrl, chunkSize, headers,
// plain?}), sends the file with tus-js-client and says "done" (or "failed: …"). With `plain` it
// sends the same chunks the same way (a read stream of the slice piped into a PATCH request, as
// tus-js-client does in Node) to a bare HTTP server, without tus: the baseline.
import { createReadStream, statSync } from 'node:fs';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Upload } from 'tus-js-client';

interface Job {
  file: string;
  uploadUrl: string;
  chunkSize: number;
  headers: Record<string, string>;
  plain?: boolean;
}

/** Each chunk as one PATCH of its bytes, one after the other; the server answers 204. */
async function sendPlain(job: Job) {
  const size = statSync(job.file).size;
  for (let offset = 0; offset < size; offset += job.chunkSize) {
    const end = Math.min(size, offset + job.chunkSize);
    const headers = { 'upload-offset': String(offset), 'content-length': String(end - offset) };
    const req = request(job.uploadUrl, { method: 'PATCH', headers });
    const answered = new Promise<void>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        if (res.statusCode === 204) res.on('end', resolve);
        else reject(new Error(`the plain server answered ${res.statusCode}`));
      });
      req.on('error', reject);
    });
    await pipeline(createReadStream(job.file, { start: offset, end: end - 1 }), req);
    await answered;
  }
}

/** The file by tus-js-client, as the browser sends it. */
function sendWithTus(job: Job) {
  return new Promise<void>((resolve, reject) => {
    // In Node tus-js-client reads a file stream with a path as a random-access file, as a browser's File.
    const source = createReadStream(job.file) as unknown as Buffer;
    new Upload(source, {
      uploadUrl: job.uploadUrl,
      chunkSize: job.chunkSize,
      retryDelays: [],
      storeFingerprintForResuming: false,
      headers: job.headers,
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  });
}

const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
const job = JSON.parse(await new Promise<string>((resolve) => lines.once('line', resolve))) as Job;
lines.close();
try {
  await (job.plain ? sendPlain(job) : sendWithTus(job));
  process.stdout.write('done\n');
} catch (error) {
  process.stdout.write(`failed: ${String(error).replace(/\n/g, ' ')}\n`);
}
