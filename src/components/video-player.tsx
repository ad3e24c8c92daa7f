import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, Link2 } from 'lucide-react';
import { Button } from './ui/button.tsx';
import { Select } from './ui/select.tsx';
import { toast } from '../lib/toast.ts';
import { formatTimestamp, frameSeconds, PLAYBACK_SPEEDS, SEEK_STEP_S, timestampParam } from '#domain/videos.ts';
import { ProgressBar } from './ui/progress-bar.tsx';
import './video-player.css';

/** What the player needs of a video (the Video of openapi/videos.yaml). */
export interface PlayableVideo {
  id: string;
  file_name: string;
  status: 'uploading' | 'processing' | 'ready' | 'failed';
  failure_reason?: string | null;
  progress: number;
  frame_rate?: number | null;
  stream_url?: string | null;
  poster_url?: string | null;
}

const SPEED_OPTIONS = PLAYBACK_SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }));

/** Where a timestamp link points: this page with the video and the position (`?id=…&t=12.5`). */
export function timestampHref(videoId: string, seconds: number): string {
  const url = new URL(window.location.href);
  url.searchParams.set('id', videoId);
  url.searchParams.set('t', timestampParam(seconds));
  return url.toString();
}

/**
 * The one video player: the poster while the video is processing, then the web rendition with
 * keyboard controls (Space or K play/pause, ← → 5 s, , . one frame, [ ] slower/faster), frame
 * stepping, playback speed and links to the current moment. `startAt` comes from a timestamp link.
 * A page may add keys of its own (`extraKeys`, e.g. N for a judge's no-rep mark) and follow the
 * current time (`onTimeChange`).
 */
