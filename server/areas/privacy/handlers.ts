import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { getPrivacyChoices, updatePrivacyChoices } from '../settings/index.ts';
import * as deletion from './privacy-deletion.ts';
import * as dataExport from './privacy-export.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type PrivacyOps =
  | 'getPrivacySettings'
  | 'updatePrivacySettings'
  | 'listDataExports'
  | 'requestDataExport'
  | 'downloadDataExport'
  | 'getAccountDeletion'
  | 'startAccountDeletion'
  | 'confirmAccountDeletion';

const callerId = (request: FastifyRequest) => request.auth!.user.id;

export function privacyHandlers(ctx: AppContext): Handlers<PrivacyOps> {
  return {
    async getPrivacySettings(request) {
      return getPrivacyChoices(ctx.database.db, callerId(request));
    },
    async updatePrivacySettings(request) {
      return updatePrivacyChoices(ctx, callerId(request), request.body);
    },
    async listDataExports(request) {
      return dataExport.listExports(ctx, callerId(request));
    },
    async requestDataExport(request, reply) {
      return reply.code(202).send(await dataExport.requestExport(ctx, callerId(request)));
    },
    async downloadDataExport(request, reply) {
      const zip = await dataExport.downloadExport(ctx, request.params.exportId, request.params.token);
      const day = ctx.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="repforge-data-${day}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
    async getAccountDeletion(request) {
      return deletion.getDeletion(ctx, callerId(request));
    },
    async startAccountDeletion(request, reply) {
      return reply.code(202).send(await deletion.startDeletion(ctx, callerId(request), request.body.password));
    },
    async confirmAccountDeletion(request) {
      return deletion.confirmDeletion(ctx, callerId(request), request.body.code);
    },
  };
}
