import { queryOptions, useQuery } from '@tanstack/react-query';
import { secureApi } from '../../../api/client.ts';
import type { components } from '../../../../openapi/schema.d.ts';

export type Streak = components['schemas']['Streak'];
export type AchievementItem = components['schemas']['Achievement'];

export const myStreaksQueryOptions = () =>
  queryOptions({
    queryKey: ['get', '/api/achievements/streaks'],
    queryFn: async () => {
      const { data, error } = await secureApi.GET('/api/achievements/streaks');
      if (!data) throw new Error(error?.detail ?? 'Could not load your streaks.');
      return data;
    },
  });

export const myAchievementsQueryOptions = () =>
  queryOptions({
    queryKey: ['get', '/api/achievements/me'],
    queryFn: async () => {
      const { data, error } = await secureApi.GET('/api/achievements/me');
      if (!data) throw new Error(error?.detail ?? 'Could not load your achievements.');
      return data;
    },
  });

export const useMyStreaks = () => useQuery(myStreaksQueryOptions());
export const useMyAchievements = () => useQuery(myAchievementsQueryOptions());
