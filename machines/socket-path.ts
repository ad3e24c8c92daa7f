// Apart from the socket chart (socket.ts) so the session chart and the always-loaded side of the
// real-time connection (src/lib/realtime.ts) can address the socket and its rooms without the chart
// itself: the browser loads the socket chart with the first sign-in.

/** A room to be in: a challenge's board, a live attempt, or any named room. */
export type RoomRef = { challenge_id: number } | { session_id: string } | { room_id: string };

/** The room's name on the server (what "joined" and "left" say). */
export const roomKey = (room: RoomRef): string =>
  'challenge_id' in room ? `challenge:${room.challenge_id}` : 'session_id' in room ? `live_attempt:${room.session_id}` : room.room_id;

/**
 * Where the socket connects, relative to the API's base (spec: `GET /api/ws?token=…&user_id=…`);
 * the app's connection actor resolves it against the page's origin.
 */
export function socketPath(token: string, userId: number): string {
  return `/api/ws?${new URLSearchParams({ token, user_id: String(userId) })}`;
}
