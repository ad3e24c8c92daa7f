import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BROADCAST_SCHEDULE_MAX_MS,
  EXTERNAL_STREAM_FRAME_SOURCES,
  STREAM_URL_PROBLEM,
  broadcastFormProblem,
  formatCountdown,
  canonicalStreamUrl,
  parseStreamUrl,
  streamEmbedUrl,
  type BroadcastForm,
  type ExternalStream,
} from '#domain/live-broadcasts.ts';

const idChars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'.split('');
const videoId = fc.array(fc.constantFrom(...idChars), { minLength: 11, maxLength: 11 }).map((c) => c.join(''));
const channelId = fc.array(fc.constantFrom(...idChars), { minLength: 22, maxLength: 22 }).map((c) => `UC${c.join('')}`);
const twitchName = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_'.split('')), { minLength: 3, maxLength: 25 })
  .map((c) => c.join(''))
  .filter(
    (n) =>
      ![
        'directory',
        'downloads',
        'jobs',
        'login',
        'search',
        'settings',
        'signup',
        'subscriptions',
        'turbo',
        'videos',
        'wallet',
        'inventory',
      ].includes(n),
  );
const stream: fc.Arbitrary<ExternalStream> = fc.oneof(
  videoId.map((id) => ({ provider: 'youtube' as const, kind: 'video' as const, id })),
  channelId.map((id) => ({ provider: 'youtube' as const, kind: 'channel' as const, id })),
  twitchName.map((id) => ({ provider: 'twitch' as const, kind: 'channel' as const, id })),
);

describe('stream addresses', () => {
  it('reads the live addresses people paste', () => {
    expect(parseStreamUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toEqual({
      provider: 'youtube',
      kind: 'video',
      id: 'dQw4w9WgXcQ',
    });
    expect(parseStreamUrl(' https://youtu.be/dQw4w9WgXcQ ')).toEqual({ provider: 'youtube', kind: 'video', id: 'dQw4w9WgXcQ' });
    expect(parseStreamUrl('https://m.youtube.com/live/dQw4w9WgXcQ?si=x')).toEqual({
      provider: 'youtube',
      kind: 'video',
      id: 'dQw4w9WgXcQ',
    });
    expect(parseStreamUrl('https://www.youtube.com/channel/UC0123456789abcdefghijkl/live')).toMatchObject({ kind: 'channel' });
    expect(parseStreamUrl('https://www.twitch.tv/RepForge_Live')).toEqual({ provider: 'twitch', kind: 'channel', id: 'repforge_live' });
  });

  it('refuses other hosts, plain http, credentials, ports and pages that are not a stream', () => {
    for (const bad of [
      'https://vimeo.com/1234',
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/results?search_query=x',
      'https://www.twitch.tv/directory',
      'https://www.twitch.tv/someone/videos',
      'javascript:alert(1)',
      'not a url',
      '',
    ])
      expect(parseStreamUrl(bad), bad).toBeNull();
  });

  it('any stream survives its canonical address, and its player is framed only from the allowed origins', () => {
    fc.assert(
      fc.property(stream, fc.domain(), (s, host) => {
        expect(parseStreamUrl(canonicalStreamUrl(s))).toEqual(s);
        const embed = new URL(streamEmbedUrl(s, host));
        expect(EXTERNAL_STREAM_FRAME_SOURCES).toContain(embed.origin);
        if (s.provider === 'twitch') expect(embed.searchParams.get('parent')).toBe(host);
      }),
    );
  });

  it('no address on another host is ever accepted', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true }).filter((u) => !/(^|\.)(youtube\.com|youtu\.be|twitch\.tv)$/i.test(new URL(u).hostname)),
        (u) => parseStreamUrl(u) === null,
      ),
    );
  });
});

describe('the broadcast form', () => {
  const now = Date.parse('2026-12-02T12:00:00Z');
  const form = (f: Partial<BroadcastForm>): BroadcastForm => ({
    title: 'Friday Night Burpees',
    source: 'attempt',
    attemptId: 4,
    streamUrl: '',
    scheduledFor: '',
    ...f,
  });
  it('says what is missing, in plain words', () => {
    expect(broadcastFormProblem(form({}), now)).toBeNull();
    expect(broadcastFormProblem(form({ title: '  a ' }), now)).toMatch(/title of 3 to 120/);
    expect(broadcastFormProblem(form({ attemptId: null }), now)).toBe('Pick the live attempt to feature.');
    expect(broadcastFormProblem(form({ source: 'stream', streamUrl: 'https://vimeo.com/1' }), now)).toBe(STREAM_URL_PROBLEM);
    expect(broadcastFormProblem(form({ source: 'stream', streamUrl: 'https://www.twitch.tv/repforge' }), now)).toBeNull();
    expect(broadcastFormProblem(form({ scheduledFor: '2026-12-01T10:00' }), now)).toMatch(/future/);
    expect(broadcastFormProblem(form({ scheduledFor: new Date(now + BROADCAST_SCHEDULE_MAX_MS + 60_000).toISOString() }), now)).toMatch(
      /60 days/,
    );
    expect(broadcastFormProblem(form({ scheduledFor: new Date(now + 3_600_000).toISOString() }), now)).toBeNull();
  });
});

describe('a scheduled broadcast’s countdown', () => {
  it('examples: m:ss under an hour, h:mm:ss beyond, rounded up, then "Starting soon"', () => {
    expect(formatCountdown(272_000)).toBe('Starts in 4:32');
    expect(formatCountdown(271_001)).toBe('Starts in 4:32');
    expect(formatCountdown(1)).toBe('Starts in 0:01');
    expect(formatCountdown(3_600_000)).toBe('Starts in 1:00:00');
    expect(formatCountdown(7_445_000)).toBe('Starts in 2:04:05');
    expect(formatCountdown(0)).toBe('Starting soon');
    expect(formatCountdown(-5000)).toBe('Starting soon');
    expect(formatCountdown(Number.NaN)).toBe('Starting soon');
  });

  it('reads back as the whole seconds left, rounded up, and never goes up as time passes', () => {
    const seconds = (text: string) => {
      const parts = text.replace('Starts in ', '').split(':').map(Number);
      return parts.reduce((total, n) => total * 60 + n, 0);
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_400_000 }), fc.integer({ min: 0, max: 10_000 }), (left, passed) => {
        const now = formatCountdown(left);
        expect(now).toMatch(/^Starts in (\d+:\d\d:\d\d|\d{1,2}:\d\d)$/);
        expect(seconds(now)).toBe(Math.ceil(left / 1000));
        const later = formatCountdown(left - passed);
        if (later !== 'Starting soon') expect(seconds(later)).toBeLessThanOrEqual(seconds(now));
      }),
    );
  });
});
