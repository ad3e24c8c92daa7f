import { queryOptions, useQuery } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type Streak = components['schemas']['Streak'];

export const myStreaksQueryOptions = () =>
  queryOptions({
    queryKey: ['get', '/api/achievements/streaks'],
    queryFn: () => callApi(secureApi.GET('/api/achievements/streaks'), 'Could not load your streaks.'),
  });

export const myAchievementsQueryOptions = () =>
  queryOptions({
    queryKey: ['get', '/api/achievements/me'],
    queryFn: () => callApi(secureApi.GET('/api/achievements/me'), 'Could not load your achievements.'),
  });

export const useMyStreaks = () => useQuery(myStreaksQueryOptions());
export const useMyAchievements = () => useQuery(myAchievementsQueryOptions());

export type Achievement = components['schemas']['Achievement'];

/** Takes the recent achievements no tab has popped up yet (each is handed to one tab, once). */
export async function takeAchievementPopups(): Promise<Achievement[]> {
  const { data } = await secureApi.POST('/api/achievements/popups');
  return data?.items ?? [];
}
