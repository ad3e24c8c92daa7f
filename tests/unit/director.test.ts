import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIVE_SCORE_TYPES } from '#domain/live.ts';
import { SCORE_TYPES } from '#domain/scoring/types.ts';
import {
  DIRECTOR_MIN_INTERVAL_MS,
  DIRECTOR_SWITCH_MARGIN,
  PACE_KINDS,
  candidateWords,
  choose,
  forTimePace,
  livePace,
  paceAgainstLeader,
  paceWords,
  placesAtStake,
  rankCandidates,
  scoreCandidate,
  spanWords,
  type DirectorFacts,
  type DirectorState,
} from '#domain/director.ts';

const T0 = Date.parse('2026-12-03T10:00:00Z');

const facts = (attemptId: number, over: Partial<DirectorFacts> = {}): DirectorFacts => ({
  attemptId,
  projectedPlace: null,
  placesAtStake: 0,
  pace: null,
  spectators: 0,
  ...over,
});

const candidate: fc.Arbitrary<DirectorFacts> = fc.record({
  attemptId: fc.integer({ min: 1, max: 30 }),
  projectedPlace: fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
  placesAtStake: fc.integer({ min: 0, max: 200 }),
  pace: fc.option(
    fc.record({
      kind: fc.constantFrom(...PACE_KINDS),
      aheadMs: fc.integer({ min: -600_000, max: 600_000 }),
    }),
    { nil: null },
  ),
  spectators: fc.integer({ min: 0, max: 5000 }),
});
const candidates = fc.uniqueArray(candidate, { selector: (c) => c.attemptId, maxLength: 8 });
const state = (ids: fc.Arbitrary<number | null>): fc.Arbitrary<DirectorState> =>
  fc.record({
    currentId: ids,
    pinnedId: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
    lastSwitchAt: fc.option(fc.integer({ min: T0 - 120_000, max: T0 }), { nil: null }),
    now: fc.constant(T0),
  });
const anyState = state(fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }));

describe('the director score', () => {
  it('adds up its parts, says each in words, and rewards each fact', () => {
    const c = scoreCandidate(
      facts(1, { projectedPlace: 2, placesAtStake: 2, pace: { kind: 'leader_pace', aheadMs: 4000 }, spectators: 12 }),
    );
    expect(c.parts).toEqual({ place: 27, stake: 16, pace: 2, spectators: 22 });
    expect(c.score).toBe(67);
    expect(candidateWords(c).join(' · ')).toBe('would place 2nd · 2 places at stake · 4 s ahead of the leader’s pace · 12 watching');
    expect(candidateWords(facts(2)).join(' · ')).toBe(
      'no place yet · no places at stake · no leader’s mark to pace against · nobody watching',
    );
    expect(scoreCandidate(facts(3)).score).toBe(0);
    // A place from the 11th on earns nothing for the place itself.
    expect(scoreCandidate(facts(4, { projectedPlace: 11 })).parts.place).toBe(0);
  });

  it('reads pace against the leader with and without a cap', () => {
    // Capped: 45 reps after 5 of 10 minutes against a leader's 60: the leader's pace needed 7.5 minutes for 45.
    expect(paceAgainstLeader({ value: 45, leaderValue: 60, elapsedMs: 300_000, capMs: 600_000 })).toEqual({
      kind: 'leader_pace',
      aheadMs: 150_000,
    });
    // Uncapped: 20 reps in 60 s; at that pace the leader's 30 comes in another 30 s.
    expect(paceAgainstLeader({ value: 20, leaderValue: 30, elapsedMs: 60_000, capMs: null })).toEqual({
      kind: 'leader_mark',
      aheadMs: -30_000,
    });
    expect(paceAgainstLeader({ value: 40, leaderValue: 30, elapsedMs: 60_000, capMs: null })).toEqual({
      kind: 'leader_mark',
      aheadMs: 15_000,
    });
    expect(paceAgainstLeader({ value: 0, leaderValue: 30, elapsedMs: 60_000, capMs: null })).toBeNull();
    expect(paceAgainstLeader({ value: 10, leaderValue: null, elapsedMs: 60_000, capMs: null })).toBeNull();
    expect(paceAgainstLeader({ value: null, leaderValue: 30, elapsedMs: 60_000, capMs: 600_000 })).toBeNull();
    expect(paceWords({ kind: 'leader_pace', aheadMs: -4200 })).toBe('4 s behind the leader’s pace');
    expect(paceWords({ kind: 'leader_mark', aheadMs: -30_000 })).toBe('reaches the leader’s mark in 30 s at this pace');
    expect(paceWords({ kind: 'leader_mark', aheadMs: 125_000 })).toBe('past the leader’s mark 2 min 5 s ago');
    expect(spanWords(4_200_000)).toBe('1 h 10 min');
  });

  it('counts places at stake from the standing before the attempt', () => {
    expect(placesAtStake(4, 2)).toBe(2);
    expect(placesAtStake(2, 5)).toBe(0);
    expect(placesAtStake(9, null)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 }), (standing, place) => {
        const stake = placesAtStake(standing, place);
        expect(stake).toBeGreaterThanOrEqual(0);
        expect(stake).toBe(Math.max(0, standing - place));
      }),
    );
  });

  it('is deterministic, whole, the sum of its parts, and rises with each fact (property)', () => {
    fc.assert(
      fc.property(candidate, fc.integer({ min: 1, max: 100 }), (f, more) => {
        const a = scoreCandidate(f);
        expect(scoreCandidate(f)).toEqual(a);
        expect(Number.isInteger(a.score)).toBe(true);
        expect(a.score).toBe(a.parts.place + a.parts.stake + a.parts.pace + a.parts.spectators);
        expect(scoreCandidate({ ...f, spectators: f.spectators + more }).score).toBeGreaterThanOrEqual(a.score);
        expect(scoreCandidate({ ...f, placesAtStake: f.placesAtStake + more }).score).toBeGreaterThanOrEqual(a.score);
        if (f.projectedPlace !== null && f.projectedPlace > 1)
          expect(scoreCandidate({ ...f, projectedPlace: f.projectedPlace - 1 }).score).toBeGreaterThanOrEqual(a.score);
      }),
    );
  });
});

