import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { isAdminRole } from '../auth/index.ts';
import * as alliances from './teams-alliances.ts';
import type { Actor } from './teams-access.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type AllianceOps = 'listTeamAlliances' | 'proposeAlliance' | 'searchAllianceCandidates' | 'acceptAlliance' | 'leaveAlliance';

const actorOf = (request: FastifyRequest): Actor => {
  const auth = request.auth!;
  return { id: auth.user.id, isAdmin: isAdminRole(auth.user.role) };
};

export function teamAllianceHandlers(ctx: AppContext): Handlers<AllianceOps> {
  const db = () => ctx.database.db;
  return {
    async listTeamAlliances(request) {
      return alliances.listAlliances(db(), request.params.teamId, actorOf(request));
    },
    async proposeAlliance(request, reply) {
      return reply.code(201).send(await alliances.propose(db(), request.params.teamId, actorOf(request), request.body, ctx.now()));
    },
    async searchAllianceCandidates(request) {
      return alliances.searchCandidates(db(), request.params.teamId, actorOf(request), request.query.q);
    },
    async acceptAlliance(request) {
      const { allianceId, teamId } = request.params;
      return alliances.accept(db(), allianceId, teamId, actorOf(request), ctx.now());
    },
    async leaveAlliance(request) {
      const { allianceId, teamId } = request.params;
      return alliances.leave(db(), allianceId, teamId, actorOf(request), ctx.now());
    },
  };
}
