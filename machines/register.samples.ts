import { registerMachine } from './register.ts';
import { defineSamples } from './samples.ts';

export default defineSamples({
  machine: registerMachine,
  events: {
    'register.update': [
      { type: 'register.update', field: 'email', value: ' ana@example.com ' },
      { type: 'register.update', field: 'display_name', value: 'Ana' },
      { type: 'register.update', field: 'password', value: 'short' },
      { type: 'register.update', field: 'password', value: 'long enough pw' },
    ],
    'register.submit': [{ type: 'register.submit' }],
  },
  actors: {
    registerAccount: {
      output: 'Check your email to confirm your account.',
      error: new Error('An account with this email already exists.'),
    },
  },
});