export default function VideoPlayer({
  video,
  startAt,
  extraKeys,
  extraKeysHint,
  onTimeChange,
  momentLinks = true,
  label,
  seekTo,
  markers,
}: {
  video: PlayableVideo;
  startAt?: number | null;
  extraKeys?: Record<string, () => void>;
  extraKeysHint?: string;
  onTimeChange?: (seconds: number) => void;
  /** Links to the current moment point at this page with `?id=<video>`: off where `id` names something else. */
  momentLinks?: boolean;
  /** What the video element is called (default: the file name). */
  label?: string;
  /** A moment to jump to, e.g. a judge choosing a gap in a live recording (a new object for every jump). */
  seekTo?: { seconds: number } | null;
  /** Moments drawn on a strip under the video (decorative: the page lists them as controls too). */
  markers?: readonly { seconds: number; label: string }[];
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [speed, setSpeed] = useState('1');
  const [time, setTime] = useState(startAt ?? 0);
  const [duration, setDuration] = useState(0);
  const frame = frameSeconds(video.frame_rate);

  useEffect(() => {
    const v = ref.current;
    if (!v || !seekTo) return;
    v.currentTime = Math.max(0, Math.min(v.duration || Infinity, seekTo.seconds));
    v.focus();
  }, [seekTo]);

  useEffect(() => {
    if (ref.current) ref.current.playbackRate = Number(speed);
  }, [speed]);
  useEffect(() => {
    onTimeChange?.(time);
  }, [time, onTimeChange]);

  if (video.status !== 'ready' || !video.stream_url) {
    const percent = Math.round(video.progress * 100);
    return (
      <div className="video-stage video-waiting">
        {video.poster_url ? <img src={video.poster_url} alt="" className="video-poster" /> : null}
        <div className="video-waiting-text" role="status">
          {video.status === 'failed' ? (
            <p>{video.failure_reason ?? 'This video could not be processed.'}</p>
          ) : video.status === 'uploading' ? (
            <p>Waiting for the upload to finish.</p>
          ) : (
            <>
              <p>Processing the video: {percent}%</p>
              <ProgressBar value={percent} label="Processing progress" />
            </>
          )}
        </div>
      </div>
    );
  }

  const el = () => ref.current;
  const step = (frames: number) => {
    const v = el();
    if (!v) return;
    v.pause();
    v.currentTime = Math.max(0, Math.min(v.duration || Infinity, v.currentTime + frames * frame));
  };
  const seek = (seconds: number) => {
    const v = el();
    if (v) v.currentTime = Math.max(0, v.currentTime + seconds);
  };
  const changeSpeed = (by: number) => {
    const i = PLAYBACK_SPEEDS.indexOf(Number(speed) as (typeof PLAYBACK_SPEEDS)[number]);
    const next = PLAYBACK_SPEEDS[Math.max(0, Math.min(PLAYBACK_SPEEDS.length - 1, i + by))];
    setSpeed(String(next));
  };
  const onKey = (e: KeyboardEvent) => {
    const v = el();
    if (!v || e.altKey || e.ctrlKey || e.metaKey) return;
    const actions: Record<string, () => void> = {
      ' ': () => void (v.paused ? v.play() : v.pause()),
      k: () => void (v.paused ? v.play() : v.pause()),
      ArrowLeft: () => seek(-SEEK_STEP_S),
      ArrowRight: () => seek(SEEK_STEP_S),
      ',': () => step(-1),
      '.': () => step(1),
      '[': () => changeSpeed(-1),
      ']': () => changeSpeed(1),
      ...extraKeys,
    };
    const act = actions[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  };
  const copyLink = async () => {
    const href = timestampHref(video.id, time);
    try {
      await navigator.clipboard.writeText(href);
      toast({ title: `Link to ${formatTimestamp(time)} copied.`, variant: 'success' });
    } catch {
      toast({ title: `Copy this link: ${href}`, variant: 'info' });
    }
  };
  return (
    <div className="video-player">
      {/* The wrapper takes the keys so they work wherever focus is inside the player. */}
      <div className="video-stage" onKeyDown={onKey}>
        <video
          ref={ref}
          className="video-element"
          src={video.stream_url}
          poster={video.poster_url ?? undefined}
          controls
          preload="metadata"
          playsInline
          aria-label={label ?? `Video: ${video.file_name}`}
          aria-keyshortcuts={`Space K ArrowLeft ArrowRight , . [ ]${extraKeys ? ` ${Object.keys(extraKeys).join(' ')}` : ''}`}
          onLoadedMetadata={(e) => {
            setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0);
            if (startAt) e.currentTarget.currentTime = startAt;
            e.currentTarget.playbackRate = Number(speed);
          }}
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
          onSeeked={(e) => setTime(e.currentTarget.currentTime)}
        />
      </div>
      {markers?.length && duration > 0 ? (
        <div className="video-markers" aria-hidden>
          {markers.map((m) => (
            <span
              key={m.seconds}
              className="video-marker"
              title={m.label}
              style={{ insetInlineStart: `${Math.min(100, (m.seconds / duration) * 100)}%` }}
            />
          ))}
        </div>
      ) : null}
      <div className="video-controls" onKeyDown={onKey}>
        <span className="video-time" aria-live="off">
          {formatTimestamp(time)}
        </span>
        <span className="video-step">
          <Button size="sm" onClick={() => step(-1)} aria-label="Previous frame" aria-keyshortcuts=",">
            <ChevronLeft aria-hidden size={16} /> Frame
          </Button>
          <Button size="sm" onClick={() => step(1)} aria-label="Next frame" aria-keyshortcuts=".">
            Frame <ChevronRight aria-hidden size={16} />
          </Button>
        </span>
        <Select label="Speed" className="field video-speed" options={SPEED_OPTIONS} value={speed} onChange={(v) => setSpeed(v)} />
        {momentLinks ? (
          <>
            <Button size="sm" variant="ghost" onClick={() => void copyLink()}>
              <Link2 aria-hidden size={16} /> Link to {formatTimestamp(time)}
            </Button>
            <a className="video-time-link" href={timestampHref(video.id, time)}>
              Open at {formatTimestamp(time)}
            </a>
          </>
        ) : null}
      </div>
      <p className="muted video-keys">
        Keys: Space or K play and pause, ← → jump {SEEK_STEP_S} s, comma and period step one frame, [ and ] change the speed.
        {extraKeysHint ? ` ${extraKeysHint}` : ''}
      </p>
    </div>
  );
}
