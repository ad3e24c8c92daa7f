import { passwordResetMachine } from './password-reset.ts';
import { defineSamples } from './samples.ts';

export default defineSamples({
  machine: passwordResetMachine,
  input: { token: 'abcdefghijklmnop0123' },
  events: {
    'reset.update': [
      { type: 'reset.update', field: 'password', value: 'short' },
      { type: 'reset.update', field: 'password', value: 'new password 1' },
      { type: 'reset.update', field: 'confirm', value: 'new password 1' },
    ],
    'reset.submit': [{ type: 'reset.submit' }],
    'reset.retryCheck': [{ type: 'reset.retryCheck' }],
  },
  actors: {
    // The check's sample output is a valid link; an invalid one is `{ valid: false }` (see the model test).
    checkResetToken: { output: { valid: true, email: 'ana@example.com' }, error: new Error('We could not check this link. Please try again.') },
    resetPassword: { output: 'Your password was changed. Sign in with it.', error: new Error('This reset link is invalid or has expired.') },
  },
});
