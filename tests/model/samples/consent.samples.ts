import { consentMachine } from '#machines/consent.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: consentMachine,
  input: {
    documents: [
      { kind: 'terms', version: 2 },
      { kind: 'privacy', version: 3 },
    ],
  },
  events: {
    'consent.accept': [{ type: 'consent.accept' }],
    'consent.signOut': [{ type: 'consent.signOut' }],
  },
  actors: {
    acceptConsents: {
      output: { consents: [] },
      error: new Error('The Terms of Service changed: version 3 is the current one. Read it and accept that version.'),
    },
  },
});
