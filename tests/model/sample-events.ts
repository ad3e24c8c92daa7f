import type { AnyStateMachine, EventObject } from 'xstate';
import type { MachineSamples } from '../../machines/samples.ts';

/**
 * The events a sample table gives path generation: every sample payload, and for
 * each invoked actor (invoked with id = src) its done and error events.
 */
export function sampleEvents<M extends AnyStateMachine>(samples: MachineSamples<M>): EventObject[] {
  const events: EventObject[] = Object.values(samples.events).flat() as EventObject[];
  for (const [src, sample] of Object.entries(samples.actors ?? {})) {
    for (const output of 'output' in sample ? [sample.output] : (sample.outputs ?? []))
      events.push({ type: `xstate.done.actor.${src}`, output } as EventObject);
    for (const error of 'error' in sample ? [sample.error] : (sample.errors ?? []))
      events.push({ type: `xstate.error.actor.${src}`, error } as EventObject);
  }
  return events;
}
