import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIVE_TARGET_BEHIND_S, MAX_BEHIND_S, playheadTarget } from '#src/features/live/components/playhead.ts';

describe('the live player’s playhead', () => {
  it('stays put inside buffered video near live', () => {
    expect(playheadTarget(1, [[0, 6]])).toBeNull();
    expect(
      playheadTarget(4.5, [
        [0, 2],
        [2.1, 6],
      ]),
    ).toBeNull();
  });

  it('jumps a first segment that does not start at 0, and a hole between two segments', () => {
    expect(playheadTarget(0, [[0.4, 4]])).toBeCloseTo(0.45);
    expect(
      playheadTarget(2.0, [
        [0, 1.98],
        [2.3, 6],
      ]),
    ).toBeCloseTo(2.35);
  });

  it('waits when nothing is buffered ahead', () => {
    expect(playheadTarget(3, [])).toBeNull();
    expect(playheadTarget(6, [[0, 6]])).toBeNull();
  });

  it('skips ahead near live when it fell far behind', () => {
    expect(playheadTarget(2, [[0, 30]])).toBe(30 - LIVE_TARGET_BEHIND_S);
  });

  it('always lands inside buffered video, never behind where it was unless it skips ahead, and once there stays', () => {
    const rangesArb = fc
      .array(fc.tuple(fc.double({ min: 0, max: 3, noNaN: true }), fc.double({ min: 0.2, max: 8, noNaN: true })), {
        minLength: 1,
        maxLength: 6,
      })
      .map((parts) => {
        let t = 0;
        return parts.map(([gap, length]) => {
          const start = t + gap;
          t = start + length;
          return [start, t] as const;
        });
      });
    fc.assert(
      fc.property(rangesArb, fc.double({ min: 0, max: 60, noNaN: true }), (ranges, now) => {
        const target = playheadTarget(now, ranges);
        if (target === null) return;
        expect(ranges.some(([s, e]) => target >= s && target <= e)).toBe(true);
        const newest = ranges[ranges.length - 1]![1];
        expect(target > now || newest - now > MAX_BEHIND_S).toBe(true);
        expect(playheadTarget(target, ranges)).toBeNull();
      }),
    );
  });
});
