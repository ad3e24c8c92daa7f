import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  NO_VIDEO,
  readScore,
  scoreSubmissionMachine,
  scoreVideoFields,
  emptyScoreFields,
  submissionBody,
} from '#machines/score-submission.ts';
import samples from './samples/score-submission.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const rules = samples.input!.rules;
const graph = graphOf({ name: 'score-submission', samples: samples as never });

describe('score submission chart: generated paths', () => {
  it('reaches editing, submitting and saved, and comes back from a refusal', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    // A video that cannot be sent is refused before the score is read, and one that can goes with it.
    const submits = steps.filter((s) => s.event.type === 'score.submit');
    expect(submits.some((s) => (s.context as { videoProblem: string | null }).videoProblem === 'Choose one of your videos.')).toBe(true);
    expect(submits.some((s) => s.value === 'submitting' && (s.context as { videoReady: boolean }).videoReady)).toBe(true);
    expect(new Set(steps.map((s) => s.value))).toEqual(new Set(['editing', 'submitting', 'saved']));
    const events = steps.map((s) => s.event.type);
    expect(events).toContain('xstate.error.actor.submitScore');
    expect(events).toContain('score.another');
    // A score that cannot be read is refused with the reason, and nothing is sent.
    expect(steps.some((s) => s.event.type === 'score.submit' && s.value === 'editing' && (s.context as { problem: unknown }).problem)).toBe(
      true,
    );
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'score.submit') {
            const read = readScore(rules, before.context.fields);
            const video = scoreVideoFields(before.context.video);
            if ('problem' in video) {
              // The video is checked first, once, here: nothing is sent and the score's problem stays as it was.
              expect(calls).toEqual([]);
              expect(snap.context.videoProblem).toBe(video.problem);
              expect(snap.context.problem).toBe(before.context.problem);
            } else if ('body' in read) {
              // What is sent is what the athlete typed, read by the domain, with the video's fields.
              const sent = calls.map((c) => c.input as { body: unknown; idempotencyKey: string });
              expect(sent.map((c) => c.body)).toEqual([{ ...read.body, ...video }]);
              expect(sent.map((c) => c.body)).toEqual([submissionBody(before.context)]);
              // One Idempotency-Key per attempt: a retry of the same body keeps it, a changed body gets a new one.
              const held = before.context.attempt;
              const key = sent[0]!.idempotencyKey;
              expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
              if (held && held.body === JSON.stringify(submissionBody(before.context))) expect(key).toBe(held.key);
              else expect(key).not.toBe(held?.key);
              expect(snap.hasTag('busy')).toBe(true);
              expect(snap.context.videoProblem).toBeNull();
            } else {
              expect(calls).toEqual([]);
              expect(snap.context.problem).toBe(read.problem);
              expect(snap.context.videoProblem).toBeNull();
            }
          }
          if (type === 'xstate.error.actor.submitScore') {
            expect(snap.context.problem).toBe('This challenge has closed.');
            expect(snap.context.fields).toEqual(before.context.fields);
          }
          if (type === 'xstate.done.actor.submitScore') expect(snap.context.saved).toEqual(samples.actors!.submitScore!.output);
          if (type === 'score.another') {
            expect(snap.context.saved).toBeNull();
            expect(snap.context.fields).toEqual(before.context.fields);
            // The video was the last score's: the next starts without one, and as a new attempt.
            expect(snap.context.video).toEqual(NO_VIDEO);
            expect(snap.context.attempt).toBeNull();
          }
        },
      });
    });
  });
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

  it('sends the video with the score: a checked link, or the chosen upload', () => {
    const actor = createActor(scoreSubmissionMachine, { input: { rules: r('reps') } }).start();
    actor.send({ type: 'score.update', field: 'reps', value: '25' });
    actor.send({ type: 'score.setVideo', video: { kind: 'link', videoId: '', url: ' https://vimeo.com/123456 ' } });
    expect(submissionBody(actor.getSnapshot().context)).toEqual({ reps: 25, video_url: 'https://vimeo.com/123456' });
    actor.send({ type: 'score.setVideo', video: { kind: 'upload', videoId: 'v-1', url: '' } });
    expect(submissionBody(actor.getSnapshot().context)).toEqual({ reps: 25, video_id: 'v-1' });
  });

  it('does not wait for an upload made from the form: one still processing is sent, and the server holds the score for it', () => {
    const actor = createActor(scoreSubmissionMachine, { input: { rules: r('reps') } }).start();
    actor.send({ type: 'score.update', field: 'reps', value: '25' });
    actor.send({ type: 'score.setVideo', video: { kind: 'upload', videoId: 'v-2', url: '', processing: true } });
    expect(submissionBody(actor.getSnapshot().context)).toEqual({ reps: 25, video_id: 'v-2' });
    actor.send({ type: 'score.submit' });
    expect(actor.getSnapshot().context.videoProblem).toBeNull();
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
  });

  it('still asks for the video while an upload has none yet (its upload has not finished)', () => {
    const actor = createActor(scoreSubmissionMachine, { input: { rules: r('reps') } }).start();
    actor.send({ type: 'score.update', field: 'reps', value: '25' });
    actor.send({ type: 'score.setVideo', video: { kind: 'upload', videoId: '', url: '' } });
    actor.send({ type: 'score.submit' });
    expect(actor.getSnapshot().context.videoProblem).toBe('Choose one of your videos.');
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('never keeps a note longer than the limit', () => {
    const actor = createActor(scoreSubmissionMachine, { input: { rules: r('reps') } }).start();
    actor.send({ type: 'score.update', field: 'note', value: 'n'.repeat(900) });
    expect(actor.getSnapshot().context.fields.note).toHaveLength(500);
  });

  it('starts weights and distances in the athlete’s units: lb and mi for imperial, kg and km otherwise', () => {
    const start = (units?: 'metric' | 'imperial') =>
      createActor(scoreSubmissionMachine, { input: { rules: r('load'), units } })
        .start()
        .getSnapshot().context.fields;
    expect(start('imperial')).toMatchObject({ loadUnit: 'lb', distanceUnit: 'mi' });
    expect(start('metric')).toMatchObject({ loadUnit: 'kg', distanceUnit: 'km' });
    expect(start()).toMatchObject({ loadUnit: 'kg', distanceUnit: 'km' });
    // 225 typed in lb is sent as lb: the server stores it exactly, in grams.
    const actor = createActor(scoreSubmissionMachine, { input: { rules: r('load'), units: 'imperial' } }).start();
    actor.send({ type: 'score.update', field: 'amount', value: '225' });
    expect(readScore(r('load'), actor.getSnapshot().context.fields)).toEqual({ body: { load_value: 225, load_unit: 'lb' } });
  });
});
