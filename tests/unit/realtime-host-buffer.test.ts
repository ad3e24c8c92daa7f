import { afterEach, describe, expect, it } from 'vitest';
import { attachRealtimeHost, emitRealtimeMessage } from '#src/lib/realtime.ts';
import type { IncomingMessage } from '#machines/socket.ts';
import { streakAchievement } from '#domain/achievement-rules.ts';

const milestone = (count: number): IncomingMessage => ({
  type: 'milestone_reached',
  streak_type: 'daily_submissions',
  count,
  achievement: {
    ...streakAchievement('daily_submissions', count),
    id: count,
    progress: 100,
    full_screen: false,
    unlocked_at: '2026-11-20T10:00:00.000Z',
  },
});
const hello = (userId: number): IncomingMessage => ({ type: 'connected', user_id: userId, expires_at: '2026-11-20T10:15:00.000Z' });
/** A milestone's count, else the message's type. */
const label = (m: IncomingMessage) => (m.type === 'milestone_reached' ? m.count : m.type);

describe('the app-wide real-time host', () => {
  let detach: (() => void) | null = null;
  afterEach(() => {
    detach?.();
    detach = null;
    emitRealtimeMessage(hello(1)); // drops what a test left waiting
  });

  it('hears what arrived before it attached, in order, once', () => {
    emitRealtimeMessage(hello(3));
    emitRealtimeMessage(milestone(7));
    emitRealtimeMessage(milestone(14));
    const heard: IncomingMessage[] = [];
    detach = attachRealtimeHost((m) => heard.push(m));
    expect(heard.map(label)).toEqual(['connected', 7, 14]);
    emitRealtimeMessage(milestone(30));
    expect(heard.map(label)).toEqual(['connected', 7, 14, 30]);
  });

  it('does not hand one athlete what waited for the previous connection', () => {
    emitRealtimeMessage(hello(3));
    emitRealtimeMessage(milestone(7));
    emitRealtimeMessage(hello(4));
    const heard: IncomingMessage[] = [];
    detach = attachRealtimeHost((m) => heard.push(m));
    expect(heard).toEqual([hello(4)]);
  });

  it('keeps only the latest 50 while nobody listens, and nothing after it detaches and reattaches', () => {
    for (let i = 1; i <= 60; i += 1) emitRealtimeMessage(milestone(i));
    const first: IncomingMessage[] = [];
    detach = attachRealtimeHost((m) => first.push(m));
    expect(first).toHaveLength(50);
    expect(first.map(label)[0]).toBe(11);
    detach();
    const second: IncomingMessage[] = [];
    detach = attachRealtimeHost((m) => second.push(m));
    expect(second).toEqual([]);
  });
});
