import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { callApi } from '../api/errors.ts';
import { useRealtime, useRealtimeReconnect } from '../lib/realtime.ts';
import type { components } from '#openapi/schema.d.ts';
import './commentary-strip.css';

type Line = components['schemas']['CommentaryLine'];
type Lines = { items: Line[] };

/** How many of the newest lines the strip shows. */
const SHOWN = 3;

/** Whose commentary: a challenge's (its board) or one live attempt's (its viewer, the broadcast). */
type Source = { challengeId: number; attemptId?: undefined } | { attemptId: number; challengeId?: undefined };

/**
 * Live commentary: the newest published lines of a challenge or of a live attempt, and each new one the
 * moment an editor approves it (the challenge's or the attempt's room). Its own chunk, loaded by the page
 * after its main content, so the first load does not grow; nothing shows while there is no commentary.
 */
export default function CommentaryStrip(source: Source) {
  const { challengeId, attemptId } = source;
  const queryClient = useQueryClient();
  const key = attemptId
    ? ['get', '/api/commentary/live/{attemptId}/lines', attemptId]
    : ['get', '/api/commentary/challenges/{challengeId}/lines', challengeId];
  const lines = useQuery({
    queryKey: key,
    queryFn: () =>
      attemptId
        ? callApi(
            api.GET('/api/commentary/live/{attemptId}/lines', { params: { path: { attemptId }, query: { limit: SHOWN } } }),
            'Could not load the commentary.',
          )
        : callApi(
            api.GET('/api/commentary/challenges/{challengeId}/lines', {
              params: { path: { challengeId: challengeId! }, query: { limit: SHOWN } },
            }),
            'Could not load the commentary.',
          ),
    // Visitors have no socket: they see new lines on the next poll (a live attempt's sooner).
    refetchInterval: attemptId ? 15_000 : 60_000,
  });
  useRealtime(attemptId ? { session_id: String(attemptId) } : { challenge_id: challengeId! }, (message) => {
    if (message.type !== 'commentary_published') return;
    if (attemptId ? message.line.attempt_id !== attemptId : message.line.challenge_id !== challengeId) return;
    queryClient.setQueryData<Lines>(key, (old) => ({
      items: [message.line, ...(old?.items ?? []).filter((l) => l.id !== message.line.id)].slice(0, SHOWN),
    }));
  });
  useRealtimeReconnect(() => void lines.refetch());
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
