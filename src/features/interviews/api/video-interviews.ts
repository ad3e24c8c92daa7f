import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { callApi } from '#src/api/errors.ts';
import { PROCESSING_POLL_MS } from '#src/api/my-videos.ts';
import type { components } from '#openapi/schema.d.ts';

export type VideoInterview = components['schemas']['VideoInterview'];

const MINE = ['get', '/api/video-interviews'] as const;
const profileKey = (userId: number, viewer: number | null) => ['get', '/api/video-interviews/athlete/{userId}', userId, viewer] as const;
const processing = (items: VideoInterview[] | undefined) =>
  items?.some((i) => i.questions.some((q) => q.video && (q.video.status === 'processing' || q.video.status === 'uploading'))) ?? false;

/** The caller's video interviews; asked again while a clip is still processing. */
export function useMyVideoInterviews() {
  return useQuery({
    queryKey: MINE,
    queryFn: () => callApi(secureApi.GET('/api/video-interviews'), 'Could not load your video interviews.'),
    refetchInterval: (q) => (processing(q.state.data?.items) ? PROCESSING_POLL_MS : false),
  });
}

/** The video interviews an athlete shows on their profile (signed out too; the clips' links are minted for the viewer). */
export function useProfileVideoInterviews(userId: number) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: profileKey(userId, user?.wp_user_id ?? null),
    queryFn: () =>
      callApi(
        client.GET('/api/video-interviews/athlete/{userId}', { params: { path: { userId } } }),
        'Could not load the video interviews.',
      ),
    refetchInterval: (q) => (processing(q.state.data?.items) ? PROCESSING_POLL_MS : false),
  });
}

/** The calls the video interview chart makes: start (or resume by id), answer with a clip, show or hide. */
export function useVideoInterviewCalls() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: MINE });
  const start = useMutation({
    mutationFn: (resumeId: number | null) =>
      resumeId
        ? callApi(
            secureApi.GET('/api/video-interviews/{videoInterviewId}', { params: { path: { videoInterviewId: resumeId } } }),
            'Could not open the interview.',
          )
        : callApi(secureApi.POST('/api/video-interviews'), 'Could not start the interview.'),
    onSuccess: refresh,
  });
  const attach = useMutation({
    mutationFn: ({ interviewId, questionId, videoId }: { interviewId: number; questionId: number; videoId: string }) =>
      callApi(
        secureApi.POST('/api/video-interviews/{videoInterviewId}/clips', {
          params: { path: { videoInterviewId: interviewId } },
          body: { question_id: questionId, video_id: videoId },
        }),
        'Could not save the answer.',
      ),
    onSuccess: refresh,
  });
  const visibility = useMutation({
    mutationFn: ({ interviewId, visibility }: { interviewId: number; visibility: 'private' | 'profile' }) =>
      callApi(
        secureApi.PUT('/api/video-interviews/{videoInterviewId}/visibility', {
          params: { path: { videoInterviewId: interviewId } },
          body: { visibility },
        }),
        'Could not change who sees the interview.',
      ),
    onSuccess: () => {
      refresh();
      void qc.invalidateQueries({ queryKey: ['get', '/api/video-interviews/athlete/{userId}'] });
    },
  });
  return { start, attach, visibility };
}
