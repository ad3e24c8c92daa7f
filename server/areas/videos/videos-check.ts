import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { inputArgs, MEDIA_LIMITS, runTool } from './videos-ffmpeg.ts';

/**
 * The container a file's first bytes name, or null when they name no video container
 * (a renamed JPEG, PDF or text file). ffprobe then checks the streams themselves.
 */
export function videoContainer(head: Uint8Array): string | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  if (head.length < 12) return null;
  if (['ftyp', 'moov', 'mdat', 'wide', 'free'].includes(ascii(4, 8))) return 'mp4';
  if (starts([0x1a, 0x45, 0xdf, 0xa3])) return 'matroska';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return 'avi';
  if (starts([0x00, 0x00, 0x01, 0xba]) || starts([0x00, 0x00, 0x01, 0xb3])) return 'mpeg';
  if (head[0] === 0x47 && (head.length <= 188 || head[188] === 0x47)) return 'mpegts';
  if (ascii(0, 3) === 'FLV') return 'flv';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (starts([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'asf';
  return null;
}

export async function readHead(file: string, bytes = 512): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface Probe {
  durationMs: number;
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
  frameRate: number | null;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  disposition?: { attached_pic?: number };
}

/** The time (seconds) of the end of the last video packet, for a container that does not say its duration. */
async function lastPacketTime(file: string, container: string): Promise<number> {
  try {
    const args = ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0'];
    const { stdout } = await runTool('ffprobe', [...args, ...inputArgs(container, file)], {
      timeoutMs: MEDIA_LIMITS.ffprobeTimeoutMs,
      memoryKb: MEDIA_LIMITS.ffprobeMemoryKb,
    });
    let end = Number.NaN;
    for (const line of stdout.split('\n')) {
      const [pts, length] = line.split(',').map(Number);
      if (Number.isFinite(pts)) end = Math.max(Number.isFinite(end) ? end : 0, pts! + (Number.isFinite(length) ? length! : 0));
    }
    return end;
  } catch {
    return Number.NaN;
  }
}

/**
 * ffprobe's view of the file read as `container` (the demuxer the first bytes named, never guessed; local
 * files only; under the media limits), or null when it holds no playable video stream.
 */
export async function probeVideo(file: string, container: string): Promise<Probe | null> {
  let stdout: string;
  try {
    const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...inputArgs(container, file)];
    ({ stdout } = await runTool('ffprobe', args, { timeoutMs: MEDIA_LIMITS.ffprobeTimeoutMs, memoryKb: MEDIA_LIMITS.ffprobeMemoryKb }));
  } catch {
    return null;
  }
  const info = JSON.parse(stdout) as { streams?: FfprobeStream[]; format?: { duration?: string } };
  const streams = info.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height);
  let duration = Number(info.format?.duration);
  // A browser's MediaRecorder writes WebM without a duration: the last video packet's time stands in for it.
  if (video && !Number.isFinite(duration) && container === 'matroska') duration = await lastPacketTime(file, container);
  if (!video || !Number.isFinite(duration) || duration <= 0) return null;
  const audio = streams.find((s) => s.codec_type === 'audio');
  const [num, den] = (video.avg_frame_rate ?? '0/0').split('/').map(Number);
  const frameRate = num && den ? Math.round((num / den) * 1000) / 1000 : null;
  return {
    durationMs: Math.round(duration * 1000),
    width: video.width!,
    height: video.height!,
    videoCodec: String(video.codec_name ?? 'unknown').slice(0, 32),
    audioCodec: audio?.codec_name ? audio.codec_name.slice(0, 32) : null,
    frameRate,
  };
}
