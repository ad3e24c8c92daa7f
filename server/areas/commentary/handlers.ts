import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/lib/handler-types.ts';
import {
  approveLine,
  editLine,
  lineQueue,
  publishedAttemptLines,
  publishedBattleLines,
  publishedLines,
  rejectLine,
  setBattleStream,
  setStream,
  streams,
} from './lines.ts';

type CommentaryOps =
  | 'listPublishedCommentary'
  | 'listAttemptCommentary'
  | 'listBattleCommentary'
  | 'listCommentaryQueue'
  | 'editCommentaryLine'
  | 'approveCommentaryLine'
  | 'rejectCommentaryLine'
  | 'listCommentaryStreams'
  | 'setCommentaryStream'
  | 'setBattleCommentaryStream';

// Editors' operations are gated by the contract (bearer with the admin scope: administrators and editors).
export function commentaryHandlers(ctx: AppContext): Handlers<CommentaryOps> {
  return {
    async listPublishedCommentary(request) {
      return publishedLines(ctx, request.params.challengeId, request.query.limit ?? 10);
    },
    async listAttemptCommentary(request) {
      return publishedAttemptLines(ctx, request.params.attemptId, request.query.limit ?? 10);
    },
    async listBattleCommentary(request) {
      return publishedBattleLines(ctx, request.params.battleId, request.query.limit ?? 10);
    },
    async listCommentaryQueue(request) {
      const q = request.query;
      return lineQueue(ctx, {
        challengeId: q.challenge_id,
        battleId: q.battle_id,
        status: q.status ?? 'queued',
        limit: q.limit ?? 50,
        before: q.before,
      });
    },
    async editCommentaryLine(request) {
      return editLine(ctx, request.auth!.user.id, request.params.lineId, request.body.text);
    },
    async approveCommentaryLine(request) {
      return approveLine(ctx, request.auth!.user.id, request.params.lineId);
    },
    async rejectCommentaryLine(request) {
      return rejectLine(ctx, request.auth!.user.id, request.params.lineId);
    },
    async listCommentaryStreams() {
      return streams(ctx);
    },
    async setCommentaryStream(request) {
      return setStream(ctx, request.auth!.user.id, request.params.challengeId, request.body);
    },
    async setBattleCommentaryStream(request) {
      return setBattleStream(ctx, request.auth!.user.id, request.params.battleId, request.body);
    },
  };
}
