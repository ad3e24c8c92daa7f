import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo, readHead, videoContainer } from '#server/areas/videos/videos-check.ts';
import { DEMUXERS, inputArgs, runTool } from '#server/areas/videos/videos-ffmpeg.ts';
import { posterArgs, renditionArgs } from '#server/areas/videos/videos-processing.ts';

// ffprobe and ffmpeg read uploads with the demuxer the magic bytes named, local files only, under limits.
const installed = ['/usr/bin/ffmpeg', '/usr/bin/ffprobe'].every((bin) => existsSync(bin));

describe.skipIf(!installed)('ffmpeg and ffprobe on untrusted files', () => {
  let dir: string;
  let real: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'repforge-media-'));
    real = path.join(dir, 'real.mp4');
    // prettier-ignore
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-pix_fmt', 'yuv420p', real]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A file named .mp4 that is really a playlist pointing at another file (HLS) or a list of files (concat). */
  const playlists = () => ({
    hls: `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\n${real}\n#EXT-X-ENDLIST\n`,
    concat: `ffconcat version 1.0\nfile ${real}\n`,
  });

  it('a real MP4 still probes', async () => {
    const container = videoContainer(await readHead(real));
    expect(container).toBe('mp4');
    expect(await probeVideo(real, container!)).toMatchObject({ width: 160, height: 120, durationMs: 1000 });
  });

  it("a browser recording's WebM without a duration probes by its last packet", async () => {
    // What MediaRecorder writes: Matroska with no Duration element (ffmpeg's live mode writes the same).
    const live = path.join(dir, 'recorded.webm');
    // prettier-ignore
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-c:v', 'libvpx', '-f', 'webm', '-live', '1', live]);
    const container = videoContainer(await readHead(live));
    expect(container).toBe('matroska');
    const probe = await probeVideo(live, container!);
    expect(probe).toMatchObject({ width: 160, height: 120 });
    expect(probe!.durationMs).toBeGreaterThanOrEqual(900);
    expect(probe!.durationMs).toBeLessThanOrEqual(1100);
  });

  it.each(['hls', 'concat'] as const)('a %s playlist named .mp4 is refused: nothing it references is read', async (kind) => {
    const evil = path.join(dir, `${kind}.mp4`);
    writeFileSync(evil, playlists()[kind]);
    // Read as MP4, as the upload claims: no moov atom, so no video (auto-detection would have opened the playlist).
    expect(await probeVideo(evil, 'mp4')).toBeNull();
    await expect(runTool('ffmpeg', ['-v', 'error', ...renditionArgs(evil, path.join(dir, 'out.mp4'), 'mp4')], limits)).rejects.toThrow();
    // And its first bytes name no container, so the finishing check refuses it before ffprobe.
    expect(videoContainer(await readHead(evil))).toBeNull();
  });

  it('every argument list pins the demuxer, allows only the file protocol and passes the path as a file: URL', () => {
    for (const [container, demuxer] of Object.entries(DEMUXERS)) {
      const args = inputArgs(container, '/x/http:evil');
      expect(args).toEqual(['-protocol_whitelist', 'file', '-format_whitelist', demuxer, '-f', demuxer, '-i', 'file:/x/http:evil']);
    }
    for (const args of [posterArgs('/v', 1, '/p.jpg', 'mp4'), renditionArgs('/v', '/w.mp4', 'matroska')]) {
      expect(args.slice(args.indexOf('-protocol_whitelist'), args.indexOf('-i') + 2)).toHaveLength(8);
      expect(args).toContain('-threads');
    }
    expect(() => inputArgs('hls', '/v')).toThrow();
  });

  it('a run that outlasts its time is killed', async () => {
    const started = Date.now();
    // prettier-ignore
    const endless = ['-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5', '-f', 'null', '-'];
    await expect(runTool('ffmpeg', endless, { timeoutMs: 700, memoryKb: 1024 * 1024 })).rejects.toThrow(/longer than/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a run is held to its memory limit', async () => {
    await expect(
      runTool('ffprobe', ['-v', 'error', ...inputArgs('mp4', real)], { timeoutMs: 20_000, memoryKb: 8 * 1024 }),
    ).rejects.toThrow();
  });
});

const limits = { timeoutMs: 60_000, memoryKb: 3 * 1024 * 1024 };
