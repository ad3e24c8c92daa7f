import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/lib/handler-types.ts';
import { answerQuestion, getInterview, myInterviews, publishInterview, startInterview } from './interviews.ts';

type InterviewOps = 'listMyInterviews' | 'startInterview' | 'getInterview' | 'answerInterviewQuestion' | 'publishInterview';

const interviewee = (user: { id: number; suspendedUntil: Date | null }) => ({ id: user.id, suspendedUntil: user.suspendedUntil });

export function interviewHandlers(ctx: AppContext): Handlers<InterviewOps> {
  return {
    async listMyInterviews(request) {
      return myInterviews(ctx, request.auth!.user.id);
    },
    async startInterview(request, reply) {
      return reply.code(201).send(await startInterview(ctx, interviewee(request.auth!.user)));
    },
    async getInterview(request) {
      return getInterview(ctx, request.auth!.user.id, request.params.interviewId);
    },
    async answerInterviewQuestion(request) {
      const { question_id, text } = request.body;
      return answerQuestion(ctx, interviewee(request.auth!.user), request.params.interviewId, question_id, text);
    },
    async publishInterview(request) {
      return publishInterview(ctx, interviewee(request.auth!.user), request.params.interviewId, request.body.consent);
    },
  };
}
