import { defineSamples } from '../samples.ts';
import { adminTestingMachine } from '#machines/admin-testing.ts';

export default defineSamples({
  machine: adminTestingMachine,
  events: {
    'checks.runAll': [{ type: 'checks.runAll' }],
    'check.run': [
      { type: 'check.run', check: 'database' },
      { type: 'check.run', check: 'mail' },
    ],
  },
  actors: {
    runCheck: {
      output: { check: 'database', status: 'ok', detail: 'PostgreSQL answered a round-trip query in 0.4 ms.', duration_ms: 0.6, facts: [] },
      error: new Error('Too many requests. Please wait a moment and try again.'),
    },
  },
  // How much is queued (none, one, more: the guard's question), how many results and whether any failed; not texts or timings.
  stateContext: (c) => ({
    queued: Math.min(c.queue.length, 2),
    results: Math.min(Object.keys(c.results).length, 2),
    anyFailed: Object.values(c.results).some((r) => r!.status === 'failed'),
  }),
});
