import type { ActorSystem } from 'xstate';

/**
 * The time as the actor system's clock tells it: a SimulatedClock in tests and path
 * replays (so every timed branch can be driven), the wall clock in the app.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any machine's system
export function clockNow(system: ActorSystem<any> | undefined): number {
  const clock = (system as { _clock?: { now?: () => number } } | undefined)?._clock;
  return typeof clock?.now === 'function' ? clock.now() : Date.now();
}
