import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type Interview = components['schemas']['Interview'];
export type InterviewSummary = components['schemas']['InterviewSummary'];

const MY_INTERVIEWS = ['get', '/api/interviews'] as const;

export function useMyInterviews() {
  return useQuery({
    queryKey: MY_INTERVIEWS,
    queryFn: () => callApi(secureApi.GET('/api/interviews'), 'Could not load your interviews.'),
  });
}

/** The calls the interview chart makes: start (or resume by id), answer, publish. Each refreshes the list. */
export function useInterviewCalls() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: MY_INTERVIEWS });
  const start = useMutation({
    mutationFn: (resumeId: number | null) =>
      resumeId
        ? callApi(
            secureApi.GET('/api/interviews/{interviewId}', { params: { path: { interviewId: resumeId } } }),
            'Could not open the interview.',
          )
        : callApi(secureApi.POST('/api/interviews'), 'Could not start the interview.'),
    onSuccess: refresh,
  });
  const answer = useMutation({
    mutationFn: ({ interviewId, questionId, text }: { interviewId: number; questionId: number; text: string }) =>
      callApi(
        secureApi.POST('/api/interviews/{interviewId}/answers', {
          params: { path: { interviewId } },
          body: { question_id: questionId, text },
        }),
        'Could not send the answer.',
      ),
    onSuccess: refresh,
  });
  const publish = useMutation({
    mutationFn: (interviewId: number) =>
      callApi(
        secureApi.POST('/api/interviews/{interviewId}/publish', { params: { path: { interviewId } }, body: { consent: true } }),
        'Could not publish the interview.',
      ),
    onSuccess: refresh,
  });
  return { start, answer, publish };
}
