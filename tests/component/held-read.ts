import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { IncomingMessage } from '#machines/socket.ts';
import { emitRealtimeMessage } from '#src/lib/realtime.ts';

// The race a room's patch must survive (src/lib/realtime.ts, `patchFromRoom`): a page reads its data again when its
// socket joins the room, the server writes something new at about the same time and tells the room, and that read,
// asked before the write, answers after the room's message. Shared by the component tests of the rooms that patch.

/** What the server has now, as the read's answer (`data`); taken when a read is asked, not when it answers. */
let snapshot: () => unknown = () => ({});
let hold: Promise<void> | null = null;
let reads = 0;

/** The API client's GET: answers what `snapshot` gave when it was asked, after the next read is released if held. */
const GET = vi.fn(async (_path: string, _init?: unknown) => {
  reads++;
  const data = snapshot();
  const held = hold;
  hold = null;
  if (held) await held;
  return { data, response: new Response(null, { status: 200 }) };
});

/** The mocked `#src/api/client.ts`: `vi.mock('#src/api/client.ts', async () => (await import('./held-read.ts')).heldClient)`. */
export const heldClient = { api: { GET }, secureApi: { GET } };

/** Sets what the server answers from now on (read at each ask). */
export function serverHas(answer: () => unknown) {
  snapshot = answer;
}

const tick = (ms: number) => act(async () => new Promise<void>((r) => setTimeout(r, ms)));

/**
 * The race: the socket is let into `roomId` (the page reads again, and that read is held), then `write` changes what
 * the server has and `message` tells the room while the read is still on its way. Returns `release`, which lets the
 * held read answer (and waits for the page to take it), and how many reads the page asked after the message.
 */
export async function joinThenMessage(roomId: string, write: () => void, message: IncomingMessage) {
  let release!: () => void;
  hold = new Promise<void>((r) => (release = r));
  act(() => emitRealtimeMessage({ type: 'joined', room_id: roomId }));
  await tick(20);
  const readsBefore = reads;
  write();
  await act(async () => {
    emitRealtimeMessage(message);
    await new Promise((r) => setTimeout(r, 0)); // the query's observers hear of it on the next tick
  });
  return {
    release: async () => {
      release();
      await tick(50);
    },
    readsSinceMessage: () => reads - readsBefore,
  };
}
