import { describe, expect, it } from 'vitest';
import { joinRequest, TEAM_CHOICE_PROBLEM, TEAM_NAME_PROBLEM, type JoinBody, type JoinSetup } from '../../machines/challenge-join.ts';
import samples from '../../machines/challenge-join.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';
import { flush, startReplay } from './replay.ts';

const graph = graphOf({ name: 'challenge-join', samples: samples as never });

/** The page's toast, heard. */
function toastRecorder() {
  const toasts: string[] = [];
  return { toasts, actions: { notifyJoined: (_: unknown, { text }: { text: string }) => void toasts.push(text) } };
}

describe('challenge join chart: generated paths', () => {
  it('reaches joining and comes back from a success and a refusal', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    const events = steps.map((s) => s.event.type);
    expect(events).toContain('xstate.done.actor.joinChallenge');
    expect(events).toContain('xstate.error.actor.joinChallenge');
    expect(steps.some((s) => s.value === 'joining')).toBe(true);
    for (const problem of [TEAM_NAME_PROBLEM, TEAM_CHOICE_PROBLEM]) {
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
              expect(calls.map((c) => c.input)).toEqual([request.body]);
              // Joining a team challenge always names a team; the waiver answer is always sent.
              if (!before.context.hasEntry) expect('team_name' in request.body || 'team_id' in request.body).toBe(true);
              expect(request.body.waiver_accepted).toBe(before.context.waiverAccepted);
            } else {
              expect(calls).toEqual([]);
              expect([TEAM_NAME_PROBLEM, TEAM_CHOICE_PROBLEM]).toContain(snap.context.problem);
            }
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
    const { actor, sent } = start(samples.input!);
    actor.send({ type: 'join.setTeamName', name: '  ' + 'x'.repeat(61) + ' ' });
    actor.send({ type: 'join.submit' });
    expect(actor.getSnapshot().context.problem).toBe('A team name has 2 to 60 characters.');
    actor.send({ type: 'join.setTeamName', name: ' ab ' });
    actor.send({ type: 'join.submit' });
    expect(sent()).toEqual([{ division: 'rx', waiver_accepted: false, team_name: 'ab' }]);
  });
});
