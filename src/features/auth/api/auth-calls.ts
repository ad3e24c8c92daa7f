import { api } from '../../../api/client.ts';
import type { SessionData } from '../../../../machines/session.ts';
import type { CodeRequest, CodeSent } from '../../../../machines/login.ts';

/** A failed call, as an Error carrying the server's words. */
function failure(error: { detail?: string } | undefined, fallback: string): Error {
  return new Error(error?.detail ?? fallback);
}

export async function requestLoginCode(input: CodeRequest): Promise<CodeSent> {
  const { data, error } = await api.POST('/api/auth/initiate-login', { body: input });
  if (!data) throw failure(error, 'We could not send a code. Please try again.');
  return data;
}

export async function verifyLoginCode(input: { email: string; code: string }): Promise<SessionData> {
  const { data, error } = await api.POST('/api/auth/verify-otp', { body: input });
  if (!data) throw failure(error, 'That code did not work. Please try again.');
  return data;
}

export async function registerAccount(input: { email: string; password: string; display_name: string }): Promise<string> {
  const { data, error } = await api.POST('/api/user_registration/register', { body: input });
  if (!data) throw failure(error, 'We could not create the account. Please try again.');
  return data.message;
}

export async function requestPasswordReset(email: string): Promise<string> {
  const { data, error } = await api.POST('/api/auth/forgot-password', { body: { email } });
  if (!data) throw failure(error, 'We could not send the link. Please try again.');
  return data.message;
}

export async function checkResetToken(token: string): Promise<{ valid: boolean; email?: string }> {
  const { data, error } = await api.POST('/api/auth/validate-reset-token', { body: { token } });
  if (!data) throw failure(error, 'We could not check this link. Please try again.');
  return data;
}

export async function resetPassword(token: string, password: string): Promise<string> {
  const { data, error } = await api.POST('/api/auth/reset-password', { body: { token, password } });
  if (!data) throw failure(error, 'We could not set the new password. Please try again.');
  return data.message;
}
