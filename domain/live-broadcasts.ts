// Broadcasts: a site-wide live show that administrators schedule, start and stop. It features one live
// attempt or an external stream (a YouTube or Twitch live address, nothing else), shown in a sandboxed
// frame through the provider's official embed address. The rules both sides run.

/** A broadcast's title, trimmed. */
export const BROADCAST_TITLE = { min: 3, max: 120 } as const;
/** The longest stream address accepted. */
export const BROADCAST_STREAM_URL_MAX = 300;
/** How far ahead a broadcast may be scheduled. */
export const BROADCAST_SCHEDULE_MAX_MS = 60 * 24 * 60 * 60 * 1000;
/** A viewer's page says it is still watching this often… */
export const BROADCAST_HEARTBEAT_MS = 20_000;
/** …and counts as watching for this long after it last said so. */
export const BROADCAST_VIEWER_WINDOW_MS = 45_000;
/** Board moves in the ticker. */
export const BROADCAST_TICKER_SIZE = 10;
/** Signed-out visitors (no socket) read the current broadcast again this often. */
export const BROADCAST_POLL_MS = 20_000;
/** A scheduled broadcast shows its countdown on the banner from this long before its start. */
export const BROADCAST_COUNTDOWN_AHEAD_MS = 24 * 60 * 60 * 1000;
/** Past its planned start, a broadcast not yet started says "Starting soon" this long, then no more. */
export const BROADCAST_LATE_MS = 30 * 60 * 1000;
/** Near and past its start, the banner reads the current broadcast this often, to switch to live soon after. */
export const BROADCAST_START_POLL_MS = 5_000;

/** The countdown's words: "Starts in 4:32" (under an hour), "Starts in 2:04:05", then "Starting soon". */
export function formatCountdown(msLeft: number): string {
  if (!(msLeft > 0)) return 'Starting soon';
  // Rounded up: the last second still says 0:01, never 0:00 before the start.
  const total = Math.ceil(msLeft / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return `Starts in ${h > 0 ? `${h}:${String(m).padStart(2, '0')}` : m}:${s}`;
}

/** The only origins a broadcast's stream may be framed from (the CSP's frame-src names exactly these). */
export const EXTERNAL_STREAM_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://player.twitch.tv'] as const;

export type ExternalStream =
  | { provider: 'youtube'; kind: 'video'; id: string }
  | { provider: 'youtube'; kind: 'channel'; id: string }
  | { provider: 'twitch'; kind: 'channel'; id: string };

export const STREAM_URL_PROBLEM =
  'Give a YouTube or Twitch live address (https://www.youtube.com/watch?v=…, https://youtu.be/…, https://www.twitch.tv/…).';

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const TWITCH_HOSTS = new Set(['twitch.tv', 'www.twitch.tv', 'm.twitch.tv']);
const YOUTUBE_VIDEO = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_CHANNEL = /^UC[A-Za-z0-9_-]{22}$/;
const TWITCH_CHANNEL = /^[A-Za-z0-9_]{3,25}$/;
/** Twitch paths that are pages of the site, not channels. */
const TWITCH_RESERVED = new Set([
  'directory',
  'downloads',
  'jobs',
  'login',
  'p',
  'search',
  'settings',
  'signup',
  'subscriptions',
  'turbo',
  'videos',
  'wallet',
  'inventory',
]);

/** A YouTube or Twitch live address as the stream it names, or null for anything else (other hosts, http, other pages). */
export function parseStreamUrl(raw: string): ExternalStream | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > BROADCAST_STREAM_URL_MAX) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') {
    return parts.length === 1 && YOUTUBE_VIDEO.test(parts[0]!) ? { provider: 'youtube', kind: 'video', id: parts[0]! } : null;
  }
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') {
      const v = url.searchParams.get('v') ?? '';
      return YOUTUBE_VIDEO.test(v) ? { provider: 'youtube', kind: 'video', id: v } : null;
    }
    if (parts.length === 2 && (parts[0] === 'live' || parts[0] === 'embed') && YOUTUBE_VIDEO.test(parts[1]!))
      return { provider: 'youtube', kind: 'video', id: parts[1]! };
    if (parts.length === 3 && parts[0] === 'channel' && parts[2] === 'live' && YOUTUBE_CHANNEL.test(parts[1]!))
      return { provider: 'youtube', kind: 'channel', id: parts[1]! };
    return null;
  }
  if (TWITCH_HOSTS.has(host)) {
    const name = parts[0] ?? '';
    if (parts.length !== 1 || !TWITCH_CHANNEL.test(name) || TWITCH_RESERVED.has(name.toLowerCase())) return null;
    return { provider: 'twitch', kind: 'channel', id: name.toLowerCase() };
  }
  return null;
}

/** The one address a stream is stored and shown as. */
export function canonicalStreamUrl(s: ExternalStream): string {
  if (s.provider === 'twitch') return `https://www.twitch.tv/${s.id}`;
  return s.kind === 'video' ? `https://www.youtube.com/watch?v=${s.id}` : `https://www.youtube.com/channel/${s.id}/live`;
}

/**
 * The provider's official embed address for a stream, muted so it may start by itself. Twitch's player
 * must be told the page's host name (`parent`).
 */
export function streamEmbedUrl(s: ExternalStream, parentHost: string): string {
  if (s.provider === 'twitch')
    return `https://player.twitch.tv/?channel=${encodeURIComponent(s.id)}&parent=${encodeURIComponent(parentHost)}&muted=true`;
  return s.kind === 'video'
    ? `https://www.youtube-nocookie.com/embed/${s.id}?autoplay=1&mute=1&playsinline=1`
    : `https://www.youtube-nocookie.com/embed/live_stream?channel=${s.id}&autoplay=1&mute=1&playsinline=1`;
}

export type BroadcastStatus = 'scheduled' | 'live' | 'ended';

/** The administrator's form: a title and what it features (a live attempt or a stream address). */
export interface BroadcastForm {
  title: string;
  source: 'attempt' | 'stream';
  attemptId: number | null;
  streamUrl: string;
  /** Local date-time text from the form ('' = no time set); when given, must be ahead. */
  scheduledFor: string;
}

/** What is wrong with the form, in plain words, or null when it can be sent. */
export function broadcastFormProblem(f: BroadcastForm, now: number): string | null {
  const title = f.title.trim();
  if (title.length < BROADCAST_TITLE.min || title.length > BROADCAST_TITLE.max)
    return `Give the broadcast a title of ${BROADCAST_TITLE.min} to ${BROADCAST_TITLE.max} characters.`;
  if (f.source === 'attempt' && f.attemptId === null) return 'Pick the live attempt to feature.';
  if (f.source === 'stream' && !parseStreamUrl(f.streamUrl)) return STREAM_URL_PROBLEM;
  if (f.scheduledFor) {
    const at = Date.parse(f.scheduledFor);
    if (!Number.isFinite(at)) return 'Give the start time as a date and time.';
    if (at <= now) return 'A scheduled start must be in the future.';
    if (at > now + BROADCAST_SCHEDULE_MAX_MS) return 'A broadcast can be scheduled at most 60 days ahead.';
  }
  return null;
}
