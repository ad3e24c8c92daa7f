import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SOCKET_LIMITS, FAN_OUT_SLICE, newClient, RealtimeHub } from '#server/lib/realtime/hub.ts';

// A board's room of thousands: its fan-out must not hold up what the node owes meanwhile (#43: a score
// submission's answer waited until every socket in the board's room had the board's move).

const fakeSocket = () => ({ OPEN: 1, readyState: 1, bufferedAmount: 0, send: vi.fn(), ping: vi.fn(), terminate: vi.fn(), close: vi.fn() });
const client = (ws: ReturnType<typeof fakeSocket>, userId: number) =>
  newClient(ws as never, userId, performance.now() + 3_600_000, DEFAULT_SOCKET_LIMITS);

describe('the hub fanning out to a large room', () => {
  it('writes a large room in slices, so what is due meanwhile runs before the last socket has its copy, in order', async () => {
    const hub = new RealtimeHub();
    const room = Array.from({ length: FAN_OUT_SLICE * 3 + 5 }, () => fakeSocket());
    room.forEach((ws, i) => {
      const c = client(ws, i + 1);
      hub.add(c);
      hub.join(c, 'challenge:7');
    });
    const boardMoved = { type: 'leaderboard_updated', challenge_id: 7, division: 'rx', user_id: 2, display_name: 'Ben', rank: 1 } as const;
    expect(hub.deliver({ to: { room: 'challenge:7' }, message: boardMoved })).toBe(FAN_OUT_SLICE);
    // A message for one of the room's last sockets, arriving while the room's is still going out, comes after it.
    const last = room.at(-1)!;
    expect(
      hub.deliver({
        to: { user: room.length },
        message: { type: 'progress_update', challenge_id: 7, challenge_title: 'Fran', place: null, is_best: true },
      }),
    ).toBe(0);
    // Something due now (a submission's answer) runs before the fan-out is done.
    const sentWhenDue = await new Promise<number>((resolve) =>
      setImmediate(() => resolve(room.filter((ws) => ws.send.mock.calls.length > 0).length)),
    );
    expect(sentWhenDue).toBeLessThan(room.length);
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    for (const ws of room) expect(ws.send.mock.calls[0]![0]).toBe(JSON.stringify(boardMoved));
    expect(last.send.mock.calls.map((c) => JSON.parse(c[0] as string).type)).toEqual(['leaderboard_updated', 'progress_update']);
  });
});
