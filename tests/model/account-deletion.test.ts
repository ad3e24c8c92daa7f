import { describe, expect, it } from 'vitest';
import { CODE_FORMAT_TEXT, PASSWORD_MISSING_TEXT } from '#machines/account-deletion.ts';
import samples from './samples/account-deletion.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';

const graph = graphOf({ name: 'account-deletion', samples: samples as never });

describe('account deletion chart: generated paths', () => {
  it('reaches every step, the way back from each refusal, and the scheduled end', () => {
    const reached = new Set(graph.paths.flatMap((p) => p.steps.map((s) => s.value)));
    expect([...reached].sort()).toEqual(['confirming', 'enteringCode', 'enteringPassword', 'idle', 'scheduled', 'sendingCode']);
    const lastEvents = graph.paths.map((p) => p.steps.at(-1)?.event.type);
    expect(lastEvents).toContain('xstate.error.actor.sendCode');
    expect(lastEvents).toContain('xstate.error.actor.confirmDeletion');
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      let scheduledNotes = 0;
      await drivePath(samples, path, {
        overrides: { actions: { notifyScheduled: () => void (scheduledNotes += 1) } },
        onStep: ({ type, event, snap, replay }) => {
          if (type === 'deletion.password') {
            const password = (event as unknown as { password: string }).password;
            if (password) {
              // The password goes to the server as typed; nothing else is sent.
              expect(snap.matches('sendingCode')).toBe(true);
              expect(replay.calls.at(-1)?.input).toEqual({ password });
            } else if (snap.matches('enteringPassword')) {
              expect(snap.context.error).toBe(PASSWORD_MISSING_TEXT);
            }
          }
          if (type === 'deletion.code') {
            const code = (event as unknown as { code: string }).code;
            if (/^\d{6}$/.test(code.trim())) expect(replay.calls.at(-1)?.input).toEqual({ code: code.trim() });
            else if (snap.matches('enteringCode')) expect(snap.context.error).toBe(CODE_FORMAT_TEXT);
          }
          if (type === 'xstate.error.actor.sendCode') {
            expect(snap.matches('enteringPassword')).toBe(true);
            expect(snap.context.error).toBe('That password is not right.');
          }
          if (type === 'xstate.error.actor.confirmDeletion') {
            expect(snap.matches('enteringCode')).toBe(true);
            expect(snap.context.error).toMatch(/code is wrong/);
          }
          if (type === 'xstate.done.actor.confirmDeletion') {
            expect(snap.status).toBe('done');
            expect(snap.context.eraseAfter).toBe('2026-12-07T10:00:00.000Z');
            expect(scheduledNotes).toBe(1);
          }
          if (type === 'deletion.cancel') expect(snap.context.error).toBeNull();
        },
      });
    });
  });
});
