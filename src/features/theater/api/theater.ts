import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { patchFromRoom, readAgain, useRealtime } from '#src/lib/realtime.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import type { VoteValue } from '#domain/theater.ts';

export type Theater = components['schemas']['Theater'];
export type TheaterItem = components['schemas']['TheaterItem'];
type Tally = { score_id: number; up: number; down: number; total: number };

const keyOf = (challengeId: number, me: number | null) => ['get', '/api/theater/challenges/{challengeId}', challengeId, me] as const;

/** Puts a score's new counts (and, when given, the caller's vote) into the cached theater, in place. */
function applyTally(data: Theater | undefined, tally: Tally, myVote?: VoteValue | null): Theater | undefined {
  if (!data) return data;
  return {
    ...data,
    items: data.items.map((i) =>
      i.score_id === tally.score_id
        ? { ...i, votes: { up: tally.up, down: tally.down, total: tally.total }, my_vote: myVote === undefined ? i.my_vote : myVote }
        : i,
    ),
  };
}

/** A challenge's theater; signed in, counts and the list move live (the challenge room on the socket). */
export function useTheater(challengeId: number | null) {
  const { user } = useSessionView();
  const me = user?.wp_user_id ?? null;
  const qc = useQueryClient();
  // Once the socket is in the room (first join, or again after a reconnect), votes cast before are fetched (the last
  // argument); so is the list whenever a video is shown, withdrawn, hidden or its score judged invalid.
  useRealtime(
    challengeId !== null && me !== null ? { challenge_id: challengeId } : null,
    (message) => {
      if (message.type === 'theater_changed' && message.challenge_id === challengeId) {
        void qc.invalidateQueries({ queryKey: keyOf(challengeId!, me) });
        return;
      }
      if (message.type !== 'theater_votes' || message.challenge_id !== challengeId) return;
      // Not put back by the read on joining the room when it answers later (an older count).
      patchFromRoom<Theater>(qc, keyOf(challengeId!, me), (d) => applyTally(d, message));
    },
    () => readAgain(qc, { queryKey: keyOf(challengeId!, me) }),
  );
  return useQuery({
    queryKey: keyOf(challengeId ?? 0, me),
    enabled: challengeId !== null,
    // Signed out there is no socket: the counts refresh now and then instead.
    refetchInterval: me === null ? 60_000 : false,
    queryFn: () =>
      callApi(
        (me === null ? api : secureApi).GET('/api/theater/challenges/{challengeId}', { params: { path: { challengeId: challengeId! } } }),
        'Could not load the videos.',
      ),
  });
}

/** Votes (1 / -1) or takes the vote back (null); the answer's counts go straight into the list. */
export function useVote(challengeId: number) {
  const { user } = useSessionView();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ scoreId, value }: { scoreId: number; value: VoteValue | null }) =>
      callApi(
        value === null
          ? secureApi.DELETE('/api/theater/scores/{scoreId}/vote', { params: { path: { scoreId } } })
          : secureApi.PUT('/api/theater/scores/{scoreId}/vote', { params: { path: { scoreId } }, body: { value } }),
        'Could not save your vote.',
      ),
    onSuccess: (r) =>
      qc.setQueryData<Theater>(keyOf(challengeId, user?.wp_user_id ?? null), (d) => applyTally(d, r, r.my_vote as VoteValue | null)),
  });
}
