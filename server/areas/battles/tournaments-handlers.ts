import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/lib/handler-types.ts';
import { optionalAuth } from '../auth/index.ts';
import { battleBracket } from './bracket-view.ts';
import { createTournament, getTournament, listTournaments, type TournamentInput } from './tournaments.ts';
import { battleCalendar, battleCalendarFeed } from './tournaments-calendar.ts';
import { tournamentPreview } from './tournaments-preview.ts';

export type TournamentOps =
  | 'listTournaments'
  | 'createTournament'
  | 'getTournament'
  | 'tournamentPreview'
  | 'getBattleBracket'
  | 'battleCalendar'
  | 'battleCalendarFeed';

export function tournamentHandlers(ctx: AppContext): Handlers<TournamentOps> {
  const viewer = async (request: Parameters<typeof optionalAuth>[1]) =>
    (await optionalAuth(ctx, request, { csrf: false }))?.user.id ?? null;
  return {
    async listTournaments(request) {
      return listTournaments(ctx, { status: request.query.status ?? 'live', limit: request.query.limit ?? 10 }, await viewer(request));
    },
    async createTournament(request, reply) {
      // The route's x-role (administrator) has been checked before this runs (server/role-gate.ts).
      return reply.code(201).send(await createTournament(ctx, request.auth!.user.id, request.body as TournamentInput));
    },
    async getTournament(request) {
      return getTournament(ctx, request.params.tournamentId, await viewer(request));
    },
    async tournamentPreview(request) {
      return tournamentPreview(ctx, request.params.tournamentId);
    },
    async getBattleBracket(request) {
      return battleBracket(ctx, request.params.battleId);
    },
    async battleCalendar(request) {
      return battleCalendar(ctx, request.auth!.user.id);
    },
    async battleCalendarFeed(request, reply) {
      const ics = await battleCalendarFeed(ctx, request.params.userId, request.query.key);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `inline; filename="battles-${request.params.userId}.ics"`)
        .header('cache-control', 'private, max-age=300')
        .send(ics);
    },
  };
}
