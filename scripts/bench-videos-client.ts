// The uploading side of scripts/bench-videos.ts, in a process of its own as a browser would be:
// started ahead, it says "ready", reads one line of JSON ({file, uploadUrl, chunkSize, headers}),
// sends the file with tus-js-client and says "done" (or "failed: …").
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Upload } from 'tus-js-client';

interface Job {
  file: string;
  uploadUrl: string;
  chunkSize: number;
  headers: Record<string, string>;
}

const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
const job = JSON.parse(await new Promise<string>((resolve) => lines.once('line', resolve))) as Job;
lines.close();
try {
  await new Promise<void>((resolve, reject) => {
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
  process.stdout.write('done\n');
} catch (error) {
  process.stdout.write(`failed: ${String(error).replace(/\n/g, ' ')}\n`);
}
