import { claimsMachine } from './claims.ts';
import { defineSamples } from './samples.ts';

export default defineSamples({
  machine: claimsMachine,
  events: {
    'claims.toggle': [
      { type: 'claims.toggle', result: { id: 7 }, on: true },
      { type: 'claims.toggle', result: { id: 7 }, on: false },
    ],
    'claims.message': [{ type: 'claims.message', value: ' I ran for the Harriers then. ' }],
    'claims.submit': [{ type: 'claims.submit' }],
  },
  actors: {
    createClaims: { output: { items: [{ id: 1 }] }, error: new Error('You already claimed this result.') },
  },
});
