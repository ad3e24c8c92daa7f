import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Sha256, sha256OfBlob } from '#src/lib/upload/sha256.ts';
import { formatBytes, formatTimestamp, frameSeconds, parseTimestamp, timestampParam, uploadChunkSize } from '#domain/videos.ts';

describe('video rules', () => {
  it('hashes like node crypto, however the bytes are cut', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 700 }), fc.array(fc.nat(700), { maxLength: 5 }), (bytes, cuts) => {
        const hash = new Sha256();
        let at = 0;
        for (const cut of [...cuts].sort((a, b) => a - b)) {
          const to = Math.min(cut, bytes.length);
          if (to < at) continue;
          hash.update(bytes.subarray(at, to));
          at = to;
        }
        hash.update(bytes.subarray(at));
        expect(hash.hex()).toBe(createHash('sha256').update(bytes).digest('hex'));
      }),
    );
  });

  it('hashes a file in slices', async () => {
    const bytes = new Uint8Array(9 * 1024 * 1024 + 17).map((_, i) => (i * 31) & 0xff);
    expect(await sha256OfBlob(new Blob([bytes]))).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('cuts an upload into 256 KB to 8 MB chunks, about eight for a small file', () => {
    expect(uploadChunkSize(1000)).toBe(256 * 1024);
    expect(uploadChunkSize(8 * 1024 * 1024)).toBe(1024 * 1024);
    expect(uploadChunkSize(128 * 1024 * 1024)).toBe(16 * 1024 * 1024);
    expect(uploadChunkSize(1024 ** 3)).toBe(32 * 1024 * 1024);
  });

  it('writes and reads timestamps of links', () => {
    expect(formatTimestamp(62.5)).toBe('1:02.50');
    expect(formatTimestamp(3723.04)).toBe('1:02:03.04');
    expect(parseTimestamp(timestampParam(12.3456))).toBe(12.35);
    expect(parseTimestamp('-3')).toBeNull();
    expect(parseTimestamp('1e9')).toBeNull();
    expect(frameSeconds(25)).toBe(0.04);
    expect(frameSeconds(null)).toBeCloseTo(1 / 30);
    expect([0, 300, 3.4 * 1024 ** 2, 1.2 * 1024 ** 3].map(formatBytes)).toEqual(['0 KB', '1 KB', '3.4 MB', '1.2 GB']);
  });
});