describe('pace against the leader for every live score type', () => {
  const MIN = 60_000;
  it('paces a for-time attempt by reps done against the leader’s reps at the same time, or the clock against their time', () => {
    // The leader finished 60 reps in 4 minutes: after 1 minute their even pace had 15. Ana has 20: she did 20 by the
    // time the leader's pace had (20 s later); Bo has 10 (the leader's pace had 10 by 40 s: 20 s behind).
    const leader = { status: 'finished' as const, value: 4 * MIN };
    expect(forTimePace({ count: 20, elapsedMs: MIN, capMs: null, leader, workReps: 60 })).toEqual({ kind: 'leader_pace', aheadMs: 20_000 });
    expect(forTimePace({ count: 10, elapsedMs: MIN, capMs: null, leader, workReps: 60 })).toEqual({
      kind: 'leader_pace',
      aheadMs: -20_000,
    });
    // Every rep done (or more tapped): its margin if it finished now, the leader's time less the clock.
    expect(forTimePace({ count: 60, elapsedMs: 3 * MIN, capMs: null, leader, workReps: 60 })?.aheadMs).toBe(MIN);
    expect(forTimePace({ count: 75, elapsedMs: 5 * MIN, capMs: null, leader, workReps: 60 })?.aheadMs).toBe(-MIN);
    // The workout's reps unknown: the time left to beat the leader's time, then how far past it.
    expect(forTimePace({ count: 20, elapsedMs: MIN, capMs: null, leader, workReps: null })).toEqual({
      kind: 'leader_time',
      aheadMs: 3 * MIN,
    });
    expect(forTimePace({ count: 20, elapsedMs: 5 * MIN, capMs: null, leader, workReps: null })).toEqual({
      kind: 'leader_time',
      aheadMs: -MIN,
    });
    // Nobody finished: the leader's capped reps spread over the cap (80 reps in 10 minutes: 40 by 5 minutes).
    const capped = { status: 'capped' as const, value: 80 };
    expect(forTimePace({ count: 48, elapsedMs: 5 * MIN, capMs: 10 * MIN, leader: capped, workReps: 100 })).toEqual({
      kind: 'leader_pace',
      aheadMs: MIN,
    });
    expect(forTimePace({ count: 48, elapsedMs: 5 * MIN, capMs: null, leader: capped, workReps: null })).toBeNull();
    expect(forTimePace({ count: 5, elapsedMs: MIN, capMs: null, leader: null, workReps: 60 })).toBeNull();
    expect(forTimePace({ count: 5, elapsedMs: 0, capMs: null, leader, workReps: 60 })).toBeNull();
    expect(paceWords({ kind: 'leader_time', aheadMs: 3 * MIN })).toBe('3 min left to beat the leader’s time');
    expect(paceWords({ kind: 'leader_time', aheadMs: -65_000 })).toBe('past the leader’s time by 1 min 5 s');
    expect(paceWords({ kind: 'leader_time', aheadMs: 200 })).toBe('at the leader’s time');
    // Time left inside the leader's time earns nothing (a fresh attempt has the most); past it costs points.
    expect(scoreCandidate(facts(1, { pace: { kind: 'leader_time', aheadMs: 3 * MIN } })).parts.pace).toBe(0);
    expect(scoreCandidate(facts(1, { pace: { kind: 'leader_time', aheadMs: -20_000 } })).parts.pace).toBe(-10);
    expect(scoreCandidate(facts(1, { pace: { kind: 'leader_pace', aheadMs: 20_000 } })).parts.pace).toBe(10);
  });

  it('counted types pace on board values; load and distance have no live pace', () => {
    const leader = { status: 'finished' as const, value: 60 };
    for (const scoreType of ['reps', 'rounds_reps', 'calories', 'points'] as const)
      expect(livePace({ scoreType, value: 45, count: 45, elapsedMs: 5 * MIN, capMs: 10 * MIN, leader })).toEqual(
        paceAgainstLeader({ value: 45, leaderValue: 60, elapsedMs: 5 * MIN, capMs: 10 * MIN }),
      );
    expect(
      livePace({
        scoreType: 'time',
        value: null,
        count: 20,
        elapsedMs: MIN,
        capMs: null,
        leader: { status: 'finished', value: 4 * MIN },
        workReps: 60,
      }),
    ).toEqual({
      kind: 'leader_pace',
      aheadMs: 20_000,
    });
    for (const scoreType of ['load', 'distance'] as const)
      expect(livePace({ scoreType, value: 45, count: 45, elapsedMs: MIN, capMs: null, leader })).toBeNull();
    // Every type a live attempt supports gets a pace once there is a leader, a count and time run.
    for (const scoreType of SCORE_TYPES) {
      const pace = livePace({
        scoreType,
        value: 30,
        count: 30,
        elapsedMs: MIN,
        capMs: 10 * MIN,
        leader: { status: 'finished', value: 4 * MIN },
        workReps: 60,
      });
      expect(pace !== null).toBe((LIVE_SCORE_TYPES as readonly string[]).includes(scoreType));
    }
  });

  const forTime = fc.record({
    count: fc.integer({ min: 0, max: 500 }),
    elapsedMs: fc.integer({ min: 1, max: 60 * MIN }),
    capMs: fc.option(fc.integer({ min: MIN, max: 60 * MIN }), { nil: null }),
    leader: fc.oneof(
      fc.record({ status: fc.constant('finished' as const), value: fc.integer({ min: 1000, max: 60 * MIN }) }),
      fc.record({ status: fc.constant('capped' as const), value: fc.integer({ min: 1, max: 500 }) }),
    ),
    workReps: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
  });

  it('for time: more reps never lose ground, more time on the clock never gains it; ahead iff more reps than the leader’s pace had (property)', () => {
    fc.assert(
      fc.property(forTime, fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 5 * MIN }), (f, reps, ms) => {
        const pace = forTimePace(f);
        if (!pace) {
          expect(f.leader.status === 'capped' && f.capMs === null).toBe(true);
          return;
        }
        expect(Number.isInteger(pace.aheadMs)).toBe(true);
        expect(forTimePace({ ...f, count: f.count + reps })!.aheadMs).toBeGreaterThanOrEqual(pace.aheadMs);
        expect(forTimePace({ ...f, elapsedMs: f.elapsedMs + ms })!.aheadMs).toBeLessThanOrEqual(pace.aheadMs);
        // Reps done against the leader's even-pace reps at the same elapsed time (clear of rounding).
        const span = f.leader.status === 'capped' ? f.capMs! : f.leader.value;
        const of = f.leader.status === 'capped' ? f.leader.value : f.workReps;
        if (of !== null) {
          expect(pace.kind).toBe('leader_pace');
          const leaderReps = (of * f.elapsedMs) / span;
          const done = f.leader.status === 'finished' ? Math.min(f.count, of) : f.count;
          if (done - leaderReps > 1e-6 * of && pace.aheadMs !== 0) expect(pace.aheadMs).toBeGreaterThan(0);
          if (leaderReps - done > (of / span) * 1) expect(pace.aheadMs).toBeLessThan(0);
        } else {
          expect(pace).toEqual({ kind: 'leader_time', aheadMs: f.leader.value - f.elapsedMs });
        }
      }),
    );
  });

  it('a faster attempt on the same board never scores less for its pace (property)', () => {
    fc.assert(
      fc.property(forTime, fc.integer({ min: 1, max: 50 }), (f, reps) => {
        const slow = scoreCandidate(facts(1, { pace: forTimePace(f) }));
        const fast = scoreCandidate(facts(1, { pace: forTimePace({ ...f, count: f.count + reps }) }));
        expect(fast.parts.pace).toBeGreaterThanOrEqual(slow.parts.pace);
      }),
    );
  });
});

