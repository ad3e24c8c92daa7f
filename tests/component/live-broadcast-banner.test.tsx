import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentBroadcastView, LiveBroadcastView } from '#src/features/live/api/live-broadcasts.ts';

const DEVICE_NOW = Date.parse('2026-12-03T19:00:00Z');

const broadcast = (over: Partial<LiveBroadcastView>): LiveBroadcastView => ({
  id: 4,
  title: 'Friday Night Burpees',
  status: 'scheduled',
  scheduled_for: null,
  started_at: null,
  ended_at: null,
  featured_attempt_id: 9,
  director_mode: 'pinned',
  stream: null,
  viewers: 0,
  peak_viewers: 0,
  ...over,
});

/** What the banner's read answers (a signed-out visitor's page: no socket, the read is all it has). */
const read: { data: CurrentBroadcastView | undefined; dataUpdatedAt: number } = { data: undefined, dataUpdatedAt: 0 };

vi.mock('#src/features/live/api/live-broadcasts.ts', () => ({
  useCurrentBroadcast: () => ({ data: read.data, dataUpdatedAt: read.dataUpdatedAt }),
  useBroadcastNews: () => {},
}));

const { default: LiveBroadcastBanner } = await import('#src/features/live/components/live-broadcast-banner.tsx');

describe('the broadcast banner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(DEVICE_NOW);
    window.history.pushState({}, '', '/');
  });
  afterEach(() => vi.useRealTimers());

  it('counts down to a scheduled broadcast by the server’s clock, then invites everyone to watch once it is live', () => {
    // The server's clock is a minute ahead of this device's: the countdown follows the server.
    const serverNow = DEVICE_NOW + 60_000;
    read.data = {
      broadcast: null,
      upcoming: broadcast({ scheduled_for: new Date(serverNow + 272_000).toISOString() }),
      server_time: new Date(serverNow).toISOString(),
    };
    read.dataUpdatedAt = DEVICE_NOW;
    const { rerender } = render(<LiveBroadcastBanner />);
    const banner = screen.getByRole('region', { name: 'Upcoming broadcast' });
    expect(banner.textContent).toContain('Starts in 4:32: Friday Night Burpees');
    expect(screen.getByRole('timer').textContent).toContain('Starts in 4:32');
    expect(screen.getByRole('link', { name: 'Open the broadcast page' }).getAttribute('href')).toMatch(/\/live-stream-viewer-page$/);
    expect(screen.queryByRole('link', { name: 'Watch the broadcast' })).toBeNull();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toContain('Starts in 4:31');
    act(() => vi.advanceTimersByTime(271_000));
    expect(screen.getByRole('timer').textContent).toContain('Starting soon');

    // The next read (or, signed in, the socket's broadcast_started) says it is live.
    read.data = {
      broadcast: broadcast({ status: 'live', scheduled_for: read.data.upcoming!.scheduled_for, started_at: new Date().toISOString() }),
      upcoming: null,
      server_time: new Date(Date.now() + 60_000).toISOString(),
    };
    read.dataUpdatedAt = Date.now();
    rerender(<LiveBroadcastBanner />);
    expect(screen.queryByRole('region', { name: 'Upcoming broadcast' })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    const live = screen.getByRole('region', { name: 'Live broadcast' });
    expect(live.textContent).toContain('Live now: Friday Night Burpees');
    expect(screen.getByRole('link', { name: 'Watch the broadcast' })).toBeTruthy();
  });

  it('shows nothing without a planned start, and nothing on the viewer page itself', () => {
    read.data = { broadcast: null, upcoming: null, server_time: new Date(DEVICE_NOW).toISOString() };
    read.dataUpdatedAt = DEVICE_NOW;
    const { container, rerender } = render(<LiveBroadcastBanner />);
    expect(container.innerHTML).toBe('');
    read.data = {
      broadcast: null,
      upcoming: broadcast({ scheduled_for: new Date(DEVICE_NOW + 60_000).toISOString() }),
      server_time: new Date(DEVICE_NOW).toISOString(),
    };
    window.history.pushState({}, '', '/live-stream-viewer-page');
    rerender(<LiveBroadcastBanner />);
    expect(container.innerHTML).toBe('');
  });
});
