import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LIVE_GAP_MIN_MS,
  acceptSegment,
  describeGap,
  describeRecordingGap,
  spectatorStart,
  type StreamState,
} from '#domain/live-stream.ts';

const fresh: StreamState = { lastSeq: 0, lastSha256: null, lastEndMs: 0 };
const seg = (seq: number, atMs = (seq - 1) * 2000, sha256 = `sha-${seq}`) => ({ seq, sha256, atMs, durationMs: 2000 });

describe('live stream segments', () => {
  it('examples: the next is stored, a replay answered, the rest refused with what to send next', () => {
    const one = acceptSegment(fresh, seg(1));
    expect(one).toMatchObject({ kind: 'store', gapMs: 0, state: { lastSeq: 1, lastEndMs: 2000 } });
    const s = one.kind === 'store' ? one.state : fresh;
    expect(acceptSegment(s, seg(1)).kind).toBe('replayed');
    expect(acceptSegment(s, seg(1, 0, 'other'))).toMatchObject({ kind: 'refused', status: 409 });
    expect(acceptSegment(s, seg(3))).toMatchObject({ kind: 'refused', detail: expect.stringMatching(/send segment 2 next, not 3/) });
    expect(acceptSegment(s, seg(2, 2000 + LIVE_GAP_MIN_MS))).toMatchObject({ kind: 'store', gapMs: LIVE_GAP_MIN_MS });
    expect(acceptSegment(s, seg(2, 2000 + LIVE_GAP_MIN_MS - 1))).toMatchObject({ kind: 'store', gapMs: 0 });
    expect(describeGap({ at_ms: 185_000, gap_ms: 12_400 })).toBe('gap of 12 s at 3:05');
    expect(describeRecordingGap({ recording_ms: 72_000, gap_ms: 4_200 })).toBe('Gap of 4 s at 1:12 — the athlete’s connection dropped');
    expect(spectatorStart(1)).toBe(1);
    expect(spectatorStart(10)).toBe(8);
  });

  it('whatever arrives, in any order and any number of times, the stored numbers are 1, 2, 3… with no hole and none twice', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 80 }), (arrivals) => {
        let state = fresh;
        const stored: number[] = [];
        for (const n of arrivals) {
          const outcome = acceptSegment(state, seg(n));
          if (outcome.kind === 'store') {
            stored.push(n);
            state = outcome.state;
          }
        }
        expect(stored).toEqual(stored.map((_, i) => i + 1));
        expect(state.lastSeq).toBe(stored.length);
      }),
    );
  });

  it('gaps are never negative and add up to no more than the holes in the recording', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 10_000 }), { minLength: 1, maxLength: 40 }), (holes) => {
        let state = fresh;
        let at = 0;
        let total = 0;
        holes.forEach((hole, i) => {
          at += hole;
          const outcome = acceptSegment(state, seg(i + 1, at));
          if (outcome.kind !== 'store') throw new Error('refused in order');
          expect(outcome.gapMs).toBeGreaterThanOrEqual(0);
          total += outcome.gapMs;
          state = outcome.state;
          at += 2000;
        });
        expect(total).toBeLessThanOrEqual(holes.slice(1).reduce((a, b) => a + b, 0));
      }),
    );
  });

  it('a gap on the judging screen names its length (at least 1 s) and its place in the recording as m:ss', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 * 3_600_000 }), fc.integer({ min: LIVE_GAP_MIN_MS, max: 3_600_000 }), (at, gap) => {
        const text = describeRecordingGap({ recording_ms: at, gap_ms: gap });
        const m = /^Gap of (\d+) s at (\d+):(\d\d) — the athlete’s connection dropped$/.exec(text);
        expect(m).not.toBeNull();
        expect(Number(m![1])).toBe(Math.max(1, Math.round(gap / 1000)));
        expect(Number(m![2]) * 60 + Number(m![3])).toBe(Math.floor(at / 1000));
        expect(Number(m![3])).toBeLessThan(60);
      }),
    );
  });
});
