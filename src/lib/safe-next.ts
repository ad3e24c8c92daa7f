/** Where to go after sign-in: only a path inside the app, never another site. */
export function safeNextPath(raw: string | null | undefined, fallback = '/dashboard-page'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  if (/^\/(login|login-page|loginpage|signed-out-page|signedoutpage)(\?|$)/.test(raw)) return fallback;
  return raw;
}
