import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { holdRealtimeRoom, useRealtime, useRealtimeReconnect } from '#src/lib/realtime.ts';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import type { TeamRole } from '#domain/teams.ts';

export type TeamDetail = components['schemas']['TeamDetail'];
export type TeamInput = components['schemas']['TeamInput'];
export type TeamInvitation = components['schemas']['TeamInvitation'];

const MINE_KEY = ['get', '/api/teams/mine'] as const;
const teamKey = (teamId: number) => ['get', '/api/teams/{teamId}', teamId] as const;

export function useMyTeams() {
  return useQuery({
    queryKey: MINE_KEY,
    queryFn: () => callApi(secureApi.GET('/api/teams/mine'), 'Could not load your teams.'),
    staleTime: 0,
  });
}

export function useTeam(teamId: number) {
  return useQuery({
    queryKey: teamKey(teamId),
    queryFn: () => callApi(secureApi.GET('/api/teams/{teamId}', { params: { path: { teamId } } }), 'Could not load the team.'),
    staleTime: 0,
  });
}

export function useInvitable(teamId: number, q: string) {
  return useQuery({
    queryKey: ['get', '/api/teams/{teamId}/invitable', teamId, q],
    queryFn: () =>
      callApi(secureApi.GET('/api/teams/{teamId}/invitable', { params: { path: { teamId }, query: { q } } }), 'Could not search athletes.'),
    enabled: q.trim().length >= 2,
  });
}

export function useCreateTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamInput) => callApi(secureApi.POST('/api/teams', { body }), 'Could not create the team.'),
    onSuccess: () => void qc.invalidateQueries({ queryKey: MINE_KEY }),
  });
}

/** Every change to a team refreshes it, the caller's list and the inbox count. */
function useTeamMutation<A>(teamId: number | null, run: (args: A) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => {
      if (teamId !== null) void qc.invalidateQueries({ queryKey: teamKey(teamId) });
      void qc.invalidateQueries({ queryKey: MINE_KEY });
      void qc.invalidateQueries({ queryKey: ['get', '/api/notifications/unread-count'] });
    },
  });
}

export const useUpdateTeam = (teamId: number) =>
  useTeamMutation(teamId, (body: Partial<TeamInput>) =>
    callApi(secureApi.PATCH('/api/teams/{teamId}', { params: { path: { teamId } }, body }), 'Could not save the team.'),
  );
export const useDisbandTeam = (teamId: number) =>
  useTeamMutation(null, () =>
    callApi(secureApi.DELETE('/api/teams/{teamId}', { params: { path: { teamId } } }), 'Could not disband the team.'),
  );
export const useLeaveTeam = (teamId: number) =>
  useTeamMutation(teamId, () =>
    callApi(secureApi.POST('/api/teams/{teamId}/leave', { params: { path: { teamId } } }), 'Could not leave the team.'),
  );
export const useRemoveMember = (teamId: number) =>
  useTeamMutation(teamId, (userId: number) =>
    callApi(
      secureApi.DELETE('/api/teams/{teamId}/members/{userId}', { params: { path: { teamId, userId } } }),
      'Could not remove the member.',
    ),
  );
export const useSetRole = (teamId: number) =>
  useTeamMutation(teamId, ({ userId, role }: { userId: number; role: TeamRole }) =>
    callApi(
      secureApi.PUT('/api/teams/{teamId}/members/{userId}/role', { params: { path: { teamId, userId } }, body: { role } }),
      'Could not change the role.',
    ),
  );
export const useInvite = (teamId: number) =>
  useTeamMutation(teamId, (body: { user_id: number } | { email: string }) =>
    callApi(secureApi.POST('/api/teams/{teamId}/invitations', { params: { path: { teamId } }, body }), 'Could not send the invitation.'),
  );
export const useRequestToJoin = (teamId: number) =>
  useTeamMutation(teamId, () =>
    callApi(secureApi.POST('/api/teams/{teamId}/join-requests', { params: { path: { teamId } } }), 'Could not send the request.'),
  );

export type InvitationAnswer = 'accept' | 'decline' | 'revoke';
export const useAnswerInvitation = (teamId: number | null) =>
  useTeamMutation(teamId, ({ id, answer }: { id: number; answer: InvitationAnswer }) => {
    const path = { params: { path: { invitationId: id } } };
    if (answer === 'accept') return callApi(secureApi.POST('/api/team-invitations/{invitationId}/accept', path), 'Could not accept.');
    if (answer === 'decline') return callApi(secureApi.POST('/api/team-invitations/{invitationId}/decline', path), 'Could not decline.');
    return callApi(secureApi.DELETE('/api/team-invitations/{invitationId}', path), 'Could not revoke the invitation.');
  });

export type EnterableChallenge = components['schemas']['EnterableChallenge'];
export type TeamChallengeEntry = components['schemas']['TeamChallengeEntry'];

export function useEnterableChallenges(teamId: number) {
  return useQuery({
    queryKey: ['get', '/api/teams/{teamId}/enterable-challenges', teamId],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/teams/{teamId}/enterable-challenges', { params: { path: { teamId } } }),
        'Could not load the challenges the team can enter.',
      ),
    staleTime: 0,
  });
}

export function useEnterChallenge(teamId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ challengeId, ...body }: { challengeId: number; member_ids: number[]; division: 'rx' | 'scaled' }) =>
      callApi(
        secureApi.POST('/api/teams/{teamId}/challenges/{challengeId}', { params: { path: { teamId, challengeId } }, body }),
        'Could not enter the team.',
      ),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: teamKey(teamId) });
      void qc.invalidateQueries({ queryKey: ['get', '/api/teams/{teamId}/enterable-challenges', teamId] });
      void qc.invalidateQueries({ queryKey: ['get', '/api/notifications/unread-count'] });
    },
  });
}

/** At most one refetch of the team per this long while its boards move (a busy challenge pushes every score). */
const LIVE_REFETCH_MS = 2000;

/**
 * The team's places follow its running team challenges live: the dashboard sits in each one's room on
 * the socket and fetches the team again when a board moves (and when the socket comes back from a drop).
 */
export function useTeamPlacesLive(teamId: number, runningChallengeIds: number[]) {
  const qc = useQueryClient();
  const key = runningChallengeIds.join(',');
  const due = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);
  useEffect(() => {
    const releases = key ? key.split(',').map((id) => holdRealtimeRoom({ challenge_id: Number(id) })) : [];
    return () => {
      releases.forEach((release) => release());
      if (due.current) clearTimeout(due.current);
      due.current = null;
    };
  }, [key]);
  const refetch = () => {
    if (due.current) return;
    const wait = Math.max(0, last.current + LIVE_REFETCH_MS - Date.now());
    due.current = setTimeout(() => {
      due.current = null;
      last.current = Date.now();
      void qc.invalidateQueries({ queryKey: teamKey(teamId) });
    }, wait);
  };
  useRealtime(null, (message) => {
    if (message.type === 'leaderboard_updated' && runningChallengeIds.includes(message.challenge_id)) refetch();
  });
  useRealtimeReconnect(() => {
    if (runningChallengeIds.length > 0) refetch();
  });
}
