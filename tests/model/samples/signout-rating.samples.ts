import { signoutRatingMachine } from '#machines/signout-rating.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: signoutRatingMachine,
  events: {
    'rating.choose': [{ type: 'rating.choose', rating: 4 }],
    'rating.comment': [{ type: 'rating.comment', value: '  More sprint tests, please.  ' }],
    'rating.submit': [{ type: 'rating.submit' }],
  },
  actors: {
    sendRating: { output: { message: 'Thanks!' }, error: new Error('Too many ratings from this address.') },
  },
});
