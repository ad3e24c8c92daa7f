import { forgotPasswordMachine } from '#machines/forgot-password.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: forgotPasswordMachine,
  events: {
    'forgot.update': [
      { type: 'forgot.update', email: ' ana@example.com ' },
      { type: 'forgot.update', email: '   ' },
    ],
    'forgot.submit': [{ type: 'forgot.submit' }],
  },
  actors: {
    requestPasswordReset: {
      output: 'If an account exists for this email, a link is on its way.',
      error: new Error('Too many requests. Try again later.'),
    },
  },
});
