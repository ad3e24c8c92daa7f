import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { APPEAL_REASON } from '#domain/judging.ts';
import { APPEAL_TOO_SHORT_TEXT, verdictAppealMachine } from '#machines/verdict-appeal.ts';
import samples from './samples/verdict-appeal.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'verdict-appeal', samples: samples as never });

describe('verdict-appeal chart: generated paths', () => {
  it('reaches every state, with a refusal and a failure on the way', () => {
    const steps = graph.paths.flatMap((p) => p.steps);
    expect([...new Set(steps.map((s) => s.value as string))].sort()).toEqual(['closed', 'open', 'sending', 'sent']);
    expect(steps.some((s) => (s.context as { problem: string | null }).problem === APPEAL_TOO_SHORT_TEXT)).toBe(true);
    expect(steps.some((s) => s.event.type === 'xstate.error.actor.sendAppeal')).toBe(true);
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      let sent = 0;
      await drivePath(samples, path, {
        overrides: { actions: { notifySent: () => void sent++ } },
        onStep: ({ type, before, snap, calls }) => {
          if (type === 'appeal.submit' && before.value === 'open') {
            const reason = before.context.reason.trim();
            if (reason.length < APPEAL_REASON.min) {
              expect(calls).toEqual([]);
              expect(snap.context.problem).toBe(APPEAL_TOO_SHORT_TEXT);
            } else expect(calls.map((c) => c.input)).toEqual([{ reason }]);
          }
          if (type === 'xstate.done.actor.sendAppeal') expect(sent).toBe(1);
          if (type === 'xstate.error.actor.sendAppeal') {
            expect(snap.context.problem).toBe('This verdict was appealed already.');
            expect(snap.context.reason).toBe(before.context.reason);
          }
          // Closing keeps what was typed.
          if (type === 'appeal.cancel') expect(snap.context).toEqual(before.context);
        },
      });
    });
  });
});

it('keeps at most the longest reason allowed', () => {
  const actor = createActor(verdictAppealMachine).start();
  actor.send({ type: 'appeal.open' });
  actor.send({ type: 'appeal.edit', value: 'x'.repeat(APPEAL_REASON.max + 5) });
  expect(actor.getSnapshot().context.reason).toHaveLength(APPEAL_REASON.max);
});
