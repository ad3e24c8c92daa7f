import { describe, expect, it } from 'vitest';
import { resendRemainingMs } from '#machines/login.ts';
import samples, { codeSentSample, signedInSample } from './samples/login.samples.ts';
import { graphOf } from './charts.ts';
import { drivePath } from './drive.ts';
import { replayEvent, startReplay } from './replay.ts';

const graph = graphOf({ name: 'login', samples: samples as never });

describe('login chart: generated paths', () => {
  it('covers every state', () => {
    const reached = new Set(graph.paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.value))));
    for (const v of [
      '"requestingCode"',
      '{"code":"resendLocked"}',
      '{"code":"resendReady"}',
      '"resendingCode"',
      '"verifying"',
      '"signedIn"',
      '"credentials"',
    ]) {
      expect(reached).toContain(v);
    }
  });

  graph.paths.forEach((path, i) => {
    it(`#${i + 1} ${path.description}`, async () => {
      await drivePath(samples, path, {
        onStep: ({ type, snap, replay }) => {
          if (type === 'login.submitCredentials' && snap.matches('requestingCode')) {
            expect(replay.calls.at(-1)!.input).toEqual({ email: 'ana@example.test', password: 'correct horse' });
          }
          if (type === 'login.submitCode' && snap.matches('verifying')) {
            expect(replay.calls.at(-1)!.input).toEqual({ email: 'ana@example.test', code: '123456' });
          }
          if (type === 'xstate.done.actor.requestCode' || type === 'xstate.done.actor.resendCode') {
            // The countdown starts at the send, on the actor's clock.
            expect(resendRemainingMs(snap.context, replay.clock.now())).toBe(codeSentSample.resend_after_seconds * 1000);
          }
          if (snap.matches('signedIn')) expect(snap.output).toEqual(signedInSample);
          if (type.startsWith('xstate.error')) expect(snap.context.error).toBeTruthy();
        },
      });
    });
  });

  it('keeps the resend countdown running after a wrong code', async () => {
    const replay = startReplay(samples, { input: undefined });
    const { actor } = replay;
    actor.send({ type: 'login.submitCredentials', email: 'a@b.test', password: 'pw' });
    await replayEvent({ type: 'xstate.done.actor.requestCode', output: codeSentSample } as never, replay);
    replay.clock.increment(5_000);
    expect(actor.getSnapshot().matches({ code: 'resendLocked' })).toBe(true);
    actor.send({ type: 'login.submitCode', code: '000000' });
    await replayEvent({ type: 'xstate.error.actor.verifyCode', error: new Error('wrong') } as never, replay);
    expect(actor.getSnapshot().matches({ code: 'resendLocked' })).toBe(true);
    expect(replay.clock.msUntil('xstate.after.RESEND_COOLDOWN.login.code.resendLocked')).toBe(55_000);
    actor.stop();
  });
});
