import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  challengeJoinMachine,
  joinRequest,
  TEAM_CHOICE_PROBLEM,
  TEAM_NAME_PROBLEM,
  type JoinBody,
  type JoinSetup,
} from '../../machines/challenge-join.ts';
import { challengeJoinSamples as samples } from '../../machines/challenge-join.samples.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './flow-replay.ts';
import { sampleEvents } from './sample-events.ts';

function drive(input: JoinSetup) {
  const clock = new SimulatedClock();
  const promises = new ControlledPromises();
  const sent: JoinBody[] = [];
  const toasts: string[] = [];
  const actor = createActor(
    challengeJoinMachine.provide({
      actors: {
        joinChallenge: fromPromise(({ input, self }) => {
          sent.push(input);
          return promises.wait(self.id);
        }),
      },
      actions: { notifyJoined: (_, { text }) => void toasts.push(text) },
    }),
    { clock, input },
  ).start();
  return { clock, promises, sent, toasts, actor };
}

describe('challenge join machine paths', () => {
  const paths = transitionPaths(challengeJoinMachine, {
    input: samples.input,
    events: sampleEvents(samples),
    // What would be sent (or what is missing) makes a state, not each keystroke.
    stateContext: (c) => ({ ready: 'body' in joinRequest(c), choice: c.teamChoice, problem: c.problem, hasEntry: c.hasEntry }),
  });

  it('reaches joining and comes back from a success and a refusal', () => {
    const ends = paths.map((p) => p.steps.at(-1)!.event.type as string);
    expect(ends).toContain('xstate.done.actor.joinChallenge');
    expect(ends).toContain('xstate.error.actor.joinChallenge');
    expect(paths.some((p) => p.state.value === 'joining')).toBe(true);
    for (const problem of [TEAM_NAME_PROBLEM, TEAM_CHOICE_PROBLEM]) {
      expect(paths.some((p) => p.steps.at(-1)!.event.type === 'join.submit' && p.state.context.problem === problem)).toBe(true);
    }
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { clock, promises, sent, toasts, actor } = drive(samples.input!);
      for (const step of path.steps) {
        const type = step.event.type as string;
        const before = actor.getSnapshot().context;
        const sentBefore = sent.length;
        await replayEvent(step.event, { actor, clock, promises, delayMs: () => 0 });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        expect(snap.context.problem).toBe(step.state.context.problem);
        if (type === 'join.submit') {
          const request = joinRequest(before);
          if ('body' in request) {
            expect(sent.slice(sentBefore)).toEqual([request.body]);
            // Joining a team challenge always names a team; the waiver answer is always sent.
            if (!before.hasEntry) expect('team_name' in request.body || 'team_id' in request.body).toBe(true);
            expect(request.body.waiver_accepted).toBe(before.waiverAccepted);
          } else {
            expect(sent).toHaveLength(sentBefore);
            expect([TEAM_NAME_PROBLEM, TEAM_CHOICE_PROBLEM]).toContain(snap.context.problem);
          }
        }
        if (type === 'xstate.done.actor.joinChallenge') {
          expect(toasts.at(-1)).toBe(before.hasEntry ? 'Division saved.' : 'You are in! Good luck in Spring Throwdown.');
          expect(snap.context.hasEntry).toBe(true);
        }
        if (type === 'xstate.error.actor.joinChallenge') expect(snap.context.problem).toBe('This team is full.');
      }
      actor.stop();
    });
  }
});

describe('joining', () => {
  it('an individual challenge sends the division and category only', async () => {
    const { actor, sent } = drive({ title: 'Fran', isTeamChallenge: false, requiresWaiver: false, entry: null });
    actor.send({ type: 'join.setSex', sex: 'male' });
    actor.send({ type: 'join.submit' });
    expect(sent).toEqual([{ division: 'rx', sex: 'male' }]);
  });

  it('an entry already in starts from its division and names no team', async () => {
    const { actor, sent, promises, toasts } = drive({
      title: 'Fran',
      isTeamChallenge: true,
      requiresWaiver: false,
      entry: { division: 'scaled', sex: 'female' },
    });
    actor.send({ type: 'join.submit' });
    expect(sent).toEqual([{ division: 'scaled', sex: 'female' }]);
    promises.settle('joinChallenge', { output: {} });
    await new Promise((r) => setTimeout(r, 0));
    expect(toasts).toEqual(['Division saved.']);
  });

  it('a team name is trimmed and checked for length', () => {
    const { actor, sent } = drive(samples.input!);
    actor.send({ type: 'join.setTeamName', name: '  ' + 'x'.repeat(61) + ' ' });
    actor.send({ type: 'join.submit' });
    expect(actor.getSnapshot().context.problem).toBe('A team name has 2 to 60 characters.');
    actor.send({ type: 'join.setTeamName', name: ' ab ' });
    actor.send({ type: 'join.submit' });
    expect(sent).toEqual([{ division: 'rx', waiver_accepted: false, team_name: 'ab' }]);
  });
});
