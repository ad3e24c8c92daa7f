import { registerMachine } from '#machines/register.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: registerMachine,
  events: {
    'register.update': [
      { type: 'register.update', field: 'email', value: ' ana@example.com ' },
      { type: 'register.update', field: 'display_name', value: 'Ana' },
      { type: 'register.update', field: 'password', value: 'short' },
      { type: 'register.update', field: 'password', value: 'long enough pw' },
    ],
    'register.agree': [{ type: 'register.agree', agreed: true }],
    'register.submit': [{ type: 'register.submit' }],
  },
  actors: {
    registerAccount: {
      output: 'Check your email to confirm your account.',
      error: new Error('An account with this email already exists.'),
    },
  },
  // Which fields are filled (and how long the password is) makes a state, not the exact text.
  stateContext: (c) => ({
    email: !!c.fields.email,
    name: !!c.fields.display_name,
    pw: c.fields.password.length,
    agreed: c.agreed,
    problem: c.problem,
  }),
});
