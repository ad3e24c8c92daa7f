import { legalPublishMachine } from '#machines/legal-publish.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: legalPublishMachine,
  input: { kind: 'waiver' },
  events: {
    'publish.setKind': [{ type: 'publish.setKind', kind: 'terms' }],
    'publish.setBody': [{ type: 'publish.setBody', body: ' ## Risks\n\nTrain safely. ' }],
    'publish.setSummary': [{ type: 'publish.setSummary', summary: ' Adds a line on rest days. ' }],
    'publish.submit': [{ type: 'publish.submit' }],
  },
  actors: {
    publishDocument: {
      output: { kind: 'waiver', version: 2, body: '## Risks', summary: '', published_at: '2026-11-25T10:00:00.000Z' },
      error: new Error('This needs an administrator or editor account.'),
    },
  },
  stateContext: (c) => ({ kind: c.kind, hasBody: c.body.trim() !== '', hasSummary: c.summary !== '', problem: c.problem }),
});
