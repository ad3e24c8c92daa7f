import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LIVE_CORRECTION_WINDOW,
  applyLiveUpdate,
  counterPending,
  formatLiveClock,
  freshCounter,
  liveCountUnit,
  liveScoreBody,
  reconcileCounter,
  tapCounter,
  type LiveCounter,
  type LocalCounter,
} from '#domain/live.ts';

/** The server's state after a stream of updates arrives (refused ones change nothing). */
const serve = (updates: LiveCounter[], start: LiveCounter = { seq: 0, count: 0 }) =>
  updates.reduce((state, u) => {
    const outcome = applyLiveUpdate(state, u);
    return outcome.kind === 'refused' ? state : outcome.state;
  }, start);

const taps = fc.array(fc.oneof({ weight: 4, arbitrary: fc.constant(1 as const) }, { weight: 1, arbitrary: fc.constant(-1 as const) }), {
  maxLength: 60,
});

describe('live counter reconciliation', () => {
  it('examples: a newer update applies, its replay is answered unchanged, older or conflicting ones are refused', () => {
    expect(applyLiveUpdate({ seq: 0, count: 0 }, { seq: 1, count: 1 })).toEqual({ kind: 'applied', state: { seq: 1, count: 1 } });
    expect(applyLiveUpdate({ seq: 5, count: 20 }, { seq: 5, count: 20 }).kind).toBe('replayed');
    expect(applyLiveUpdate({ seq: 5, count: 20 }, { seq: 4, count: 21 }).kind).toBe('refused');
    expect(applyLiveUpdate({ seq: 5, count: 20 }, { seq: 5, count: 21 }).kind).toBe('refused');
    expect(applyLiveUpdate({ seq: 5, count: 20 }, { seq: 6, count: 20 - LIVE_CORRECTION_WINDOW }).kind).toBe('applied');
    expect(applyLiveUpdate({ seq: 5, count: 20 }, { seq: 6, count: 19 - LIVE_CORRECTION_WINDOW }).kind).toBe('refused');
  });

  it('every update sent, delivered any number of times in any order, leaves the server at the last tap count or earlier, never past it', () => {
    fc.assert(
      fc.property(taps, fc.array(fc.nat(), { maxLength: 120 }), (presses, picks) => {
        let local = freshCounter();
        const sent: LiveCounter[] = [];
        for (const p of presses) {
          local = tapCounter(local, p);
          if (counterPending(local)) sent.push({ seq: local.seq, count: local.count });
        }
        // Reconnects replay and reorder: deliver a random selection (with repeats), then the last update again.
        const delivered = picks.map((i) => sent[i % Math.max(1, sent.length)]).filter((u): u is LiveCounter => !!u);
        const last = sent.at(-1);
        const state = serve(last ? [...delivered, last, last] : delivered);
        if (last && last.count >= Math.max(...sent.map((u) => u.count)) - LIVE_CORRECTION_WINDOW) {
          // The last update always lands: its seq is the highest, and no earlier count is past the correction window.
          expect(state).toEqual(last);
        } else if (last) {
          // An undo burst past the window: refused, the server keeps a higher count for the athlete to correct.
          expect(state.count).toBeGreaterThan(last.count);
        } else expect(state).toEqual({ seq: 0, count: 0 });
        // A replayed stream counts nothing twice: delivering every update twice is the same as once.
        expect(serve(sent.flatMap((u) => [u, u]))).toEqual(serve(sent));
      }),
    );
  });

  it('the screen shows every tap at once and ends at the server’s count once the last echo is in', () => {
    fc.assert(
      fc.property(taps, fc.array(fc.boolean(), { maxLength: 60 }), (presses, answers) => {
        let local: LocalCounter = freshCounter();
        let server: LiveCounter = { seq: 0, count: 0 };
        const inFlight: LiveCounter[] = [];
        let expected = 0;
        presses.forEach((p, i) => {
          local = tapCounter(local, p);
          expected = Math.max(0, expected + p);
          expect(local.count).toBe(expected);
          if (counterPending(local)) inFlight.push({ seq: local.seq, count: local.count });
          // Sometimes the oldest update in flight is answered now (echoes arrive in order, some late).
          if (answers[i] && inFlight.length) {
            const u = inFlight.shift()!;
            const outcome = applyLiveUpdate(server, u);
            if (outcome.kind !== 'refused') server = outcome.state;
            local = reconcileCounter(local, server);
            // An older echo never takes taps off the screen.
            expect(local.count).toBe(expected);
          }
        });
        for (const u of inFlight) {
          const outcome = applyLiveUpdate(server, u);
          if (outcome.kind !== 'refused') server = outcome.state;
          local = reconcileCounter(local, server);
        }
        expect(local.count).toBe(expected);
        expect(server.count).toBe(expected);
        expect(counterPending(local)).toBe(false);
      }),
    );
  });
});

describe('a live end as a score', () => {
  it('maps the count to the fields of the challenge’s score type', () => {
    expect(liveScoreBody({ scoreType: 'reps' }, { count: 61, elapsedMs: 90_000, finished: false })).toEqual({ reps: 61 });
    expect(liveScoreBody({ scoreType: 'rounds_reps', repsPerRound: 15 }, { count: 47, elapsedMs: 0, finished: false })).toEqual({
      rounds: 3,
      reps: 2,
    });
    expect(liveScoreBody({ scoreType: 'rounds_reps' }, { count: 9, elapsedMs: 0, finished: false })).toEqual({ rounds: 9 });
    expect(liveScoreBody({ scoreType: 'time', timeCapMs: 600_000 }, { count: 45, elapsedMs: 185_000, finished: true })).toEqual({
      time_ms: 185_000,
    });
    expect(liveScoreBody({ scoreType: 'time', timeCapMs: 600_000 }, { count: 45, elapsedMs: 600_000, finished: false })).toEqual({
      capped: true,
      reps: 45,
    });
    expect(liveScoreBody({ scoreType: 'time' }, { count: 45, elapsedMs: 60_000, finished: false })).toBeNull();
    expect(liveScoreBody({ scoreType: 'load' }, { count: 1, elapsedMs: 0, finished: true })).toBeNull();
    expect(liveCountUnit({ scoreType: 'rounds_reps', repsPerRound: null })).toBe('rounds');
    expect(liveCountUnit({ scoreType: 'calories' })).toBe('calories');
  });

  it('shows the clock as m:ss, and h:mm:ss past an hour', () => {
    expect(formatLiveClock(0)).toBe('0:00');
    expect(formatLiveClock(65_999)).toBe('1:05');
    expect(formatLiveClock(3_725_000)).toBe('1:02:05');
  });
});
