import type { AppContext } from '#server/context.ts';
import { boardCacheOf } from '#server/lib/boards/board-cache.ts';
import * as network from './sports-network.ts';
import { networkChanges } from './sports-network-changes.ts';
import { leagueSeason } from './sports-network-season.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type NetworkOps =
  | 'listFederations'
  | 'createFederation'
  | 'updateFederation'
  | 'deleteFederation'
  | 'listLeagues'
  | 'createLeague'
  | 'getLeague'
  | 'updateLeague'
  | 'deleteLeague'
  | 'addLeagueGym'
  | 'removeLeagueGym'
  | 'addLeagueEvent'
  | 'removeLeagueEvent'
  | 'getLeagueSeason'
  | 'listSportsNetworkChanges';

export function sportsNetworkHandlers(ctx: AppContext): Handlers<NetworkOps> {
  const db = () => ctx.database.db;
  /** A league change answers once its notice is back here, so the writer's next season read on this node shows it. */
  const synced = async <T>(answer: Promise<T>) => {
    const out = await answer;
    await boardCacheOf(ctx)?.sync(ctx.database);
    return out;
  };
  return {
    async listFederations() {
      return network.listFederations(db());
    },
    async createFederation(request, reply) {
      return reply.code(201).send(await network.createFederation(db(), request.auth!.user.id, request.body, ctx.now()));
    },
    async updateFederation(request) {
      return network.updateFederation(db(), request.auth!.user.id, request.params.federationId, request.body, ctx.now());
    },
    async deleteFederation(request, reply) {
      await network.deleteFederation(db(), request.auth!.user.id, request.params.federationId, ctx.now());
      return reply.code(204).send();
    },
    async listLeagues(request) {
      return network.listLeagues(db(), { federation_id: request.query.federation_id });
    },
    async createLeague(request, reply) {
      return reply.code(201).send(await network.createLeague(db(), request.auth!.user.id, request.body, ctx.now()));
    },
    async getLeague(request) {
      return network.leagueDetail(db(), request.params.leagueId);
    },
    async updateLeague(request) {
      return synced(network.updateLeague(db(), request.auth!.user.id, request.params.leagueId, request.body, ctx.now()));
    },
    async deleteLeague(request, reply) {
      await network.deleteLeague(db(), request.auth!.user.id, request.params.leagueId, ctx.now());
      return reply.code(204).send();
    },
    async addLeagueGym(request) {
      return synced(network.addLeagueGym(db(), request.auth!.user.id, request.params.leagueId, request.body.gym_id, ctx.now()));
    },
    async removeLeagueGym(request) {
      return synced(network.removeLeagueGym(db(), request.auth!.user.id, request.params.leagueId, request.params.gymId, ctx.now()));
    },
    async addLeagueEvent(request) {
      return synced(network.addLeagueEvent(db(), request.auth!.user.id, request.params.leagueId, request.body.event_id, ctx.now()));
    },
    async removeLeagueEvent(request) {
      return synced(network.removeLeagueEvent(db(), request.auth!.user.id, request.params.leagueId, request.params.eventId, ctx.now()));
    },
    async getLeagueSeason(request) {
      return leagueSeason(ctx, request.params.leagueId);
    },
    async listSportsNetworkChanges(request) {
      const q = request.query;
      return networkChanges(db(), { subject: q.subject, subject_id: q.subject_id, limit: q.limit ?? 50, offset: q.offset ?? 0 });
    },
  };
}
