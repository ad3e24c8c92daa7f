import WebSocket from 'ws';
import type { SignedIn } from './helpers.ts';
import { receivedMessage } from './socket-contract.ts';

export type RoomMessage = { type: string } & Record<string, unknown>;

/** How a socket joins the room it watches (the socket's own commands, openapi/realtime.yaml). */
export type JoinCommand =
  | { type: 'join_challenge'; challenge_id: number }
  | { type: 'join_room'; room_id: string }
  | { type: 'join_live_attempt'; session_id: string };

/**
 * A socket in a room on a listening test app (`base`: its ws:// address), recording what reaches it:
 * `next` waits up to 3 s for a matching message, `seen` lists what came so far.
 */
export async function watchSocketRoom(base: string, who: SignedIn, join: JoinCommand) {
  const messages: RoomMessage[] = [];
  const ws = new WebSocket(`${base}/api/ws?token=${encodeURIComponent(who.token)}&user_id=${who.userId}`);
  // Each message is checked against the contract (socket-contract.ts; the test file's afterEach fails on a breach).
  ws.on('message', (data) => messages.push(receivedMessage<RoomMessage>(data)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = async (predicate: (m: RoomMessage) => boolean) => {
    const deadline = Date.now() + 3000;
    for (;;) {
      const found = messages.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(messages.map((m) => m.type))}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  await next((m) => m.type === 'connected');
  ws.send(JSON.stringify(join));
  await next((m) => m.type === 'joined');
  return { messages, next, seen: () => [...messages], close: () => ws.close(1000) };
}

/** A socket in a challenge's room (joined with `join_challenge`). */
export const watchRoom = (base: string, who: SignedIn, challengeId: number) =>
  watchSocketRoom(base, who, { type: 'join_challenge', challenge_id: challengeId });
