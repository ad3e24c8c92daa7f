// Apart from the socket chart (socket.ts) so the session chart can address the socket without
// the chart itself: the browser loads the socket chart with the first sign-in.

/**
 * Where the socket connects, relative to the API's base (spec: `GET /api/ws?token=…&user_id=…`);
 * the app's connection actor resolves it against the page's origin.
 */
export function socketPath(token: string, userId: number): string {
  return `/api/ws?${new URLSearchParams({ token, user_id: String(userId) })}`;
}
