import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/lib/handler-types.ts';
import { optionalAuth } from '../auth/index.ts';
import { answerQuestion, getInterview, myInterviews, publishInterview, startInterview } from './interviews.ts';
import {
  answerWithClip,
  getVideoInterview,
  myVideoInterviews,
  profileVideoInterviews,
  setVisibility,
  startVideoInterview,
} from './video-interviews.ts';

type InterviewOps = 'listMyInterviews' | 'startInterview' | 'getInterview' | 'answerInterviewQuestion' | 'publishInterview';
type VideoInterviewOps =
  | 'listMyVideoInterviews'
  | 'startVideoInterview'
  | 'getVideoInterview'
  | 'answerVideoInterviewQuestion'
  | 'setVideoInterviewVisibility'
  | 'listProfileVideoInterviews';

const interviewee = (user: { id: number; suspendedUntil: Date | null }) => ({ id: user.id, suspendedUntil: user.suspendedUntil });

export function interviewHandlers(ctx: AppContext): Handlers<InterviewOps | VideoInterviewOps> {
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
    async listMyVideoInterviews(request) {
      return myVideoInterviews(ctx, request.auth!.user.id);
    },
    async startVideoInterview(request, reply) {
      return reply.code(201).send(await startVideoInterview(ctx, interviewee(request.auth!.user)));
    },
    async getVideoInterview(request) {
      return getVideoInterview(ctx, request.auth!.user.id, request.params.videoInterviewId);
    },
    async answerVideoInterviewQuestion(request) {
      const { question_id, video_id } = request.body;
      return answerWithClip(ctx, interviewee(request.auth!.user), request.params.videoInterviewId, question_id, video_id);
    },
    async setVideoInterviewVisibility(request) {
      return setVisibility(ctx, interviewee(request.auth!.user), request.params.videoInterviewId, request.body.visibility);
    },
    async listProfileVideoInterviews(request) {
      const viewer = request.auth ?? (await optionalAuth(ctx, request, { csrf: false }));
      return profileVideoInterviews(ctx, request.params.userId, viewer?.user.id ?? 0);
    },
  };
}
