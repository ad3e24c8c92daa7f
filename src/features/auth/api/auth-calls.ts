import { api, secureApi } from '#src/api/client.ts';
import type { components } from '#openapi/schema.d.ts';
import { callApi } from '#src/api/errors.ts';
import type { SessionData } from '#machines/session.ts';
import type { CodeRequest, CodeSent } from '#machines/login.ts';

export async function requestLoginCode(input: CodeRequest): Promise<CodeSent> {
  return callApi(api.POST('/api/auth/initiate-login', { body: input }), 'We could not send a code. Please try again.');
}

export async function verifyLoginCode(input: { email: string; code: string }): Promise<SessionData> {
  return callApi(api.POST('/api/auth/verify-otp', { body: input }), 'That code did not work. Please try again.');
}

export async function registerAccount(input: {
  email: string;
  password: string;
  display_name: string;
  consent?: { terms_version: number; privacy_version: number };
}): Promise<string> {
  return (await callApi(api.POST('/api/user_registration/register', { body: input }), 'We could not create the account. Please try again.'))
    .message;
}

export async function requestPasswordReset(email: string): Promise<string> {
  return (await callApi(api.POST('/api/auth/forgot-password', { body: { email } }), 'We could not send the link. Please try again.'))
    .message;
}

export async function checkResetToken(token: string): Promise<{ valid: boolean; email?: string }> {
  return callApi(api.POST('/api/auth/validate-reset-token', { body: { token } }), 'We could not check this link. Please try again.');
}

export async function resetPassword(token: string, password: string): Promise<string> {
  return (
    await callApi(
      api.POST('/api/auth/reset-password', { body: { token, password } }),
      'We could not set the new password. Please try again.',
    )
  ).message;
}

/** The versions of the terms and the privacy policy the sign-up form shows (creating the account accepts them). */
export async function currentConsentVersions(): Promise<{ terms_version: number; privacy_version: number }> {
  const load = (kind: 'terms' | 'privacy') =>
    callApi(api.GET('/api/legal/documents/{kind}/current', { params: { path: { kind } } }), 'Could not load the terms.');
  const [terms, privacy] = await Promise.all([load('terms'), load('privacy')]);
  return { terms_version: terms.version, privacy_version: privacy.version };
}

export type DemoAccount = components['schemas']['DemoAccount'];

/** The demo accounts offered on the sign-in page; none when this server has demo sign-in off. */
export async function demoAccounts(): Promise<DemoAccount[]> {
  return (await callApi(api.GET('/api/auth/demo-accounts'), 'Could not load the demo accounts.')).accounts;
}

export async function demoSignIn(email: string): Promise<SessionData> {
  return callApi(api.POST('/api/auth/demo-sign-in', { body: { email } }), 'We could not sign you in as this demo account.');
}

export async function adminSetupStatus(): Promise<boolean> {
  return (await callApi(secureApi.GET('/api/auth/admin-setup'), 'Could not check the administrator setup.')).open;
}

export async function claimAdminSetup(setupCode: string): Promise<SessionData['user']> {
  return callApi(secureApi.POST('/api/auth/admin-setup', { body: { setup_code: setupCode } }), 'That setup code did not work.');
}
