import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/lib/handler-types.ts';
import { isAdminRole, optionalAuth } from '../auth/index.ts';
import { listAttempts, myAttempts, submitAttempt } from './attempts.ts';
import { createBattle, enterBattle, getBattle, listBattles, userDashboard, type BattleInput } from './battles.ts';
import { leaderboard } from './board.ts';
import { negotiationHandlers, type NegotiationOps } from './negotiation-handlers.ts';
import { squadBoard } from './squad-board.ts';
import { createSquadBattle, enterSquad, getSquadBattle, listSquadBattles, mySquadTeams, type SquadBattleInput } from './squads.ts';
import { tournamentHandlers, type TournamentOps } from './tournaments-handlers.ts';

type BattleOps =
  | 'listBattles'
  | 'createBattle'
  | 'getBattle'
  | 'enterBattle'
  | 'submitBattleAttempt'
  | 'listBattleAttempts'
  | 'myBattleAttempts'
  | 'getBattleLeaderboard'
  | 'battleDashboard'
  | 'listSquadBattles'
  | 'createSquadBattle'
  | 'getSquadBattle'
  | 'enterSquad'
  | 'getSquadBoard'
  | 'mySquadTeams';

export function battleHandlers(ctx: AppContext): Handlers<BattleOps | TournamentOps | NegotiationOps> {
  const viewer = async (request: Parameters<typeof optionalAuth>[1]) =>
    (await optionalAuth(ctx, request, { csrf: false }))?.user.id ?? null;
  return {
    ...tournamentHandlers(ctx),
    ...negotiationHandlers(ctx),
    async listBattles(request) {
      return listBattles(ctx, { status: request.query.status ?? 'live', limit: request.query.limit ?? 20 }, await viewer(request));
    },
    async createBattle(request, reply) {
      return reply.code(201).send(await createBattle(ctx, request.auth!.user.id, request.body as BattleInput));
    },
    async getBattle(request) {
      return getBattle(ctx, request.params.battleId, await viewer(request));
    },
    async enterBattle(request) {
      return enterBattle(ctx, request.params.battleId, request.auth!.user.id);
    },
    async submitBattleAttempt(request, reply) {
      return reply
        .code(201)
        .send(await submitAttempt(ctx, request.params.battleId, request.auth!.user.id, request.body as Record<string, unknown>));
    },
    async listBattleAttempts(request) {
      return listAttempts(ctx, request.params.battleId, { round: request.query.round, limit: request.query.limit ?? 20 });
    },
    async myBattleAttempts(request) {
      return myAttempts(ctx, request.params.battleId, request.auth!.user.id);
    },
    async getBattleLeaderboard(request) {
      const q = request.query;
      return leaderboard(
        ctx,
        request.params.battleId,
        { round: q.round, offset: q.offset ?? 0, limit: q.limit ?? 50 },
        // The session check runs while the page is read (board.ts leaderboard).
        optionalAuth(ctx, request, { csrf: false }).then((auth) => auth && { id: auth.user.id, displayName: auth.user.displayName }),
      );
    },
    async battleDashboard(request) {
      return userDashboard(ctx, request.auth!.user.id);
    },
    async listSquadBattles(request) {
      return listSquadBattles(ctx, { status: request.query.status ?? 'live', limit: request.query.limit ?? 20 }, await viewer(request));
    },
    async createSquadBattle(request, reply) {
      return reply.code(201).send(await createSquadBattle(ctx, request.auth!.user.id, request.body as SquadBattleInput));
    },
    async getSquadBattle(request) {
      return getSquadBattle(ctx, request.params.battleId, await viewer(request));
    },
    async enterSquad(request) {
      const user = request.auth!.user;
      return enterSquad(ctx, request.params.battleId, { id: user.id, isAdmin: isAdminRole(user.role) }, request.body);
    },
    async getSquadBoard(request) {
      return squadBoard(ctx, request.params.battleId, { round: request.query.round });
    },
    async mySquadTeams(request) {
      return mySquadTeams(ctx, request.auth!.user.id);
    },
  };
}
