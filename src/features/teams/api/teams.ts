import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '../../../api/client.ts';
import { callApi } from '../../../api/errors.ts';
import type { components } from '../../../../openapi/schema.d.ts';
import type { TeamRole } from '../../../../domain/teams.ts';

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
