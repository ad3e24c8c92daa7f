import { describe, expect, it } from 'vitest';
import {
  BOARD_PROBLEM,
  joinRequest,
  needsSignature,
  signatureRequest,
  TEAM_CHOICE_PROBLEM,
  TEAM_NAME_PROBLEM,
  type JoinBody,
  type JoinSetup,
} from '#machines/challenge-join.ts';
import { WAIVER_AGREE_PROBLEM, WAIVER_NAME_PROBLEM } from '#domain/legal.ts';
import samples from './samples/challenge-join.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';
import { flush, startReplay } from './replay.ts';

const PROBLEMS = [BOARD_PROBLEM, TEAM_NAME_PROBLEM, TEAM_CHOICE_PROBLEM, WAIVER_NAME_PROBLEM, WAIVER_AGREE_PROBLEM];
const graph = graphOf({ name: 'challenge-join', samples: samples as never });

/** The page's toast, heard. */
function toastRecorder() {
  const toasts: string[] = [];
  return { toasts, actions: { notifyJoined: (_: unknown, { text }: { text: string }) => void toasts.push(text) } };
}

describe('challenge join chart: generated paths', () => {
  it('reaches signing and joining and comes back from a success and a refusal of each', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    const events = steps.map((s) => s.event.type);
    for (const actor of ['signWaiver', 'joinChallenge']) {
      expect(events).toContain(`xstate.done.actor.${actor}`);
      expect(events).toContain(`xstate.error.actor.${actor}`);
    }
    expect(steps.some((s) => s.value === 'joining')).toBe(true);
    expect(steps.some((s) => s.value === 'signingWaiver')).toBe(true);
    for (const problem of PROBLEMS) {
      expect(steps.some((s) => s.event.type === 'join.submit' && (s.context as { problem: unknown }).problem === problem)).toBe(true);
    }
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      const { toasts, actions } = toastRecorder();
      await drivePath(samples, path, {
        overrides: { actions },
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'join.submit') {
            const request = joinRequest(before.context);
            if ('body' in request) {
              // Without a signature of the current waiver, the typed name and the box sign it first; nothing joins yet.
              const signature = signatureRequest(before.context);
              if (needsSignature(before.context) && 'body' in signature) {
                expect(calls.map((c) => c.input)).toEqual([signature.body]);
                expect(signature.body).toEqual({ version: 2, full_name: before.context.waiverName.trim(), agreed: true });
                expect(snap.value).toBe('signingWaiver');
              } else {
                expect(calls.map((c) => c.input)).toEqual([request.body]);
                expect(snap.value).toBe('joining');
              }
              // Joining a team challenge always names a team; the waiver answer is always sent.
              if (!before.context.hasEntry) expect('team_name' in request.body || 'team_id' in request.body).toBe(true);
              expect(request.body.waiver_accepted).toBe(before.context.waiverSigned || before.context.waiverAccepted);
              // A new athlete on a challenge with women's and men's boards always names theirs; the profile changes only when asked.
              if (!before.context.hasEntry) expect(request.body.sex).toBeDefined();
              if (request.body.save_sex_to_profile) {
                expect(before.context.saveSex).toBe(true);
                expect(request.body.sex).not.toBe(before.context.profileSex);
              }
            } else {
              expect(calls).toEqual([]);
              expect(PROBLEMS).toContain(snap.context.problem);
            }
          }
          if (type === 'xstate.done.actor.signWaiver') {
            // Signed, the join goes out at once with the same form.
            expect(snap.context.waiverSigned).toBe(true);
            expect(snap.value).toBe('joining');
            const request = joinRequest(snap.context);
            expect('body' in request && calls.map((c) => c.input)).toEqual([(request as { body: JoinBody }).body]);
          }
          if (type === 'xstate.error.actor.signWaiver') {
            expect(snap.value).toBe('editing');
            expect(snap.context.waiverSigned).toBe(false);
            expect(snap.context.problem).toContain('The waiver changed');
          }
          if (type === 'xstate.done.actor.joinChallenge') {
            expect(toasts.at(-1)).toBe(before.context.hasEntry ? 'Division saved.' : 'You are in! Good luck in Spring Throwdown.');
            expect(snap.context.hasEntry).toBe(true);
          }
          if (type === 'xstate.error.actor.joinChallenge') expect(snap.context.problem).toBe('This team is full.');
        },
      });
    });
  });
});

