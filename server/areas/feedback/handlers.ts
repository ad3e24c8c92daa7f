import { inArray } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { users } from '#server/db/schema.ts';
import { optionalAuth } from '../auth/index.ts';
import * as feedback from './feedback.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type FeedbackOps =
  | 'submitFeedback'
  | 'listFeedback'
  | 'getFeedback'
  | 'updateFeedback'
  | 'getFeedbackSummary'
  | 'submitSignoutFeedback'
  | 'listSignoutFeedback';

export function feedbackHandlers(ctx: AppContext): Handlers<FeedbackOps> {
  const db = () => ctx.database.db;
  const authorsOf: feedback.AuthorLookup = async (ids) => {
    if (ids.length === 0) return new Map();
    const rows = await db().select({ id: users.id, name: users.displayName, email: users.email }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, { wp_user_id: r.id, display_name: r.name, email: r.email }]));
  };
  return {
    async submitFeedback(request, reply) {
      const caller = await optionalAuth(ctx, request, { csrf: true });
      const id = await feedback.createFeedback(db(), request.body, caller?.user.id ?? null);
      return reply.code(201).send({ id, message: 'Thank you! Your feedback has been submitted successfully.' });
    },
    async listFeedback(request) {
      const q = request.query;
      return feedback.listFeedback(db(), authorsOf, {
        type: q.type,
        status: q.status,
        search: q.search,
        page: q.page ?? 1,
        page_size: q.page_size ?? 20,
      });
    },
    async getFeedback(request) {
      return feedback.getFeedback(db(), authorsOf, request.params.feedbackId);
    },
    async updateFeedback(request) {
      return feedback.updateFeedbackStatus(db(), authorsOf, request.params.feedbackId, request.body, request.auth!.user.id);
    },
    async getFeedbackSummary() {
      return feedback.feedbackSummary(db(), ctx.now());
    },
    async submitSignoutFeedback(request, reply) {
      await feedback.createSignoutFeedback(db(), request.body);
      return reply.code(201).send({ message: 'Thanks for rating your visit.' });
    },
    async listSignoutFeedback(request) {
      const q = request.query;
      return feedback.signoutFeedbackReport(db(), { days: q.days ?? 30, page: q.page ?? 1, page_size: q.page_size ?? 20 }, ctx.now());
    },
  };
}
