import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { callApi } from '../api/errors.ts';
import { patchFromRoom, readAgain, useRealtime } from '../lib/realtime.ts';
import type { components } from '#openapi/schema.d.ts';
import './commentary-strip.css';

type Line = components['schemas']['CommentaryLine'];
type Lines = { items: Line[] };

/** How many of the newest lines the strip shows. */
const SHOWN = 3;

/** Whose commentary: a challenge's (its board), one live attempt's (its viewer, the broadcast) or a battle's (its page). */
type Source =
  | { challengeId: number; attemptId?: undefined; battleId?: undefined }
  | { attemptId: number; challengeId?: undefined; battleId?: undefined }
  | { battleId: number; challengeId?: undefined; attemptId?: undefined };

/**
 * Live commentary: the newest published lines of a challenge, a live attempt or a battle, and each new one the
 * moment an editor approves it (the challenge's, the attempt's or the battle's room). Its own chunk, loaded by the page
 * after its main content, so the first load does not grow; nothing shows while there is no commentary.
 */
export default function CommentaryStrip(source: Source) {
  const { challengeId, attemptId, battleId } = source;
  const queryClient = useQueryClient();
  const key = attemptId
    ? ['get', '/api/commentary/live/{attemptId}/lines', attemptId]
    : battleId
      ? ['get', '/api/commentary/battles/{battleId}/lines', battleId]
      : ['get', '/api/commentary/challenges/{challengeId}/lines', challengeId];
  const failed = 'Could not load the commentary.';
  const query = { limit: SHOWN };
  const fetchLines = () => {
    if (battleId) return callApi(api.GET('/api/commentary/battles/{battleId}/lines', { params: { path: { battleId }, query } }), failed);
    if (attemptId) return callApi(api.GET('/api/commentary/live/{attemptId}/lines', { params: { path: { attemptId }, query } }), failed);
    return callApi(
      api.GET('/api/commentary/challenges/{challengeId}/lines', { params: { path: { challengeId: challengeId! }, query } }),
      failed,
    );
  };
  const lines = useQuery({
    queryKey: key,
    queryFn: fetchLines,
    // Visitors have no socket: they see new lines on the next poll (a live attempt's and a battle's sooner).
    refetchInterval: attemptId || battleId ? 15_000 : 60_000,
  });
  const room = attemptId
    ? { session_id: String(attemptId) }
    : battleId
      ? { room_id: `battle:${battleId}` }
      : { challenge_id: challengeId! };
  // Lines published before the socket was in the room (after a page load, or while it was away) are read on each join.
  useRealtime(
    room,
    (message) => {
      if (message.type !== 'commentary_published') return;
      const line = message.line;
      if (attemptId ? line.attempt_id !== attemptId : battleId ? line.battle_id !== battleId : line.challenge_id !== challengeId) return;
      // Not taken out again by the read on joining the room when it answers later (read before the line was written).
      patchFromRoom<Lines>(queryClient, key, (old) => ({
        items: [message.line, ...(old?.items ?? []).filter((l) => l.id !== message.line.id)].slice(0, SHOWN),
      }));
    },
    () => readAgain(queryClient, { queryKey: key, exact: true }),
  );
  const items = lines.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="commentary-strip" aria-label="Live commentary">
      <p className="commentary-strip-title">Commentary</p>
      <ol aria-live="polite">
        {items.map((l, i) => (
          <li key={l.id} className={i === 0 ? 'commentary-strip-latest' : undefined}>
            {l.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
