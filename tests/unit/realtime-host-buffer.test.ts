import { afterEach, describe, expect, it } from 'vitest';
import { attachRealtimeHost, emitRealtimeMessage } from '../../src/lib/realtime.ts';
import type { IncomingMessage } from '../../machines/socket.ts';

const milestone = (count: number): IncomingMessage => ({ type: 'milestone_reached', streak_type: 'daily_submissions', count });

describe('the app-wide real-time host', () => {
  let detach: (() => void) | null = null;
  afterEach(() => {
    detach?.();
    detach = null;
    emitRealtimeMessage({ type: 'connected' }); // drops what a test left waiting
  });

  it('hears what arrived before it attached, in order, once', () => {
    emitRealtimeMessage({ type: 'connected', user_id: 3 });
    emitRealtimeMessage(milestone(7));
    emitRealtimeMessage(milestone(14));
    const heard: IncomingMessage[] = [];
    detach = attachRealtimeHost((m) => heard.push(m));
    expect(heard.map((m) => m.count ?? m.type)).toEqual(['connected', 7, 14]);
    emitRealtimeMessage(milestone(30));
    expect(heard.map((m) => m.count ?? m.type)).toEqual(['connected', 7, 14, 30]);
  });

  it('does not hand one athlete what waited for the previous connection', () => {
    emitRealtimeMessage({ type: 'connected', user_id: 3 });
    emitRealtimeMessage(milestone(7));
    emitRealtimeMessage({ type: 'connected', user_id: 4 });
    const heard: IncomingMessage[] = [];
    detach = attachRealtimeHost((m) => heard.push(m));
    expect(heard).toEqual([{ type: 'connected', user_id: 4 }]);
  });

  it('keeps only the latest 50 while nobody listens, and nothing after it detaches and reattaches', () => {
    for (let i = 1; i <= 60; i += 1) emitRealtimeMessage(milestone(i));
    const first: IncomingMessage[] = [];
    detach = attachRealtimeHost((m) => first.push(m));
    expect(first).toHaveLength(50);
    expect(first[0]?.count).toBe(11);
    detach();
    const second: IncomingMessage[] = [];
    detach = attachRealtimeHost((m) => second.push(m));
    expect(second).toEqual([]);
  });
});
