import { ADMIN_REASON_LIMITS } from '#domain/constants.ts';
import { actWithReasonMachine } from '#machines/act-with-reason.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: actWithReasonMachine,
  // A reason of 3+ characters and a choice: both halves of the guard can fail.
  input: { minReason: ADMIN_REASON_LIMITS.min, maxReason: ADMIN_REASON_LIMITS.max, needsChoice: true },
  events: {
    'reason.open': [{ type: 'reason.open' }],
    'reason.edit': [
      { type: 'reason.edit', value: 'The video does not show the full range of motion.' },
      { type: 'reason.edit', value: 'no' },
    ],
    'reason.choose': [{ type: 'reason.choose', value: 'resolved' }],
    'reason.submit': [{ type: 'reason.submit' }],
    'reason.cancel': [{ type: 'reason.cancel' }],
  },
  actors: {
    act: { output: { ok: true }, error: new Error('This record was already reviewed.') },
  },
  stateContext: (c) => ({ reason: c.reason, choice: c.choice, tried: c.tried }),
});
