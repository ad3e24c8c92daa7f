import { waiverSigningMachine, signingRequest } from '#machines/waiver-signing.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: waiverSigningMachine,
  input: { version: 3 },
  events: {
    'waiver.setName': [{ type: 'waiver.setName', name: '  Ana Silva ' }],
    'waiver.setAgreed': [{ type: 'waiver.setAgreed', agreed: true }],
    'waiver.submit': [{ type: 'waiver.submit' }],
  },
  actors: {
    signWaiver: {
      output: { version: 3, full_name: 'Ana Silva', signed_at: '2026-11-25T10:00:00.000Z' },
      error: new Error('The waiver changed: version 4 is the current one. Read it and sign that version.'),
    },
  },
  stateContext: (c) => ({ ready: 'body' in signingRequest(c), named: c.fullName.trim() !== '', agreed: c.agreed, problem: c.problem }),
});
