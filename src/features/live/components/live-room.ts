import { useQueryClient } from '@tanstack/react-query';
import { patchFromRoom, readAgain, useRealtime } from '#src/lib/realtime.ts';
import type { LiveReaction } from '#domain/live.ts';
import { liveAttemptKey, type LiveAttemptView } from '../api/live.ts';

/**
 * A live attempt's room while it is live: counts (never an older one over a newer), spectators and the end are
 * written into the attempt's cached view; reactions and the end are handed on to the page.
 */
export function useLiveAttemptRoom(a: LiveAttemptView, on: { ended: () => void; reaction?: (emoji: LiveReaction) => void }) {
  const qc = useQueryClient();
  useRealtime(
    a.status === 'live' ? { session_id: String(a.id) } : null,
    (m) => {
      if (!('attempt_id' in m) || m.attempt_id !== a.id) return;
      const key = liveAttemptKey(a.id);
      // Not put back by the read on joining the room when it answers later (a spectator shown "Watching 0").
      const update = (patch: Partial<LiveAttemptView>) =>
        patchFromRoom<LiveAttemptView>(qc, key, (old) => (old ? { ...old, ...patch } : old));
      if (m.type === 'live_count' && m.seq >= (qc.getQueryData<LiveAttemptView>(key)?.seq ?? 0))
        update({ seq: m.seq, count: m.count, elapsed_ms: m.elapsed_ms, projected_place: m.projected_place });
      else if (m.type === 'live_spectators') update({ spectators: m.spectators });
      else if (m.type === 'live_reaction') on.reaction?.(m.emoji);
      else if (m.type === 'live_ended') on.ended();
    },
    // What the room said before the socket was in it (a count, the end) is read again on each join.
    () => readAgain(qc, { queryKey: liveAttemptKey(a.id) }),
  );
}
