import { passwordResetMachine } from '#machines/password-reset.ts';
import { defineSamples } from '../samples.ts';

export default defineSamples({
  machine: passwordResetMachine,
  // A link worth checking, and one too short to be a reset token.
  inputs: [{ token: 'abcdefghijklmnop0123' }, { token: 'short' }],
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
    // A good link, and one the server says is invalid or expired.
    checkResetToken: {
      outputs: [{ valid: true, email: 'ana@example.com' }, { valid: false }],
      error: new Error('We could not check this link. Please try again.'),
    },
    resetPassword: {
      output: 'Your password was changed. Sign in with it.',
      error: new Error('This reset link is invalid or has expired.'),
    },
  },
  // How long the password is and whether the two match makes a state, not the text.
  stateContext: (c) => ({ pw: c.password.length, same: c.password === c.confirm, problem: c.problem }),
});
