import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { secureApi } from '../api/client.ts';
import { callApi } from '../api/errors.ts';
import { DEFAULT_UNIT_PREFERENCE, isUnitPreference, type UnitPreference } from '#domain/unit-preference.ts';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from './session/session-view.ts';

export type AccountSettings = components['schemas']['AccountSettings'];

/** The browser keeps the last choice, so pages read in it before sign-in (and before the settings load). */
export const UNITS_STORAGE_KEY = 'units';

const listeners = new Set<() => void>();

export function readStoredUnits(): UnitPreference {
  try {
    const stored = localStorage.getItem(UNITS_STORAGE_KEY);
    return isUnitPreference(stored) ? stored : DEFAULT_UNIT_PREFERENCE;
  } catch {
    return DEFAULT_UNIT_PREFERENCE;
  }
}

/** Remembers a choice in this browser and tells every page showing measures. */
export function rememberUnits(units: UnitPreference): void {
  if (readStoredUnits() === units) return;
  try {
    localStorage.setItem(UNITS_STORAGE_KEY, units);
  } catch {
    // Private mode: the choice still applies for this visit through the account's settings.
  }
  listeners.forEach((l) => l());
}

/** The signed-in account's settings (units, time zone, timeline); one query key for every reader. */
export const mySettingsQuery = () =>
  queryOptions({
    queryKey: ['get', '/api/settings'],
    queryFn: () => callApi(secureApi.GET('/api/settings'), 'Could not load your settings.'),
  });

/**
 * How the viewer wants weights and distances shown and entered: the account's setting when signed in,
 * else this browser's last choice (metric until one is made).
 */
export function useUnitPreference(): UnitPreference {
  const { user } = useSessionView();
  const settings = useQuery({ ...mySettingsQuery(), enabled: !!user });
  const stored = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    readStoredUnits,
    () => DEFAULT_UNIT_PREFERENCE,
  );
  const fromAccount = user ? settings.data?.units : undefined;
  useEffect(() => {
    if (fromAccount) rememberUnits(fromAccount);
  }, [fromAccount]);
  return fromAccount ?? stored;
}
