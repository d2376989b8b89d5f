import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import type { FetchLocationsInput } from '../../api/contract/strategies';
import { connectionQueries } from '../../api/connections/connections.queries';
import { profilePatchOf } from '../../domain/connections/connection';
import type { ProfileDraft } from '../../domain/onboarding/profile';
import type { OnboardingProgress } from '../../domain/onboarding/progress';
import { STRATEGY_LABELS } from '../../domain/providers/provider-list';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { LocationPickList } from '../../ui/connections/LocationPickList';

/** What to read the locations with when the connection step did not keep them (BOOKER has no such step). */
function connectionOf(progress: OnboardingProgress): FetchLocationsInput | null {
  const { strategy, ids, credentials } = progress;
  if (strategy === 'BOOKER') return { strategy };
  if (strategy === 'SQUARE' && ids.credentialsId !== null)
    return { strategy, credentialsId: ids.credentialsId };
  if (strategy === 'BOULEVARD' && credentials.businessId.trim() !== '') {
    return { strategy, businessId: credentials.businessId.trim() };
  }
  return null;
}

/**
 * Step 1's pick-list of the connected system's locations (non-manual strategies, spec 02 §2): the ones the
 * connection step read, or read now (BOOKER; SQUARE and BOULEVARD with their saved connection).
 */
export function ConnectionLocations({
  api,
  progress,
  disabled,
  onChange,
}: {
  api: ApiClient;
  progress: OnboardingProgress;
  disabled: boolean;
  onChange(patch: Partial<ProfileDraft>): void;
}) {
  const kept = progress.locations ?? [];
  const connection = kept.length > 0 ? null : connectionOf(progress);
  const query = useQuery({
    ...connectionQueries.locations(api, connection ?? { strategy: 'BOOKER' }),
    enabled: connection !== null,
  });
  if (kept.length === 0 && connection === null) return null;
  return (
    <LocationPickList
      label={`${STRATEGY_LABELS[progress.strategy]} location`}
      locations={kept.length > 0 ? kept : (query.data ?? [])}
      value={progress.profile.externalLocationId}
      loading={connection !== null && query.isPending}
      failure={connection !== null && query.isError ? PROVIDER_MESSAGES.locationsFailed : null}
      disabled={disabled}
      onPick={(location) => onChange(profilePatchOf(location))}
    />
  );
}
