import type { AppContext } from '#server/context.ts';
import * as gyms from './gyms.ts';
import { gymDirectory } from './directory.ts';
import { isAdminRole, optionalAuth } from '../auth/index.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type GymOps = 'searchGyms' | 'listGymDirectory' | 'createGym' | 'listGymsToManage' | 'getGym' | 'updateGym' | 'setGymVerified' | 'mergeGym';

export function gymHandlers(ctx: AppContext): Handlers<GymOps> {
  const db = () => ctx.database.db;
  return {
    async searchGyms(request) {
      const caller = await optionalAuth(ctx, request, { csrf: false });
      // Editors and administrators see every gym (they verify and merge the unverified ones).
      const viewer = !caller ? null : isAdminRole(caller.user.role) ? 'staff' : caller.user.id;
      return gyms.searchGyms(db(), request.query.q, request.query.limit, viewer);
    },
    async listGymDirectory(request) {
      const q = request.query;
      return gymDirectory(db(), { q: q.q, page: q.page ?? 1, page_size: q.page_size ?? 24 });
    },
    async createGym(request, reply) {
      const actor = { id: request.auth!.user.id, isAdmin: isAdminRole(request.auth!.user.role) };
      const result = await gyms.createGym(db(), actor, request.body, ctx.now());
      if (result.existing) {
        return reply.code(409).send({ detail: gyms.duplicateDetail(result.existing), existing_gym: gyms.presentGym(result.existing) });
      }
      return reply.code(201).send(gyms.presentGym(result.gym));
    },
    async listGymsToManage(request) {
      const q = request.query;
      return gyms.listToManage(db(), { verified: q.verified, q: q.q, page: q.page ?? 1, page_size: q.page_size ?? 25 });
    },
    async getGym(request) {
      return gyms.gymDetail(db(), request.params.gymId);
    },
    async updateGym(request) {
      return gyms.updateGym(db(), request.params.gymId, request.auth!.user.id, request.body, ctx.now());
    },
    async setGymVerified(request) {
      return gyms.setVerified(db(), request.params.gymId, request.body.verified, request.auth!.user.id, ctx.now());
    },
    async mergeGym(request) {
      return gyms.mergeGym(db(), request.params.gymId, request.body.into_gym_id, request.auth!.user.id, ctx.now());
    },
  };
}
