import { loginModeMachine } from '#machines/login-mode.ts';
import { defineSamples } from '../samples.ts';

/** The page opened plainly and with ?mode=register. */
export default defineSamples({
  machine: loginModeMachine,
  inputs: [{ mode: 'signIn' }, { mode: 'register' }],
  events: {
    'loginMode.register': [{ type: 'loginMode.register' }],
    'loginMode.signIn': [{ type: 'loginMode.signIn' }],
    'loginMode.registered': [
      { type: 'loginMode.registered', email: 'ana@example.test', message: 'Check your inbox to confirm your email, then sign in.' },
    ],
  },
});
