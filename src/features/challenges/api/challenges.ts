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

export function useScoreHistory(id: number | null) {
  return useQuery({
    queryKey: ['get', '/api/challenges/{challengeId}/score-history', id],
    enabled: id !== null,
    queryFn: () =>
      callApi(
        api.GET('/api/challenges/{challengeId}/score-history', { params: { path: { challengeId: id! } } }),
        'Could not load the score history.',
      ),
  });
}

type MinePath = '/api/challenges/my-participating' | '/api/challenges/recommendations';
const mineQuery = (path: MinePath) =>
  queryOptions({
    queryKey: ['get', path],
    queryFn: () =>
      callApi(
        (secureApi.GET as (p: MinePath) => Promise<{ data?: { items: Challenge[] }; error?: unknown; response: Response }>)(path),
        'Could not load challenges.',
      ),
  });

export const useMyParticipating = () => useQuery(mineQuery('/api/challenges/my-participating'));
export const useRecommendations = () => useQuery(mineQuery('/api/challenges/recommendations'));

export function useMySubmissions() {
  return useQuery({
    queryKey: ['get', '/api/challenges/my-submissions'],
    queryFn: () => callApi(secureApi.GET('/api/challenges/my-submissions'), 'Could not load your results.'),
  });
}

export function useDeletedChallenges() {
  return useQuery({
    queryKey: ['get', '/api/challenges/admin/deleted-challenges'],
    queryFn: () => callApi(secureApi.GET('/api/challenges/admin/deleted-challenges'), 'Could not load deleted challenges.'),
  });
}

export const SCORE_TYPE_LABELS: Record<ScoreType, string> = {
  time: 'For time',
  reps: 'Max reps',
  load: 'Max load',
  rounds_reps: 'Rounds + reps (AMRAP)',
  distance: 'Distance',
  calories: 'Calories',
  points: 'Points',
};
export const STATUS_LABELS: Record<ChallengeStatus, string> = { upcoming: 'Upcoming', open: 'Open', closed: 'Closed', deleted: 'Deleted' };
export const DIVISION_LABELS: Record<Division, string> = { rx: 'Rx', scaled: 'Scaled' };

/** The ?id= of the current address, when it is a whole number. */
export function idFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export function usePendingScores(enabled: boolean) {
  return useQuery({
    queryKey: ['get', '/api/challenges/admin/scores/pending'],
    enabled,
    queryFn: () => callApi(secureApi.GET('/api/challenges/admin/scores/pending'), 'Could not load scores waiting for review.'),
  });
}

export type TeamRule = components['schemas']['TeamRule'];
export type TeamRankingRow = components['schemas']['TeamRankingRow'];
export type TeamSummary = components['schemas']['TeamSummary'];

export const TEAM_RULE_LABELS: Record<TeamRule, string> = { sum: 'Sum', average: 'Average', best_n: 'Best N' };

/** The teams of a team challenge, to pick one to join. */
export function useTeams(id: number | null) {
  return useQuery({
    queryKey: ['get', '/api/challenges/{challengeId}/teams', id],
    enabled: id !== null,
    queryFn: () =>
      callApi(api.GET('/api/challenges/{challengeId}/teams', { params: { path: { challengeId: id! } } }), 'Could not load the teams.'),
  });
}

export function useTeamRankings(q: { challengeId: number | null; offset: number; limit: number }, live = false) {
  const client = useClient();
  const { user } = useSessionView();
  return useQuery({
    queryKey: ['get', '/api/challenges/{challengeId}/team-rankings', { ...q, me: user?.wp_user_id ?? null }],
    enabled: q.challengeId !== null,
    queryFn: async () => {
      return callApi(
        client.GET('/api/challenges/{challengeId}/team-rankings', {
          params: { path: { challengeId: q.challengeId! }, query: { offset: q.offset, limit: q.limit } },
        }),
        'Could not load the team board.',
      );
    },
    placeholderData: keepPreviousData,
    refetchInterval: live ? 15_000 : false,
  });
}

/** The catalogue's published tests, for linking a challenge to one (its bounds then refuse impossible results). */
export function useCatalogueTests() {
  return useQuery({
    queryKey: ['get', '/api/v1/tests', { status: 'active' as const }, 'public'],
    queryFn: () => callApi(api.GET('/api/v1/tests', { params: { query: { status: 'active' } } }), 'Could not load the tests.'),
    staleTime: 60_000,
  });
}

export type BoardMatch = components['schemas']['BoardMatch'];

export interface BoardFind {
  challengeId: number;
  category?: string;
  division?: Division;
  sex?: Sex;
  age_group?: AgeGroupId;
  gym?: string;
  q?: string;
  me?: boolean;
  limit: number;
}

const findOnBoardQuery = (client: typeof api, viewer: number | null, q: BoardFind) =>
  queryOptions({
    queryKey: ['get', '/api/challenges/rankings/find', { ...q, viewer }],
    queryFn: () =>
      callApi(
        client.GET('/api/challenges/rankings/find', {
          params: {
            query: {
              challenge_id: q.challengeId,
              category: q.category,
              division: q.division,
              sex: q.sex,
              age_group: q.age_group,
              gym: q.gym,
              q: q.me ? undefined : q.q,
              me: q.me || undefined,
              limit: q.limit,
            },
          },
        }),
        q.me ? 'Could not find your row.' : 'Could not search this board.',
      ),
  });

/** Athletes on a board by the start of a word of their name or gym, each with the page that lists it (off below 2 letters). */
export function useFindOnBoard(q: BoardFind) {
  const client = useClient();
  const { user } = useSessionView();
  return useQuery({
    ...findOnBoardQuery(client, user?.wp_user_id ?? null, q),
    enabled: (q.q ?? '').length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** Asks once for the signed-in athlete's own row on a board (the "Find me" button). */
export function useFindMe() {
  const client = useClient();
  const { user } = useSessionView();
  const queryClient = useQueryClient();
  return (q: BoardFind) =>
    queryClient.fetchQuery({ ...findOnBoardQuery(client, user?.wp_user_id ?? null, { ...q, me: true }), staleTime: 0 });
}
