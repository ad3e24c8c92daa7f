import type { AppContext } from '../context.ts';
import * as network from '../services/sports-network.ts';
import { leagueSeason } from '../services/sports-network-season.ts';
import type { Handlers } from './types.ts';

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
      return network.updateLeague(db(), request.auth!.user.id, request.params.leagueId, request.body, ctx.now());
    },
    async deleteLeague(request, reply) {
      await network.deleteLeague(db(), request.auth!.user.id, request.params.leagueId, ctx.now());
      return reply.code(204).send();
    },
    async addLeagueGym(request) {
      return network.addLeagueGym(db(), request.auth!.user.id, request.params.leagueId, request.body.gym_id, ctx.now());
    },
    async removeLeagueGym(request) {
      return network.removeLeagueGym(db(), request.auth!.user.id, request.params.leagueId, request.params.gymId, ctx.now());
    },
    async addLeagueEvent(request) {
      return network.addLeagueEvent(db(), request.auth!.user.id, request.params.leagueId, request.body.event_id, ctx.now());
    },
    async removeLeagueEvent(request) {
      return network.removeLeagueEvent(db(), request.auth!.user.id, request.params.leagueId, request.params.eventId, ctx.now());
    },
    async getLeagueSeason(request) {
      return leagueSeason(db(), request.params.leagueId);
    },
    async listSportsNetworkChanges(request) {
      const q = request.query;
      return network.networkChanges(db(), q.subject, q.subject_id, q.limit ?? 50);
    },
  };
}
