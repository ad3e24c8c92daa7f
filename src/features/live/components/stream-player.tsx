import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { streamPlayerMachine } from '#machines/stream-player.ts';
import { describeGap } from '#domain/live-stream.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { useRealtime } from '#src/lib/realtime.ts';
import { Button } from '#src/components/ui/button.tsx';
import { fetchLiveSegment, useLiveStream } from '../api/live-streaming.ts';
import { STREAM_MIME } from './camera-streamer.tsx';
import { playheadTarget, rangesOf } from './playhead.ts';

const PLAYER_MIME = STREAM_MIME.replace('codecs=', 'codecs="').replace('vp8,opus', 'vp8, opus"');
/** Played video kept behind the playhead; older is removed from the buffer. */
const KEEP_BEHIND_S = 30;

/**
 * The live attempt's camera for spectators, a few seconds behind live (Media Source Extensions): segments are
 * fetched in order and appended to one SourceBuffer in sequence mode, each a whole WebM file; new ones are
 * announced by the socket (signed in) or found by reading the stream again (signed out).
 */
export function StreamPlayer({ attemptId, live, poll }: { attemptId: number; live: boolean; poll: boolean }) {
  const stream = useLiveStream(attemptId, { poll, live });
  const flow = useFlow(streamPlayerMachine, { input: { lastSeq: 0, ended: false } });
  const video = useRef<HTMLVideoElement>(null);
  const buffer = useRef<SourceBuffer | null>(null);
  // Set once the media source opened: appending can begin.
  const [opened, setOpened] = useState<SourceBuffer | null>(null);
  const appending = useRef(false);
  const state = useSelector(flow, (s) => s.value as string);
  const nextSeq = useSelector(flow, (s) => s.context.nextSeq);
  const lastSeq = useSelector(flow, (s) => s.context.lastSeq);
  const fetching = useSelector(flow, (s) => s.hasTag('fetching'));
  const error = useSelector(flow, (s) => s.context.error);

  // Segments announced before the socket was in the room are found by reading the stream again on each join.
  useRealtime(
    live ? { session_id: String(attemptId) } : null,
    (m) => {
      if (m.type === 'live_segment' && m.attempt_id === attemptId) flow.send({ type: 'stream.known', lastSeq: m.seq });
    },
    () => void stream.refetch(),
  );
  useEffect(() => {
    if (stream.data) flow.send({ type: 'stream.known', lastSeq: stream.data.last_seq });
  }, [stream.data, flow]);
  useEffect(() => {
    if (!live) flow.send({ type: 'stream.ended' });
  }, [live, flow]);

  // The media source, opened once per attempt (again after a retry).
  const generation = useSelector(flow, (s) => (s.matches('failed') ? -1 : 1));
  useEffect(() => {
    const el = video.current;
    if (!el || generation < 0) return;
    if (typeof MediaSource === 'undefined' || !MediaSource.isTypeSupported(PLAYER_MIME)) {
      flow.send({ type: 'player.failed', detail: 'This browser cannot play the live video. Try Chrome, Edge or Firefox.' });
      return;
    }
    const source = new MediaSource();
    const url = URL.createObjectURL(source);
    el.src = url;
    const open = () => {
      const sb = source.addSourceBuffer(PLAYER_MIME);
      // Each segment is a file starting at 0: sequence mode lays them one after another.
      sb.mode = 'sequence';
      buffer.current = sb;
      setOpened(sb);
    };
    source.addEventListener('sourceopen', open, { once: true });
    const playing = () => flow.send({ type: 'player.playing' });
    // The playhead moving is playing too (a 'playing' event can come before the chart listens for it).
    const moving = () => {
      if (!el.paused && el.readyState >= 3) playing();
    };
    const waiting = () => {
      // A hole in the buffer stalls the browser: jump it rather than wait for data that never comes.
      if (nudge(el)) return;
      flow.send({ type: 'player.waiting' });
    };
    // A stall without a 'waiting' event (a hole at the very start) is caught by looking every second.
    const watchdog = setInterval(() => nudge(el), 1000);
    const failed = () => flow.send({ type: 'player.failed', detail: 'The live video stopped playing.' });
    el.addEventListener('playing', playing);
    el.addEventListener('timeupdate', moving);
    el.addEventListener('waiting', waiting);
    el.addEventListener('ended', waiting);
    el.addEventListener('error', failed);
    return () => {
      clearInterval(watchdog);
      el.removeEventListener('playing', playing);
      el.removeEventListener('timeupdate', moving);
      el.removeEventListener('waiting', waiting);
      el.removeEventListener('ended', waiting);
      el.removeEventListener('error', failed);
      buffer.current = null;
      setOpened(null);
      el.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [flow, generation]);

  // The next segment, when the chart asks for one the server has.
  useEffect(() => {
    const sb = opened;
    if (!fetching || !sb || appending.current || nextSeq < 1 || nextSeq > lastSeq) return;
    appending.current = true;
    const seq = nextSeq;
    void (async () => {
      try {
        const bytes = await fetchLiveSegment(attemptId, seq);
        if (buffer.current !== sb) {
          appending.current = false;
          return;
        }
        await append(sb, bytes);
        const el = video.current;
        if (el && el.buffered.length && el.currentTime - el.buffered.start(0) > KEEP_BEHIND_S * 2)
          await remove(sb, el.buffered.start(0), el.currentTime - KEEP_BEHIND_S);
        appending.current = false;
        flow.send({ type: 'stream.appended', seq });
        if (el) nudge(el);
        if (el?.paused) void el.play().catch(() => {});
      } catch (e) {
        appending.current = false;
        flow.send({ type: 'player.failed', detail: e instanceof Error ? e.message : 'The live video could not be loaded.' });
      }
    })();
  }, [fetching, nextSeq, lastSeq, attemptId, flow, opened]);

  const gaps = stream.data?.gaps ?? [];
  return (
    <section className="live-player" aria-label="Live video">
      <video
        ref={video}
        className="live-player-video"
        muted
        autoPlay
        playsInline
        controls
        data-state={state}
        aria-label="The athlete’s live video"
      />
      <p className="live-player-note muted" role="status">
        {state === 'waiting'
          ? 'Waiting for the athlete’s camera…'
          : state === 'buffering'
            ? 'Loading the live video…'
            : state === 'playing'
              ? 'Live video, a few seconds behind. Sound is muted: unmute it in the player.'
              : state === 'ended'
                ? lastSeq > 0
                  ? 'The live video has ended.'
                  : 'This attempt was not streamed on camera.'
                : null}
        {gaps.length ? ` Recording gaps: ${gaps.map(describeGap).join(', ')}.` : ''}
      </p>
      {state === 'failed' ? (
        <p className="error-text" role="alert">
          {error}{' '}
          <Button size="sm" onClick={() => flow.send({ type: 'player.retry' })}>
            Try again
          </Button>
        </p>
      ) : null}
    </section>
  );
}

/** Moves the playhead over a hole in the buffered video, or ahead near live; true when it moved. */
function nudge(el: HTMLVideoElement): boolean {
  if (el.seeking) return false;
  const target = playheadTarget(el.currentTime, rangesOf(el.buffered));
  if (target === null) return false;
  el.currentTime = target;
  return true;
}

const whenUpdated = (sb: SourceBuffer) =>
  new Promise<void>((resolve, reject) => {
    const done = () => {
      sb.removeEventListener('error', fail);
      resolve();
    };
    const fail = () => {
      sb.removeEventListener('updateend', done);
      reject(new Error('The live video could not be decoded.'));
    };
    sb.addEventListener('updateend', done, { once: true });
    sb.addEventListener('error', fail, { once: true });
  });

async function append(sb: SourceBuffer, bytes: ArrayBuffer) {
  const updated = whenUpdated(sb);
  sb.appendBuffer(bytes);
  await updated;
}

async function remove(sb: SourceBuffer, start: number, end: number) {
  if (end <= start) return;
  const updated = whenUpdated(sb);
  sb.remove(start, end);
  await updated;
}
