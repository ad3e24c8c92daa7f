import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type Story = components['schemas']['Story'];
export type StoryPage = components['schemas']['StoryPage'];
export type StoryComment = components['schemas']['StoryComment'];
export type StoryInput = components['schemas']['StoryInput'];

// Every story query's key starts with its path, so one predicate refreshes all of them after a write.
const isStoryKey = (key: readonly unknown[]) => typeof key[1] === 'string' && key[1].startsWith('/api/stor');

/** The Community feed: everyone's visible stories, newest first. */
export function useStoryFeed(page: number) {
  return useQuery({
    queryKey: ['get', '/api/stories', { page }],
    queryFn: () => callApi(secureApi.GET('/api/stories', { params: { query: { page } } }), 'Could not load the stories.'),
    placeholderData: keepPreviousData,
  });
}

/** The signed-in athlete's own stories, hidden ones included. */
export function useMyStories(page: number) {
  return useQuery({
    queryKey: ['get', '/api/stories/mine', { page }],
    queryFn: () => callApi(secureApi.GET('/api/stories/mine', { params: { query: { page } } }), 'Could not load your stories.'),
    placeholderData: keepPreviousData,
  });
}

export function useStory(storyId: number | null) {
  return useQuery({
    queryKey: ['get', '/api/stories/{storyId}', { storyId }],
    enabled: storyId !== null,
    queryFn: () =>
      callApi(secureApi.GET('/api/stories/{storyId}', { params: { path: { storyId: storyId! } } }), 'Could not load the story.'),
  });
}

export function useStoryComments(storyId: number, page: number) {
  return useQuery({
    queryKey: ['get', '/api/stories/{storyId}/comments', { storyId, page }],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/stories/{storyId}/comments', { params: { path: { storyId }, query: { page } } }),
        'Could not load the comments.',
      ),
    placeholderData: keepPreviousData,
  });
}

function useRefreshStories() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (q) => isStoryKey(q.queryKey) });
}

/** Publishes a new story, or saves an edited one (`storyId`). */
export function useSaveStory(storyId: number | null) {
  const refresh = useRefreshStories();
  return useMutation({
    mutationFn: (body: StoryInput) =>
      storyId === null
        ? callApi(secureApi.POST('/api/stories', { body }), 'Could not publish the story.')
        : callApi(secureApi.PATCH('/api/stories/{storyId}', { params: { path: { storyId } }, body }), 'Could not save the story.'),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteStory() {
  const refresh = useRefreshStories();
  return useMutation({
    mutationFn: (storyId: number) =>
      callApi(secureApi.DELETE('/api/stories/{storyId}', { params: { path: { storyId } } }), 'Could not delete the story.'),
    onSuccess: () => void refresh(),
  });
}

export function useAddComment(storyId: number) {
  const refresh = useRefreshStories();
  return useMutation({
    mutationFn: (body: string) =>
      callApi(
        secureApi.POST('/api/stories/{storyId}/comments', { params: { path: { storyId } }, body: { body } }),
        'Could not post the comment.',
      ),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteComment() {
  const refresh = useRefreshStories();
  return useMutation({
    mutationFn: (commentId: number) =>
      callApi(secureApi.DELETE('/api/story-comments/{commentId}', { params: { path: { commentId } } }), 'Could not delete the comment.'),
    onSuccess: () => void refresh(),
  });
}

/** The challenges the athlete joined: what a story may be about. */
export function useJoinedChallenges() {
  return useQuery({
    queryKey: ['get', '/api/challenges/my-participating'],
    queryFn: () => callApi(secureApi.GET('/api/challenges/my-participating'), 'Could not load your challenges.'),
    select: (data) => data.items.map((c) => ({ id: c.id, title: c.title })),
  });
}

/** The signed-in creator's offered tiers (for writing a story for subscribers); empty when they offer none. */
export function useMyTiers() {
  return useQuery({
    queryKey: ['get', '/api/creators/me/dashboard'],
    queryFn: () => callApi(secureApi.GET('/api/creators/me/dashboard'), 'Could not load your subscription tiers.'),
    select: (d) => d.tiers.filter((t) => !t.archived),
  });
}
