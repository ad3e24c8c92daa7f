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

/**
 * The board's live commentary: the newest published lines of a challenge, and each new one the moment
 * an editor approves it (the challenge's room). Its own chunk, loaded by the board page after the board,
 * so the board's first load does not grow; nothing shows while a challenge has no commentary.
 */
export default function CommentaryStrip({ challengeId }: { challengeId: number }) {
  const queryClient = useQueryClient();
  const key = ['get', '/api/commentary/challenges/{challengeId}/lines', challengeId];
  const lines = useQuery({
    queryKey: key,
    queryFn: () =>
      callApi(
        api.GET('/api/commentary/challenges/{challengeId}/lines', { params: { path: { challengeId }, query: { limit: SHOWN } } }),
        'Could not load the commentary.',
      ),
    // Visitors have no socket: they see new lines on the next poll.
    refetchInterval: 60_000,
  });
  useRealtime({ challenge_id: challengeId }, (message) => {
    if (message.type !== 'commentary_published' || message.line.challenge_id !== challengeId) return;
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
