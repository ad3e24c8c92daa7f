import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import type { LegalKind } from '#domain/legal.ts';
import type { PublishRequest } from '#machines/legal-publish.ts';

export type LegalDocument = components['schemas']['LegalDocument'];
export type ConsentHistoryData = components['schemas']['ConsentHistory'];

const PENDING_KEY = ['get', '/api/legal/consents/pending'] as const;
const HISTORY_KEY = ['get', '/api/legal/consents'] as const;
const WAIVER_KEY = ['get', '/api/legal/waiver/me'] as const;

export function useCurrentDocument(kind: LegalKind) {
  return useQuery({
    queryKey: ['get', '/api/legal/documents/{kind}/current', kind],
    queryFn: () => callApi(api.GET('/api/legal/documents/{kind}/current', { params: { path: { kind } } }), 'Could not load the document.'),
  });
}

export function useMyWaiver(enabled: boolean) {
  return useQuery({
    queryKey: WAIVER_KEY,
    queryFn: () => callApi(secureApi.GET('/api/legal/waiver/me'), 'Could not load the liability waiver.'),
    enabled,
    staleTime: 0,
  });
}

export function useSignWaiver() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { version: number; full_name: string; agreed: true }) =>
      callApi(secureApi.POST('/api/legal/waiver/signatures', { body }), 'Could not sign the waiver.'),
    onSettled: () => void qc.invalidateQueries({ queryKey: WAIVER_KEY }),
  });
}

export function usePublishDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: PublishRequest) =>
      callApi(secureApi.POST('/api/legal/documents/{kind}', { params: { path: { kind } }, body }), 'Could not publish.'),
    onSuccess: () =>
      void qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[1] === 'string' && q.queryKey[1].startsWith('/api/legal') }),
  });
}

export function useChallengeSignatures(challengeId: number | null) {
  return useQuery({
    queryKey: ['get', '/api/legal/challenges/{challengeId}/waiver-signatures', challengeId],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/legal/challenges/{challengeId}/waiver-signatures', { params: { path: { challengeId: challengeId ?? 0 } } }),
        'Could not load the signatures.',
      ),
    enabled: challengeId !== null,
  });
}

export function useConsentHistory() {
  return useQuery({
    queryKey: HISTORY_KEY,
    queryFn: () => callApi(secureApi.GET('/api/legal/consents'), 'Could not load your consent history.'),
  });
}

/** Asked on every page load of a signed-in account (and again after accepting). */
export function usePendingConsents(userId: number | null) {
  return useQuery({
    queryKey: [...PENDING_KEY, userId],
    queryFn: () => callApi(secureApi.GET('/api/legal/consents/pending'), 'Could not check the terms you accepted.'),
    enabled: userId !== null,
    staleTime: 0,
  });
}

export function useAcceptConsents() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: components['schemas']['ConsentAcceptance']) =>
      callApi(secureApi.POST('/api/legal/consents', { body }), 'Could not record your acceptance.'),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: PENDING_KEY });
      void qc.invalidateQueries({ queryKey: HISTORY_KEY });
    },
  });
}
