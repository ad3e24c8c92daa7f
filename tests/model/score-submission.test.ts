import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { readScore, scoreSubmissionMachine, emptyScoreFields, type ScoreBody } from '../../machines/score-submission.ts';
import { scoreSubmissionSamples as samples } from '../../machines/score-submission.samples.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './flow-replay.ts';
import { sampleEvents } from './sample-events.ts';

const rules = samples.input!.rules;

describe('score submission machine paths', () => {
  const paths = transitionPaths(scoreSubmissionMachine, {
    input: samples.input,
    events: sampleEvents(samples),
    // Whether the typed fields can be sent, not the keystrokes, makes a state.
    stateContext: (c) => ({
      readable: 'body' in readScore(c.rules, c.fields),
      capped: c.fields.capped,
      problem: c.problem,
      saved: c.saved !== null,
    }),
  });

  it('reaches editing, submitting and saved, and comes back from a refusal', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['editing', 'submitting', 'saved']));
    const ends = paths.map((p) => p.steps.at(-1)!.event.type as string);
    expect(ends).toContain('xstate.error.actor.submitScore');
    expect(ends).toContain('score.another');
    // A score that cannot be read is refused with the reason, and nothing is sent.
    expect(paths.some((p) => p.steps.at(-1)!.event.type === 'score.submit' && p.state.matches('editing') && p.state.context.problem)).toBe(
      true,
    );
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const promises = new ControlledPromises();
      const sent: ScoreBody[] = [];
      const actor = createActor(
        scoreSubmissionMachine.provide({
          actors: {
            submitScore: fromPromise(({ input, self }) => {
              sent.push(input);
              return promises.wait(self.id);
            }),
          },
        }),
        { clock, input: samples.input },
      ).start();
      for (const step of path.steps) {
        const type = step.event.type as string;
        const before = actor.getSnapshot().context;
        const sentBefore = sent.length;
        await replayEvent(step.event, { actor, clock, promises, delayMs: () => 0 });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        expect(snap.context.problem).toBe(step.state.context.problem);
        if (type === 'score.submit') {
          const read = readScore(rules, before.fields);
          if ('body' in read) {
            // What is sent is what the athlete typed, read by the domain.
            expect(sent).toEqual([...sent.slice(0, sentBefore), read.body]);
            expect(snap.hasTag('busy')).toBe(true);
          } else {
            expect(sent).toHaveLength(sentBefore);
            expect(snap.context.problem).toBe(read.problem);
          }
        }
        if (type === 'xstate.error.actor.submitScore') {
          expect(snap.context.problem).toBe('This challenge has closed.');
          expect(snap.context.fields).toEqual(before.fields);
        }
        if (type === 'xstate.done.actor.submitScore') expect(snap.context.saved).toEqual(samples.actors!.submitScore!.output);
        if (type === 'score.another') {
          expect(snap.context.saved).toBeNull();
          expect(snap.context.fields).toEqual(before.fields);
        }
      }
      actor.stop();
    });
  }
});

describe('reading a typed score', () => {
  const f = (over: Partial<typeof emptyScoreFields>) => ({ ...emptyScoreFields, ...over });
  const r = (score_type: (typeof rules)['score_type'], has_tiebreak = false) => ({ score_type, time_cap_seconds: null, has_tiebreak });
  it.each([
    [r('time'), f({ time: '1:02:03' }), { body: { time_ms: 3_723_000 } }],
    [r('time'), f({ time: '' }), { problem: 'Enter a time such as 6:45 or 1:02:03.' }],
    [r('time'), f({ capped: true, reps: '12x' }), { problem: '“12x” is not a number: use digits only, such as 25.' }],
    [r('reps'), f({ reps: '25', note: '  ok ' }), { body: { reps: 25, note: 'ok' } }],
    [r('rounds_reps'), f({ rounds: '5' }), { body: { rounds: 5, reps: 0 } }],
    [r('rounds_reps'), f({ rounds: '' }), { problem: 'Enter rounds.' }],
    [r('calories'), f({ amount: '60' }), { body: { calories: 60 } }],
    [r('points'), f({ amount: 'many' }), { problem: '“many” is not a number: use digits only, such as 25.' }],
    [r('load'), f({ amount: '102.5', loadUnit: 'lb' }), { body: { load_value: 102.5, load_unit: 'lb' } }],
    [r('load'), f({ amount: '0' }), { problem: 'Enter the load, more than zero.' }],
    [r('distance'), f({ amount: '5' }), { body: { distance_value: 5, distance_unit: 'km' } }],
    [r('distance'), f({ amount: '' }), { problem: 'Enter the distance.' }],
    [r('reps', true), f({ reps: '9', tiebreak: '2:00' }), { body: { reps: 9, tiebreak_ms: 120_000 } }],
    [r('reps', false), f({ reps: '9', tiebreak: '2:00' }), { body: { reps: 9 } }],
  ])('%o with %o reads as %o', (rules, fields, expected) => {
    expect(readScore(rules, fields)).toEqual(expected);
  });

  it('never keeps a note longer than the limit', () => {
    const actor = createActor(scoreSubmissionMachine, { input: { rules: r('reps') } }).start();
    actor.send({ type: 'score.update', field: 'note', value: 'n'.repeat(900) });
    expect(actor.getSnapshot().context.fields.note).toHaveLength(500);
  });
});
