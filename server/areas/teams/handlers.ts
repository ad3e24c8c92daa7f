import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { isAdminRole } from '../auth/index.ts';
import * as teams from './teams.ts';
import * as invitations from './teams-invitations.ts';
import * as entries from './teams-challenges.ts';
import { calendarPath, rotateCalendar, teamCalendar } from './teams-calendar.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type TeamOps =
  | 'createTeam'
  | 'listMyTeams'
  | 'getTeam'
  | 'updateTeam'
  | 'disbandTeam'
  | 'leaveTeam'
  | 'removeTeamMember'
  | 'setTeamMemberRole'
  | 'searchInvitableAthletes'
  | 'inviteToTeam'
  | 'requestToJoinTeam'
  | 'acceptTeamInvitation'
  | 'declineTeamInvitation'
  | 'revokeTeamInvitation'
  | 'listEnterableChallenges'
  | 'enterTeamChallenge'
  | 'getTeamCalendar'
  | 'rotateTeamCalendar';

const actorOf = (request: FastifyRequest): teams.Actor => {
  const auth = request.auth!;
  return { id: auth.user.id, isAdmin: isAdminRole(auth.user.role) };
};

export function teamHandlers(ctx: AppContext): Handlers<TeamOps> {
  const db = () => ctx.database.db;
  return {
    async createTeam(request, reply) {
      return reply.code(201).send(await teams.createTeam(db(), actorOf(request), request.body, ctx.now()));
    },
    async listMyTeams(request) {
      return teams.myTeams(db(), request.auth!.user.id, ctx.now());
    },
    async getTeam(request) {
      const actor = actorOf(request);
      const team = await teams.teamDetail(db(), request.params.teamId, actor, ctx.now());
      return { ...team, calendar_url: team.viewer_role || actor.isAdmin ? await calendarPath(ctx, team.id) : null };
    },
    async updateTeam(request) {
      return teams.updateTeam(db(), request.params.teamId, actorOf(request), request.body, ctx.now());
    },
    async disbandTeam(request, reply) {
      await teams.disbandTeam(db(), request.params.teamId, actorOf(request), ctx.now());
      return reply.code(204).send();
    },
    async leaveTeam(request, reply) {
      await teams.leaveTeam(db(), request.params.teamId, actorOf(request));
      return reply.code(204).send();
    },
    async removeTeamMember(request) {
      return teams.removeMember(db(), request.params.teamId, request.params.userId, actorOf(request), ctx.now());
    },
    async setTeamMemberRole(request) {
      return teams.setRole(db(), request.params.teamId, request.params.userId, request.body.role, actorOf(request), ctx.now());
    },
    async searchInvitableAthletes(request) {
      return invitations.searchInvitable(db(), request.params.teamId, actorOf(request), request.query.q);
    },
    async inviteToTeam(request, reply) {
      const body = request.body as { user_id?: number; email?: string };
      return reply.code(201).send(await invitations.invite(ctx, request.params.teamId, actorOf(request), body, ctx.now()));
    },
    async requestToJoinTeam(request, reply) {
      return reply.code(201).send(await invitations.requestToJoin(ctx, request.params.teamId, actorOf(request), ctx.now()));
    },
    async acceptTeamInvitation(request) {
      return invitations.acceptInvitation(ctx, request.params.invitationId, actorOf(request), ctx.now());
    },
    async declineTeamInvitation(request) {
      return invitations.declineInvitation(ctx, request.params.invitationId, actorOf(request), ctx.now());
    },
    async revokeTeamInvitation(request, reply) {
      await invitations.revokeInvitation(ctx, request.params.invitationId, actorOf(request), ctx.now());
      return reply.code(204).send();
    },
    async listEnterableChallenges(request) {
      return entries.enterableChallenges(db(), request.params.teamId, actorOf(request), ctx.now());
    },
    async enterTeamChallenge(request, reply) {
      const { teamId, challengeId } = request.params;
      return reply.code(201).send(await entries.enterChallenge(db(), teamId, challengeId, actorOf(request), request.body, ctx.now()));
    },
    async rotateTeamCalendar(request) {
      // The route's x-role (captain) has been checked before this runs (server/role-gate.ts).
      return rotateCalendar(ctx, request.params.teamId);
    },
    async getTeamCalendar(request, reply) {
      const ics = await teamCalendar(ctx, request.params.teamId, request.query.key);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `inline; filename="team-${request.params.teamId}.ics"`)
        .header('cache-control', 'private, max-age=300')
        .send(ics);
    },
  };
}
