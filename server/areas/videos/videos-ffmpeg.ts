import { spawn } from 'node:child_process';

// ffmpeg and ffprobe run on files people upload, so neither guesses: the demuxer is the one the magic-bytes
// check named (no format probing, so a playlist named .mp4 is never read as HLS or concat), the only protocol
// is the local file, and each run is bounded in time, memory, threads and priority, a few at a time per node.

/** ffmpeg's demuxer for each container videoContainer() names (videos-check.ts). */
export const DEMUXERS: Readonly<Record<string, string>> = {
  mp4: 'mov',
  matroska: 'matroska',
  avi: 'avi',
  mpeg: 'mpeg',
  mpegts: 'mpegts',
  flv: 'flv',
  ogg: 'ogg',
  asf: 'asf',
};

export const MEDIA_LIMITS = {
  /** Encoder and filter threads of one ffmpeg run. */
  threads: 2,
  /** Added niceness: processing yields the CPU to the API. */
  nice: 10,
  /** Address space of one run, in KiB (ulimit -v). */
  ffmpegMemoryKb: 3 * 1024 * 1024,
  ffprobeMemoryKb: 1024 * 1024,
  /** A run still going after this is killed (SIGKILL) and the video fails. */
  ffmpegTimeoutMs: 30 * 60_000,
  ffprobeTimeoutMs: 30_000,
  /** Runs at once on one node (ffprobe at the finishing check, ffmpeg in the processing job). */
  concurrent: 2,
} as const;

/** The input part of a command line: the pinned demuxer, local files only, and the path as a file: URL. */
export function inputArgs(container: string, file: string): string[] {
  const demuxer = DEMUXERS[container];
  if (!demuxer) throw new Error(`No demuxer is allowed for "${container}".`);
  return ['-protocol_whitelist', 'file', '-format_whitelist', demuxer, '-f', demuxer, '-i', `file:${file}`];
}

/** A counting semaphore: at most `size` runs at once, the rest wait in order. */
function slots(size: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (busy >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    busy++;
    try {
      return await work();
    } finally {
      busy--;
      waiting.shift()?.();
    }
  };
}
const limited = slots(MEDIA_LIMITS.concurrent);

export interface ToolRun {
  stdout: string;
}

/**
 * Runs ffmpeg or ffprobe under the limits: `ulimit -v` and `nice` through /bin/sh (the arguments are passed
 * as positional parameters, never parsed by the shell), killed when it outlasts `timeoutMs`. Rejects with the
 * tool's last error line. `onLine` gets each stdout line as it comes (ffmpeg's -progress); `signal` kills it.
 */
export function runTool(
  tool: 'ffmpeg' | 'ffprobe',
  args: string[],
  opts: { timeoutMs: number; memoryKb: number; onLine?: (line: string) => void; maxStdout?: number; signal?: AbortSignal },
): Promise<ToolRun> {
  return limited(
    () =>
      new Promise<ToolRun>((resolve, reject) => {
        // $1 the memory limit, $2 the niceness, then the tool and its arguments: exec keeps the pid, so the kill reaches the tool.
        const script = 'ulimit -v "$1" 2>/dev/null; n="$2"; shift 2; exec nice -n "$n" "$@"';
        const child = spawn('/bin/sh', ['-c', script, 'sh', String(opts.memoryKb), String(MEDIA_LIMITS.nice), tool, ...args], {
          stdio: ['ignore', 'pipe', 'pipe'],
          // A released job (a stop, a lost lease) aborts: the tool is killed, not left running.
          signal: opts.signal,
          killSignal: 'SIGKILL',
        });
        let stdout = '';
        let pending = '';
        let errors = '';
        let timedOut = false;
        const timer = setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, opts.timeoutMs);
        child.stdout.on('data', (chunk: Buffer) => {
          const text = chunk.toString();
          if (stdout.length < (opts.maxStdout ?? 4 * 1024 * 1024)) stdout += text;
          if (!opts.onLine) return;
          pending += text;
          const lines = pending.split('\n');
          pending = lines.pop() ?? '';
          lines.forEach(opts.onLine);
        });
        child.stderr.on('data', (chunk: Buffer) => {
          errors = (errors + chunk.toString()).slice(-2000);
        });
        child.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        child.on('close', (code) => {
          clearTimeout(timer);
          if (code === 0) resolve({ stdout });
          else if (timedOut) reject(new Error(`${tool} took longer than ${Math.round(opts.timeoutMs / 1000)} s and was stopped`));
          else reject(new Error(errors.trim().split('\n').at(-1) || `${tool} stopped (${code ?? 'killed'})`));
        });
      }),
  );
}
