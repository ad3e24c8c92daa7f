import { defineSamples } from '../samples.ts';
import { loginMachine } from '#machines/login.ts';
import type { SessionData } from '#machines/session.ts';

export const signedInSample: SessionData = {
  user: { wp_user_id: 1, email: 'ana@example.test', display_name: 'Ana', wp_role: 'subscriber', wp_capabilities: {} },
  token: { token: 'jwt', expiresAt: 900_000, issuedAt: 0 },
  csrf_token: 'csrf',
};
export const codeSentSample = { resend_after_seconds: 60, code_ttl_seconds: 600 };

export default defineSamples({
  machine: loginMachine,
  events: {
    'login.submitCredentials': [
      { type: 'login.submitCredentials', email: ' ana@example.test ', password: 'correct horse' },
      { type: 'login.submitCredentials', email: '', password: '' },
    ],
    'login.submitCode': [
      { type: 'login.submitCode', code: '123456' },
      { type: 'login.submitCode', code: '12ab' },
    ],
    'login.resend': [{ type: 'login.resend' }],
    'login.back': [{ type: 'login.back' }],
  },
  actors: {
    requestCode: { output: codeSentSample, error: new Error('Too many attempts. Please wait a moment and try again.') },
    verifyCode: { output: signedInSample, error: new Error('That code is wrong or has expired.') },
  },
  // The send time is a clock reading, not a different state.
  stateContext: ({ codeSentAt, ...rest }) => ({ ...rest, codeSent: codeSentAt !== null }),
});
