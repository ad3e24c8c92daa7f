import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SOCKET_LIMITS, FAN_OUT_HOLD_MS, FAN_OUT_SLICE, newClient, RealtimeHub } from '#server/lib/realtime/hub.ts';

// A board's room of thousands: its fan-out must not hold up what the node owes meanwhile (#43: a score
// submission's answer waited until every socket in the board's room had the board's move).

const fakeSocket = () => ({ OPEN: 1, readyState: 1, bufferedAmount: 0, send: vi.fn(), ping: vi.fn(), terminate: vi.fn(), close: vi.fn() });
const client = (ws: ReturnType<typeof fakeSocket>, userId: number) =>
  newClient(ws as never, userId, performance.now() + 3_600_000, DEFAULT_SOCKET_LIMITS);

const boardMoved = { type: 'leaderboard_updated', challenge_id: 7, division: 'rx', user_id: 2, display_name: 'Ben', rank: 1 } as const;

function roomOf(hub: RealtimeHub, size: number) {
  const room = Array.from({ length: size }, () => fakeSocket());
  room.forEach((ws, i) => {
    const c = client(ws, i + 1);
    hub.add(c);
    hub.join(c, 'challenge:7');
  });
  return room;
}

const reached = (room: ReturnType<typeof fakeSocket>[]) => room.filter((ws) => ws.send.mock.calls.length > 0).length;
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('the hub fanning out to a large room', () => {
  it('writes a large room in slices, so what is due meanwhile runs before the last socket has its copy, in order', async () => {
    const hub = new RealtimeHub();
    const room = roomOf(hub, FAN_OUT_SLICE * 3 + 5);
    hub.deliver({ to: { room: 'challenge:7' }, message: boardMoved });
    // Nothing is written while the notice that brought it is handled: what came with it (a writer's sync) goes first.
    expect(reached(room)).toBe(0);
    // A message for one of the room's last sockets, arriving while the room's is still going out, comes after it.
    const last = room.at(-1)!;
    hub.deliver({
      to: { user: room.length },
      message: { type: 'progress_update', challenge_id: 7, challenge_title: 'Fran', place: null, is_best: true },
    });
    // Something due now (a submission's answer) runs before the fan-out is done.
    await turns(1);
    expect(reached(room)).toBe(FAN_OUT_SLICE);
    const sentWhenDue = await new Promise<number>((resolve) => setImmediate(() => resolve(reached(room))));
    expect(sentWhenDue).toBeLessThan(room.length);
    await turns(10);
    for (const ws of room) expect(ws.send.mock.calls[0]![0]).toBe(JSON.stringify(boardMoved));
    expect(last.send.mock.calls.map((c) => JSON.parse(c[0] as string).type)).toEqual(['leaderboard_updated', 'progress_update']);
  });

  // The hold is a matter of time: the clock, timers and turns of the loop are the test's, so load cannot move them.
  const fakeClock = () => vi.useFakeTimers({ toFake: ['setImmediate', 'setTimeout', 'clearTimeout', 'performance'] });

  it('holds a fan-out while an answer is owed (a board writer waiting for its change), then writes it all', async () => {
    fakeClock();
    try {
      const hub = new RealtimeHub();
      const room = roomOf(hub, FAN_OUT_SLICE + 10);
      let answered!: () => void;
      const answer = new Promise<void>((resolve) => (answered = resolve));
      hub.answerFirst(answer);
      hub.deliver({ to: { room: 'challenge:7' }, message: boardMoved });
      vi.advanceTimersByTime(FAN_OUT_HOLD_MS / 2);
      expect(reached(room)).toBe(0);
      // Answered well within the hold: the fan-out goes at once.
      answered();
      await answer;
      await Promise.resolve();
      vi.advanceTimersByTime(2);
      expect(reached(room)).toBe(room.length);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not hold a fan-out longer than FAN_OUT_HOLD_MS for an answer that never comes', () => {
    fakeClock();
    try {
      const hub = new RealtimeHub();
      const room = roomOf(hub, 10);
      hub.answerFirst(new Promise<void>(() => {}));
      hub.deliver({ to: { room: 'challenge:7' }, message: boardMoved });
      vi.advanceTimersByTime(FAN_OUT_HOLD_MS - 1);
      expect(reached(room)).toBe(0);
      vi.advanceTimersByTime(2);
      expect(reached(room)).toBe(room.length);
    } finally {
      vi.useRealTimers();
    }
  });
});
