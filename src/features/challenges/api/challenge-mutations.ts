import { useMutation, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import { campaignCode } from '#src/lib/campaign-code.ts';
import type { components } from '#openapi/schema.d.ts';
import type { ChallengeInput, ScoreSubmission } from './challenges.ts';

// The challenge writes, apart from the reads so a page that only reads (a board) loads no mutation code.

/** After any write: every list, board and detail of challenges is refetched. */
function useInvalidateChallenges() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[1] === 'string' && q.queryKey[1].startsWith('/api/challenges') });
}

export function useSaveChallenge(id: number | null) {
  const invalidate = useInvalidateChallenges();
  return useMutation({
    mutationFn: async (input: ChallengeInput) => {
      const saving =
        id === null
          ? secureApi.POST('/api/challenges/', { body: input })
          : secureApi.PUT('/api/challenges/{challengeId}', { params: { path: { challengeId: id } }, body: input });
      return callApi(saving, 'Could not save the challenge.');
    },
    onSuccess: () => void invalidate(),
  });
}

export function useJoinChallenge(id: number) {
  const invalidate = useInvalidateChallenges();
  return useMutation({
    mutationFn: (input: components['schemas']['JoinInput']) =>
      callApi(
        // The promotion the athlete came through, if any: the server counts the join for it (and ignores another's).
        secureApi.POST('/api/challenges/{challengeId}/join', {
          params: { path: { challengeId: id } },
          body: { ...input, campaign: campaignCode() },
        }),
        'Could not join the challenge.',
      ),
    onSuccess: () => void invalidate(),
  });
}

/** A score with its submit attempt's Idempotency-Key: a retry of the same attempt is stored once. */
export function useSubmitScore(id: number) {
  const invalidate = useInvalidateChallenges();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ScoreSubmission; idempotencyKey?: string }) =>
      callApi(
        secureApi.POST('/api/challenges/{challengeId}/submit-score', {
          params: { path: { challengeId: id }, header: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {} },
          body,
        }),
        'Could not submit the score.',
      ),
    onSuccess: () => void invalidate(),
  });
}

export function useDeleteChallenge() {
  const invalidate = useInvalidateChallenges();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }) => {
      return callApi(
        secureApi.DELETE('/api/challenges/admin/challenges/{challengeId}/delete', {
          params: { path: { challengeId: id } },
          body: { deletion_reason: reason },
        }),
        'Could not delete the challenge.',
      );
    },
    onSuccess: () => void invalidate(),
  });
}

export function useWithdrawScore() {
  const invalidate = useInvalidateChallenges();
  return useMutation({
    mutationFn: ({ challengeId, scoreId }: { challengeId: number; scoreId: number }) =>
      callApi(
        secureApi.DELETE('/api/challenges/{challengeId}/scores/{scoreId}', { params: { path: { challengeId, scoreId } } }),
        'Could not withdraw the score.',
      ),
    onSuccess: () => void invalidate(),
  });
}

export function useReviewScore() {
  const invalidate = useInvalidateChallenges();
  return useMutation({
    mutationFn: ({ scoreId, decision, reason }: { scoreId: number; decision: 'verify' | 'reject'; reason?: string }) =>
      callApi(
        secureApi.POST('/api/challenges/admin/scores/{scoreId}/review', { params: { path: { scoreId } }, body: { decision, reason } }),
        'Could not review the score.',
      ),
    onSuccess: () => void invalidate(),
  });
}
