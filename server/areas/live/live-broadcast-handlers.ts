import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/lib/handler-types.ts';
import { cancelBroadcast, changeBroadcast, listBroadcasts, scheduleBroadcast, startBroadcast, stopBroadcast } from './live-broadcasts.ts';
import { broadcastTicker, currentBroadcast, watchBroadcast } from './live-broadcast-public.ts';
import { directorBoard, setDirector } from './live-director.ts';

type BroadcastOps =
  | 'getCurrentBroadcast'
  | 'getBroadcastTicker'
  | 'watchBroadcast'
  | 'listBroadcasts'
  | 'scheduleBroadcast'
  | 'changeBroadcast'
  | 'cancelBroadcast'
  | 'startBroadcast'
  | 'stopBroadcast'
  | 'getBroadcastDirector'
  | 'setBroadcastDirector';

export function liveBroadcastHandlers(ctx: AppContext): Handlers<BroadcastOps> {
  return {
    // The banner's read on every page load: a few seconds' cache keeps it light (a start or stop reaches
    // signed-in pages over the socket at once).
    async getCurrentBroadcast(_request, reply) {
      void reply.header('cache-control', 'public, max-age=5');
      return currentBroadcast(ctx);
    },
    async getBroadcastTicker(_request, reply) {
      void reply.header('cache-control', 'public, max-age=10');
      return broadcastTicker(ctx);
    },
    async watchBroadcast(request) {
      return watchBroadcast(ctx, request.params.broadcastId, request.body.viewer);
    },
    async listBroadcasts() {
      return listBroadcasts(ctx);
    },
    async scheduleBroadcast(request, reply) {
      return reply.code(201).send(await scheduleBroadcast(ctx, request.auth!.user.id, request.body));
    },
    async changeBroadcast(request) {
      return changeBroadcast(ctx, request.params.broadcastId, request.body);
    },
    async cancelBroadcast(request, reply) {
      await cancelBroadcast(ctx, request.params.broadcastId);
      return reply.code(204).send();
    },
    async startBroadcast(request) {
      return startBroadcast(ctx, request.params.broadcastId);
    },
    async stopBroadcast(request) {
      return stopBroadcast(ctx, request.params.broadcastId);
    },
    // The director (live-director.ts): editors and administrators.
    async getBroadcastDirector(request) {
      return directorBoard(ctx, request.params.broadcastId);
    },
    async setBroadcastDirector(request) {
      return setDirector(ctx, request.params.broadcastId, request.body);
    },
  };
}