describe('the director rule', () => {
  it('keeps the featured attempt within the interval, then switches for a lead of the margin', () => {
    const weak = facts(1, { projectedPlace: 4 });
    const strong = facts(2, { projectedPlace: 1, placesAtStake: 3 });
    const s = { currentId: 1, pinnedId: null, lastSwitchAt: T0, now: T0 + 10_000 };
    expect(choose([weak, strong], s)).toMatchObject({ attemptId: 1, reason: 'waiting', nextSwitchAt: T0 + DIRECTOR_MIN_INTERVAL_MS });
    expect(choose([weak, strong], { ...s, now: T0 + DIRECTOR_MIN_INTERVAL_MS })).toMatchObject({
      attemptId: 2,
      reason: 'switched',
      nextSwitchAt: null,
    });
    // A lead under the margin is not enough.
    const close = facts(3, { projectedPlace: 3 });
    expect(scoreCandidate(close).score - scoreCandidate(weak).score).toBeLessThan(DIRECTOR_SWITCH_MARGIN);
    expect(choose([weak, close], { ...s, now: T0 + DIRECTOR_MIN_INTERVAL_MS })).toMatchObject({ attemptId: 1, reason: 'kept' });
    // The featured attempt ended: the best takes over at once, interval or not.
    expect(choose([close, strong], s)).toMatchObject({ attemptId: 2, reason: 'first' });
    expect(choose([], s)).toMatchObject({ attemptId: null, reason: 'none' });
    // A live pin wins over any score; an ended pin gives way.
    expect(choose([weak, strong], { ...s, pinnedId: 1, now: T0 + 10 * DIRECTOR_MIN_INTERVAL_MS })).toMatchObject({
      attemptId: 1,
      reason: 'pinned',
    });
    expect(choose([strong, close], { ...s, currentId: 1, pinnedId: 1 })).toMatchObject({ attemptId: 2, reason: 'first' });
  });

  it('never switches between live attempts within the interval (property)', () => {
    fc.assert(
      fc.property(candidates, anyState, fc.integer({ min: 0, max: DIRECTOR_MIN_INTERVAL_MS - 1 }), (cs, st, since) => {
        fc.pre(cs.length > 0);
        const current = cs[since % cs.length]!.attemptId;
        const s = { ...st, currentId: current, lastSwitchAt: st.now - since };
        const pinLive = st.pinnedId !== null && cs.some((c) => c.attemptId === st.pinnedId);
        const picked = choose(cs, s).attemptId;
        expect(picked).toBe(pinLive ? st.pinnedId : current);
      }),
    );
  });

  it('picks a live candidate or none, deterministically, whatever the order; a live pin always wins (property)', () => {
    fc.assert(
      fc.property(candidates, anyState, fc.integer(), (cs, s, seed) => {
        const choice = choose(cs, s);
        const ids = cs.map((c) => c.attemptId);
        if (cs.length === 0) expect(choice.attemptId).toBeNull();
        else expect(ids).toContain(choice.attemptId);
        if (s.pinnedId !== null && ids.includes(s.pinnedId)) expect(choice).toMatchObject({ attemptId: s.pinnedId, reason: 'pinned' });
        // Shuffled input, same pick and same ranking.
        const shuffled = [...cs].sort((a, b) => ((a.attemptId * 7919 + seed) % 13) - ((b.attemptId * 7919 + seed) % 13));
        expect(choose(shuffled, s)).toEqual(choice);
      }),
    );
  });

  it('ranks by score, ties by the lower attempt id (property)', () => {
    fc.assert(
      fc.property(candidates, (cs) => {
        const ranked = rankCandidates(cs);
        for (let i = 1; i < ranked.length; i++) {
          const [a, b] = [ranked[i - 1]!, ranked[i]!];
          expect(a.score > b.score || (a.score === b.score && a.attemptId < b.attemptId)).toBe(true);
        }
      }),
    );
    // Two equal candidates: the earlier attempt wins, both ways round.
    const twin = { projectedPlace: 2, placesAtStake: 1, spectators: 3 };
    expect(choose([facts(9, twin), facts(5, twin)], { currentId: null, pinnedId: null, lastSwitchAt: null, now: T0 }).attemptId).toBe(5);
    expect(choose([facts(5, twin), facts(9, twin)], { currentId: null, pinnedId: null, lastSwitchAt: null, now: T0 }).attemptId).toBe(5);
  });
});
