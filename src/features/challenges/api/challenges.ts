// What a board needs to show (the challenge, its rankings, the "choose a challenge" list): the board page loads
// this module with its first load, so what other pages read lives beside it (my-challenges.ts, team-boards.ts,
// board-find.ts, challenge-labels.ts, challenge-admin.ts, catalogue-tests.ts, score-history.ts).
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components, operations } from '#openapi/schema.d.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { readAgain, useRealtime } from '#src/lib/realtime.ts';

export type Challenge = components['schemas']['Challenge'];
export type ChallengeDetail = components['schemas']['ChallengeDetail'];
export type ChallengeInput = components['schemas']['ChallengeInput'];
export type ScoreType = components['schemas']['ScoreType'];
export type Division = components['schemas']['Division'];
export type Sex = components['schemas']['Sex'];
export type ChallengeStatus = components['schemas']['ChallengeStatus'];
export type ScoreSubmission = components['schemas']['ScoreSubmission'];
export type RankingPage = components['schemas']['RankingPage'];
export type RankingRow = components['schemas']['RankingRow'];
export type ScoreView = components['schemas']['ScoreView'];
export type AgeGroupId = NonNullable<NonNullable<operations['getChallengeRankings']['parameters']['query']>['age_group']>;

/** Signed in: the secure client (so the server knows who asks); else the public one. */
export function useClient() {
  const { user } = useSessionView();
  return user ? secureApi : api;
}

/** The first open challenges, for the board's "choose a challenge" list (one page, no infinite list). */
export function useOpenChallenges() {
  return useQuery({
    queryKey: ['get', '/api/challenges/discover', { status: 'open', limit: OPEN_PICK_LIMIT }],
    queryFn: () =>
      callApi(
        api.GET('/api/challenges/discover', { params: { query: { status: 'open', limit: OPEN_PICK_LIMIT } } }),
        'Could not load challenges.',
      ),
  });
}
const OPEN_PICK_LIMIT = 12;

export const challengeQuery = (id: number, signedIn: boolean) =>
  queryOptions({
    queryKey: ['get', '/api/challenges/{challengeId}', id, signedIn],
    queryFn: async () => {
      const client = signedIn ? secureApi : api;
      return callApi(
        client.GET('/api/challenges/{challengeId}', { params: { path: { challengeId: id } } }),
        'Could not load this challenge.',
      );
    },
  });

export function useChallenge(id: number | null) {
  const { user } = useSessionView();
  return useQuery({ ...challengeQuery(id ?? 0, !!user), enabled: id !== null });
}

export function useRankings(
  q: {
    challengeId: number | null;
    category?: string;
    division?: Division;
    sex?: Sex;
    age_group?: AgeGroupId;
    gym?: string;
    offset: number;
    limit: number;
  },
  live = false,
) {
  const client = useClient();
  const { user } = useSessionView();
  const queryClient = useQueryClient();
  // Signed in, the board moves the moment a score lands (the socket); polling stays as the fallback. A score that
  // landed before the socket was in the board's room (after a page load, or while it was away) was not heard: the
  // board is read again on each join.
  useRealtime(
    live && q.challengeId !== null ? { challenge_id: q.challengeId } : null,
    (message) => {
      if (message.type === 'leaderboard_updated' && message.challenge_id === q.challengeId) {
        void queryClient.invalidateQueries({ queryKey: ['get', '/api/challenges/rankings'] });
      }
    },
    () => readAgain(queryClient, { queryKey: ['get', '/api/challenges/rankings'] }),
  );
  return useQuery({
    queryKey: ['get', '/api/challenges/rankings', { ...q, me: user?.wp_user_id ?? null }],
    enabled: q.challengeId !== null,
    queryFn: async () => {
      return callApi(
        client.GET('/api/challenges/rankings', {
          params: {
            query: {
              challenge_id: q.challengeId!,
              category: q.category,
              division: q.division,
              sex: q.sex,
              age_group: q.age_group,
              gym: q.gym,
              offset: q.offset,
              limit: q.limit,
            },
          },
        }),
        'Could not load the leaderboard.',
      );
    },
    placeholderData: keepPreviousData,
    refetchInterval: live ? 15_000 : false,
  });
}

export const STATUS_LABELS: Record<ChallengeStatus, string> = { upcoming: 'Upcoming', open: 'Open', closed: 'Closed', deleted: 'Deleted' };
export const DIVISION_LABELS: Record<Division, string> = { rx: 'Rx', scaled: 'Scaled' };

/** The ?id= of the current address, when it is a whole number. */
export function idFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export type TeamRule = components['schemas']['TeamRule'];
export type TeamRankingRow = components['schemas']['TeamRankingRow'];
export type TeamSummary = components['schemas']['TeamSummary'];
