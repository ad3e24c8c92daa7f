import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each example starts from a fresh tab: the module's connection counts are its own.
let realtime: typeof import('#src/lib/realtime.ts');
beforeEach(async () => {
  vi.resetModules();
  realtime = await import('#src/lib/realtime.ts');
});

const hello = { type: 'connected', user_id: 3, expires_at: '2026-11-20T10:15:00.000Z' } as const;

/** What a page mounted now would take for the socket's returns, over these events. */
function returnsOver(events: ('hello' | 'drop')[]): boolean[] {
  const isReturn = realtime.watchReturns();
  const heard: boolean[] = [];
  const stop = realtime.onRealtimeMessage((m) => {
    if (m.type === 'connected') heard.push(isReturn(m));
  });
  for (const e of events) {
    if (e === 'hello') realtime.emitRealtimeMessage(hello);
    else realtime.noteRealtimeDrop();
  }
  stop();
  return heard;
}

describe("a page's view of the socket coming back", () => {
  it('takes the first hello of a page that mounted before any socket as no return, and the next after a drop as one', () => {
    expect(returnsOver(['hello', 'drop', 'hello'])).toEqual([false, true]);
  });

  it('takes a hello after a socket that dropped before saying hello as a return (what was pushed meanwhile is lost)', () => {
    expect(returnsOver(['drop', 'hello', 'hello'])).toEqual([true, true]);
  });

  it('takes every hello on a page mounted after the socket had connected as a return', () => {
    realtime.emitRealtimeMessage(hello);
    expect(returnsOver(['hello'])).toEqual([true]);
  });
});
