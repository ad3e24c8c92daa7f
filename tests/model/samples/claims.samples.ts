import { claimsMachine } from '#machines/claims.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: claimsMachine,
  // One result per claim here, so ticking two reaches the too-many check.
  inputs: [{}, { maxResults: 1 }],
  events: {
    'claims.toggle': [
      { type: 'claims.toggle', result: { id: 7 }, on: true },
      { type: 'claims.toggle', result: { id: 7 }, on: false },
      { type: 'claims.toggle', result: { id: 8 }, on: true },
    ],
    'claims.message': [{ type: 'claims.message', value: ' I ran for the Harriers then. ' }],
    'claims.submit': [{ type: 'claims.submit' }],
  },
  actors: {
    createClaims: { output: { items: [{ id: 1 }] }, error: new Error('You already claimed this result.') },
  },
});
