import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components, paths } from '#openapi/schema.d.ts';
import type { VerdictRequest } from '#machines/judging.ts';

export type JudgingSubmission = components['schemas']['JudgingSubmission'];
export type JudgeCertificate = components['schemas']['JudgeCertificate'];

export const JUDGING_KEY = ['judging'] as const;
const ME_KEY = [...JUDGING_KEY, 'me'] as const;
const QUEUE_KEY = [...JUDGING_KEY, 'queue'] as const;
const submissionKey = (scoreId: number) => [...JUDGING_KEY, 'submission', scoreId] as const;

export function useJudgeStatus(enabled: boolean) {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: () => callApi(secureApi.GET('/api/judging/me'), 'Could not load your judge certificate.'),
    enabled,
  });
}

/** Scores a page of the judging queue shows. */
export const QUEUE_PAGE_SIZE = 25;
/** The deepest page: the queue call takes offsets up to 100,000 (openapi/judging.yaml). */
export const QUEUE_LAST_PAGE = 100_000 / QUEUE_PAGE_SIZE + 1;

/** A page of the queue (1-based), across every challenge or one (`challengeId`). */
export function useJudgingQueue(enabled: boolean, { page, challengeId }: { page: number; challengeId: number | null }) {
  const offset = (page - 1) * QUEUE_PAGE_SIZE;
  return useQuery({
    queryKey: [...QUEUE_KEY, challengeId, page],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/judging/queue', {
          params: { query: { offset, limit: QUEUE_PAGE_SIZE, ...(challengeId ? { challenge_id: challengeId } : {}) } },
        }),
        'Could not load the judging queue.',
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSubmission(scoreId: number, enabled: boolean) {
  return useQuery({
    queryKey: submissionKey(scoreId),
    queryFn: () =>
      callApi(secureApi.GET('/api/judging/submissions/{scoreId}', { params: { path: { scoreId } } }), 'Could not load this submission.'),
    enabled,
  });
}

/** The certificate is asked again (after passing the test; the test page keeps showing its result). */
export function useRefreshJudgeStatus() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: ME_KEY });
}

/** Everything judging shows is asked again after a step (the queue, the submission). */
export function useRefreshJudging() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: JUDGING_KEY });
}

export const claimSubmission = (scoreId: number) =>
  callApi(secureApi.POST('/api/judging/submissions/{scoreId}/claim', { params: { path: { scoreId } } }), 'Could not claim this score.');

export const sendVerdict = (scoreId: number, body: VerdictRequest) =>
  callApi(
    secureApi.POST('/api/judging/submissions/{scoreId}/verdict', { params: { path: { scoreId } }, body }),
    'Could not send the verdict.',
  );

export const confirmVerdict = (scoreId: number, agree: boolean) =>
  callApi(
    secureApi.POST('/api/judging/submissions/{scoreId}/confirm', { params: { path: { scoreId } }, body: { agree } }),
    'Could not confirm the verdict.',
  );

export type JudgingTest = Awaited<ReturnType<typeof loadJudgingTest>>;

const loadJudgingTest = () => callApi(secureApi.GET('/api/judging/test'), 'Could not load the judging test.');

export function useJudgingTest(enabled: boolean) {
  return useQuery({ queryKey: [...JUDGING_KEY, 'test'], queryFn: loadJudgingTest, enabled });
}

export const takeJudgingTest = (answers: { clip_id: number; reps: number; marks: number[] }[]) =>
  callApi(secureApi.POST('/api/judging/test/attempts', { body: { answers } }), 'Could not send your answers.');

export type JudgingBattleAttempt = components['schemas']['JudgingBattleAttempt'];
export type BattleVerdictRequest = NonNullable<
  paths['/api/judging/battle-attempts/{attemptId}/verdict']['post']['requestBody']
>['content']['application/json'];

/** Battle attempts waiting for a verdict (judged-video battles), the round closing soonest first. */
export function useBattleAttemptQueue(enabled: boolean) {
  return useQuery({
    queryKey: [...JUDGING_KEY, 'battle-attempts'],
    queryFn: () =>
      callApi(secureApi.GET('/api/judging/battle-attempts', { params: { query: { limit: 25 } } }), 'Could not load the battle attempts.'),
    enabled,
  });
}

export const judgeBattleAttempt = (attemptId: number, body: BattleVerdictRequest) =>
  callApi(
    secureApi.POST('/api/judging/battle-attempts/{attemptId}/verdict', { params: { path: { attemptId } }, body }),
    'Could not send the verdict.',
  );