describe('joining', () => {
  const start = (setup: JoinSetup) => {
    const { toasts, actions } = toastRecorder();
    const replay = startReplay(samples, { input: setup }, { actions });
    return { ...replay, toasts, sent: () => replay.calls.map((c) => c.input as JoinBody) };
  };

  it('an individual challenge sends the division and category only', () => {
    const { actor, sent } = start({ title: 'Fran', isTeamChallenge: false, requiresWaiver: false, entry: null });
    actor.send({ type: 'join.setSex', sex: 'male' });
    actor.send({ type: 'join.submit' });
    expect(sent()).toEqual([{ division: 'rx', sex: 'male' }]);
  });

  it('a challenge with women’s and men’s boards asks for the board before joining, starting from the profile', () => {
    const setup = { title: 'Fran', isTeamChallenge: false, requiresWaiver: false, entry: null, sexBoards: true };
    const unknown = start({ ...setup, profileSex: null });
    unknown.actor.send({ type: 'join.submit' });
    expect(unknown.actor.getSnapshot().context.problem).toBe(BOARD_PROBLEM);
    expect(unknown.sent()).toEqual([]);
    unknown.actor.send({ type: 'join.setSex', sex: 'female' });
    unknown.actor.send({ type: 'join.setSaveSex', save: true });
    unknown.actor.send({ type: 'join.submit' });
    expect(unknown.sent()).toEqual([{ division: 'rx', sex: 'female', save_sex_to_profile: true }]);

    const known = start({ ...setup, profileSex: 'female' });
    known.actor.send({ type: 'join.setSaveSex', save: true });
    known.actor.send({ type: 'join.submit' });
    // The profile says so already: nothing to save.
    expect(known.sent()).toEqual([{ division: 'rx', sex: 'female' }]);
  });

  it('an open board lets the athlete keep their sex to themselves', () => {
    const { actor, sent } = start({ title: 'Fran', isTeamChallenge: false, requiresWaiver: false, entry: null, profileSex: null });
    actor.send({ type: 'join.submit' });
    expect(sent()).toEqual([{ division: 'rx' }]);
  });

  it('an entry already in starts from its division and names no team', async () => {
    const { actor, sent, promises, toasts } = start({
      title: 'Fran',
      isTeamChallenge: true,
      requiresWaiver: false,
      entry: { division: 'scaled', sex: 'female' },
    });
    actor.send({ type: 'join.submit' });
    expect(sent()).toEqual([{ division: 'scaled', sex: 'female' }]);
    promises.settle('joinChallenge', { output: {} });
    await flush();
    expect(toasts).toEqual(['Division saved.']);
  });

  it('a team name is trimmed and checked for length', () => {
    const { actor, sent } = start({ ...samples.input!, waiver: { version: 2, signed: true } });
    actor.send({ type: 'join.setTeamName', name: '  ' + 'x'.repeat(61) + ' ' });
    actor.send({ type: 'join.submit' });
    expect(actor.getSnapshot().context.problem).toBe('A team name has 2 to 60 characters.');
    actor.send({ type: 'join.setTeamName', name: ' ab ' });
    actor.send({ type: 'join.submit' });
    expect(sent()).toEqual([{ division: 'rx', sex: 'male', waiver_accepted: true, team_name: 'ab' }]);
  });

  it('a new athlete without a signature of the current waiver signs it inline, then joins', async () => {
    const { actor, calls, promises, toasts } = start(samples.input!);
    actor.send({ type: 'join.setTeamName', name: 'Bandits' });
    actor.send({ type: 'join.submit' });
    expect(actor.getSnapshot().context.problem).toBe(WAIVER_NAME_PROBLEM);
    actor.send({ type: 'join.setWaiverName', name: '  Ana Silva ' });
    actor.send({ type: 'join.submit' });
    expect(actor.getSnapshot().context.problem).toBe(WAIVER_AGREE_PROBLEM);
    expect(calls).toEqual([]);
    actor.send({ type: 'join.setWaiver', accepted: true });
    actor.send({ type: 'join.submit' });
    expect(calls.map((c) => c.input)).toEqual([{ version: 2, full_name: 'Ana Silva', agreed: true }]);
    promises.settle('signWaiver', { output: {} });
    await flush();
    expect(calls.map((c) => c.input).at(-1)).toEqual({ division: 'rx', sex: 'male', waiver_accepted: true, team_name: 'Bandits' });
    promises.settle('joinChallenge', { output: {} });
    await flush();
    expect(toasts).toEqual(['You are in! Good luck in Spring Throwdown.']);
  });
});
