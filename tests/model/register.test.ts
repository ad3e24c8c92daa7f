import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  REGISTER_MISSING_TEXT,
  REGISTER_SHORT_PASSWORD_TEXT,
  registerMachine,
  registerPayload,
  type RegisterEvent,
  type RegisterFields,
} from '../../machines/register.ts';
import samples from '../../machines/register.samples.ts';
import { MIN_PASSWORD_LENGTH } from '../../domain/constants.ts';
import { ControlledPromises, replayEvent, transitionPaths } from './flow-replay.ts';

const events = [
  ...Object.values(samples.events).flat(),
  { type: 'xstate.done.actor.registerAccount', output: samples.actors!.registerAccount!.output },
  { type: 'xstate.error.actor.registerAccount', error: samples.actors!.registerAccount!.error },
] as unknown as RegisterEvent[];

describe('register machine paths', () => {
  const paths = transitionPaths(registerMachine, {
    events,
    stateContext: (c) => ({ email: !!c.fields.email, name: !!c.fields.display_name, pw: c.fields.password.length, problem: c.problem }),
  });

  it('reaches every state, and a refusal from the server', () => {
    expect([...new Set(paths.map((p) => p.state.value))].sort()).toEqual(['editing', 'registered', 'submitting']);
    expect(paths.some((p) => (p.steps.at(-1)?.event.type as string) === 'xstate.error.actor.registerAccount')).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const promises = new ControlledPromises();
      const sent: RegisterFields[] = [];
      const registered: { email: string; message: string }[] = [];
      const actor = createActor(
        registerMachine.provide({
          actors: {
            registerAccount: fromPromise(({ input, self }) => {
              sent.push(input);
              return promises.wait(self.id);
            }),
          },
          actions: { notifyRegistered: (_, p) => void registered.push(p) },
        }),
        { clock },
      ).start();
      for (const step of path.steps) {
        const type = step.event.type as string;
        const before = actor.getSnapshot().context.fields;
        const sentBefore = sent.length;
        await replayEvent(step.event, { actor, clock, promises, delayMs: () => 0 });
        const snap = actor.getSnapshot();
        expect(snap.value, type).toEqual(step.state.value);
        if (type === 'register.submit') {
          const missing = !before.email.trim() || !before.display_name.trim() || !before.password;
          if (missing) expect(snap.context.problem).toBe(REGISTER_MISSING_TEXT);
          else if (before.password.length < MIN_PASSWORD_LENGTH) expect(snap.context.problem).toBe(REGISTER_SHORT_PASSWORD_TEXT);
          if (snap.matches('submitting')) expect(sent.at(-1)).toEqual(registerPayload(before));
          else expect(sent).toHaveLength(sentBefore);
        }
        if (type === 'xstate.error.actor.registerAccount') {
          expect(snap.context.problem).toBe('An account with this email already exists.');
          expect(snap.context.fields).toEqual(before);
        }
        if (type === 'xstate.done.actor.registerAccount') {
          expect(registered.at(-1)).toEqual({ email: 'ana@example.com', message: 'Check your email to confirm your account.' });
          expect(snap.status).toBe('done');
        }
      }
      actor.stop();
    });
  }
});
