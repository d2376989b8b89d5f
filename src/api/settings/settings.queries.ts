import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { settingsApi } from './settings';

/**
 * GET /settings: the marketplace's business constants (02 §9) that rules and pickers follow (the late-cancel
 * threshold, commission presets, available-after options, default zone, activity window). A save on /settings
 * invalidates `settingsQueries.all`, so every screen reads the new values.
 */
export const settingsQueries = {
  all: ['settings'] as const,
  current: (api: ApiClient) =>
    queryOptions({
      queryKey: settingsQueries.all,
      queryFn: () => settingsApi(api).get(),
      staleTime: 60_000,
    }),
};
