import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LAST_MINUTE_MS,
  LINE_MAX_LENGTH,
  LIVE_COMMENTARY_KINDS,
  PACE_MIN_SHARE,
  commentaryPrompt,
  liveEvents,
  projectedCount,
  templateCount,
  templateLine,
  type LiveFacts,
  type LiveMoment,
} from '#domain/commentary.ts';

const name = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0 && !/\s{2}/.test(s));
const facts: fc.Arbitrary<LiveFacts> = fc.record({
  kind: fc.constantFrom(...LIVE_COMMENTARY_KINDS),
  athlete: name.map((s) => s.trim()),
  challenge: name,
  count: fc.constantFrom('21 reps', '5 rounds + 3 reps', '12 cal'),
  round: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
  mark: fc.option(fc.constantFrom('30 reps', '7 rounds + 0 reps'), { nil: null }),
  rival: fc.option(name, { nil: null }),
  projected: fc.option(fc.constantFrom('70 reps', '9 rounds + 4 reps'), { nil: null }),
  seconds_left: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
});

describe('live commentary templates', () => {
  it('name the athlete in one line within the limit, the same for the same seed', () => {
    fc.assert(
      fc.property(facts, fc.integer(), (f, seed) => {
        const line = templateLine(f, seed);
        expect(line).toBe(templateLine(f, seed));
        expect(line.length).toBeLessThanOrEqual(LINE_MAX_LENGTH);
        expect(line).not.toMatch(/[\r\n]|undefined|null|NaN/);
        expect(line).toContain(f.athlete);
      }),
    );
  });

  it('vary: every kind has at least three phrasings and seeds reach them all', () => {
    for (const kind of LIVE_COMMENTARY_KINDS) {
      expect(templateCount(kind)).toBeGreaterThanOrEqual(3);
      const f: LiveFacts = {
        kind,
        athlete: 'Ana',
        challenge: 'Cindy',
        count: '5 rounds + 3 reps',
        round: 5,
        mark: '7 rounds + 0 reps',
        rival: 'Bo',
        projected: '9 rounds + 4 reps',
        seconds_left: 42,
      };
      const seen = new Set(Array.from({ length: 200 }, (_, seed) => templateLine(f, seed)));
      expect(seen.size).toBe(templateCount(kind));
    }
  });

  it('prompt only the named public fields', () => {
    const f = {
      kind: 'live_round',
      athlete: 'Ana',
      challenge: 'Cindy',
      count: '5 rounds',
      round: 5,
      mark: null,
      rival: null,
      projected: null,
      seconds_left: null,
      email: 'ana@x.test',
    } as LiveFacts;
    expect(JSON.stringify(commentaryPrompt(f))).not.toContain('ana@x.test');
  });
});

const CAP = 600_000;
const moment: fc.Arbitrary<LiveMoment> = fc
  .record({
    previousCount: fc.integer({ min: 0, max: 300 }),
    step: fc.integer({ min: -10, max: 40 }),
    elapsedMs: fc.integer({ min: 1, max: CAP + 60_000 }),
    capMs: fc.option(fc.constant(CAP), { nil: null }),
    repsPerRound: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
    tapIsRound: fc.boolean(),
    leaderValue: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
    bestValue: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
  })
  .map(({ step, ...m }) => {
    const count = Math.max(0, m.previousCount + step);
    const projected = projectedCount(count, m.elapsedMs, m.capMs);
    return { ...m, count, previousValue: m.previousCount, value: count, projectedValue: projected };
  });

describe('live moments', () => {
  it('tell each moment only when it happens, and each key at most once per update', () => {
    fc.assert(
      fc.property(moment, (m) => {
        const events = liveEvents(m);
        expect(new Set(events.map((e) => e.key)).size).toBe(events.length);
        for (const e of events) {
          if (e.kind === 'live_leader') expect(m.count > m.leaderValue! && m.previousCount <= m.leaderValue!).toBe(true);
          if (e.kind === 'live_best') expect(m.count > m.bestValue! && m.previousCount <= m.bestValue!).toBe(true);
          if (e.kind === 'live_round') expect(m.count).toBeGreaterThan(m.previousCount);
          if (e.kind === 'live_last_minute') expect(m.capMs! - m.elapsedMs).toBeLessThanOrEqual(LAST_MINUTE_MS);
          if (e.kind === 'live_pace') {
            expect(m.elapsedMs).toBeGreaterThanOrEqual(CAP * PACE_MIN_SHARE);
            expect(m.projectedValue!).toBeGreaterThan(m.leaderValue!);
            expect(m.count).toBeLessThanOrEqual(m.leaderValue!);
          }
        }
        // A count that did not move, far from the cap, says nothing.
        if (m.count === m.previousCount && (!m.capMs || m.capMs - m.elapsedMs > LAST_MINUTE_MS))
          expect(events.filter((e) => e.kind !== 'live_pace')).toEqual([]);
      }),
    );
  });

  it('name the round passed: the highest when an update passes several', () => {
    expect(
      liveEvents({
        previousCount: 9,
        count: 31,
        elapsedMs: 1000,
        capMs: null,
        repsPerRound: 10,
        tapIsRound: false,
        previousValue: 9,
        value: 31,
        projectedValue: null,
        leaderValue: null,
        bestValue: null,
      }),
    ).toEqual([{ kind: 'live_round', key: 'round:3', round: 3 }]);
    expect(
      liveEvents({
        previousCount: 4,
        count: 5,
        elapsedMs: 1000,
        capMs: null,
        repsPerRound: null,
        tapIsRound: true,
        previousValue: 4,
        value: 5,
        projectedValue: null,
        leaderValue: null,
        bestValue: null,
      }).map((e) => e.key),
    ).toEqual(['round:5']);
  });

  it('judge pace against the leader only after a quarter of the cap', () => {
    const at = (elapsedMs: number) =>
      liveEvents({
        previousCount: 9,
        count: 10,
        elapsedMs,
        capMs: CAP,
        repsPerRound: null,
        tapIsRound: false,
        previousValue: 9,
        value: 10,
        projectedValue: projectedCount(10, elapsedMs, CAP),
        leaderValue: 30,
        bestValue: null,
      });
    expect(at(CAP * PACE_MIN_SHARE - 1).map((e) => e.kind)).toEqual([]);
    expect(at(CAP * PACE_MIN_SHARE).map((e) => e.kind)).toEqual(['live_pace']);
    expect(projectedCount(10, CAP * PACE_MIN_SHARE, CAP)).toBe(40);
  });
});
