import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { optionalAuth, isAdminRole } from '../auth/index.ts';
import * as events from './events.ts';
import { eventBoard, eventStandings, standingsRead } from './events-standings.ts';
import { sendKeptBoard } from '#server/lib/boards/send-kept.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type EventOps = 'listEvents' | 'createEvent' | 'getEvent' | 'updateEvent' | 'getEventStandings';

const caller = (request: FastifyRequest) => {
  const auth = request.auth!;
  return { id: auth.user.id, isAdmin: isAdminRole(auth.user.role) };
};

export function eventHandlers(ctx: AppContext): Handlers<EventOps> {
  return {
    async listEvents(request) {
      const q = request.query;
      return events.listEvents(ctx, { ended: q.ended, challenge_id: q.challenge_id, limit: q.limit ?? 12 });
    },
    async createEvent(request, reply) {
      return reply.code(201).send(await events.createEvent(ctx, caller(request), request.body));
    },
    async getEvent(request) {
      return events.getEvent(ctx, request.params.eventId);
    },
    async updateEvent(request) {
      return events.updateEvent(ctx, caller(request), request.params.eventId, request.body);
    },
    async getEventStandings(request, reply) {
      const who = await optionalAuth(ctx, request, { csrf: false });
      const q = request.query;
      const asked = {
        eventId: request.params.eventId,
        category: q.category,
        sort: q.sort,
        order: q.order,
        offset: q.offset ?? 0,
        limit: q.limit ?? 50,
      };
      if (who) return eventStandings(ctx, asked, who.user.id);
      // What a visitor sees is kept until the event, one of its workouts' boards or a name on it changes (on any
      // node), and sent with its ETag and compressed bodies.
      const key = `event-standings:${JSON.stringify(asked)}`;
      return sendKeptBoard(ctx, request, reply, key, [eventBoard(asked.eventId)], () => standingsRead(ctx, asked, null));
    },
  };
}
