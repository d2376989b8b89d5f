import { useQuery } from '@tanstack/react-query';
import type { LinkOptions } from '@tanstack/react-router';
import type { ApiClient } from '../../api/client';
import { activityQueries } from '../../api/appointments/appointments.queries';
import { mappingQueries } from '../../api/mappings/mappings.queries';
import { availabilityQueries } from '../../api/onboarding/onboarding.queries';
import { providerQueries } from '../../api/providers/providers.queries';
import {
  categoriesWithTimeSlots,
  completionSummary,
  type LeftLink,
  type ServicesSetUp,
} from '../../domain/onboarding/completion';
import type { SavedIds } from '../../domain/onboarding/profile';
import { strategyMapsServiceItems, type OnboardingStrategy } from '../../domain/onboarding/strategies';
import { CompletionSummary } from '../../ui/onboarding/CompletionSummary';

export const COMPLETION_READ_FAILED = 'What is set up could not be read.';

export interface CompletionSummaryScreenProps {
  api: ApiClient;
  strategy: OnboardingStrategy;
  ids: SavedIds;
  /**
   * An admin (not viewing as a provider) edits the provider in the providers panel's manage view; a provider
   * user in their profile. Both links name the provider the wizard made.
   */
  asAdmin: boolean;
}

/** Where a thing left is done, for this provider and this person. */
function linkTo(link: LeftLink, providerId: number, asAdmin: boolean): LinkOptions {
  if ('step' in link) return { to: '/provider/onboarding/location', search: { step: link.step } };
  const hash = 'hash' in link ? link.hash : undefined;
  if (link.to === '/provider/onboarding/stripe')
    return { to: '/provider/onboarding/stripe', search: { provider: providerId } };
  if (asAdmin) return { to: '/providers', search: { provider: providerId }, hash };
  return { to: '/provider/profile', search: { provider: providerId }, hash };
}

/**
 * The completion screen's summary bound to the API: the provider the wizard made (with its location and
 * hours), its settlement account, and what step 2 saved (MANUAL's time slots, or the mapped items).
 */
export function CompletionSummaryScreen({ api, strategy, ids, asAdmin }: CompletionSummaryScreenProps) {
  const providerId = ids.providerId ?? 0;
  const locationId = ids.locationId ?? 0;
  const known = ids.providerId !== null;
  const provider = useQuery({ ...providerQueries.detail(api, providerId), enabled: known });
  const activity = useQuery({ ...activityQueries.ofProvider(api, providerId), enabled: known });
  const timeSlots = useQuery({
    ...availabilityQueries.forLocation(api, locationId),
    enabled: strategy === 'MANUAL' && ids.locationId !== null,
  });
  const mappings = useQuery({
    ...mappingQueries.forLocation(api, locationId),
    enabled: strategyMapsServiceItems(strategy) && ids.locationId !== null,
  });
  if (!known) return null;
  const reads = [
    provider,
    activity,
    ...(strategy === 'MANUAL' ? [timeSlots] : []),
    ...(strategyMapsServiceItems(strategy) ? [mappings] : []),
  ];
  // A provider the API does not list for this person reads as a failure too.
  if (reads.some((read) => read.isError) || (provider.isSuccess && !provider.data))
    return (
      <CompletionSummary
        state={{
          status: 'failed',
          message: COMPLETION_READ_FAILED,
          onRetry: () => reads.forEach((read) => void read.refetch()),
        }}
      />
    );
  if (!provider.data || !activity.data || reads.some((read) => read.isPending))
    return <CompletionSummary state={{ status: 'loading' }} />;
  let services: ServicesSetUp | null = null;
  if (timeSlots.data) services = { kind: 'timeSlots', count: categoriesWithTimeSlots(timeSlots.data) };
  if (mappings.data) services = { kind: 'mappings', count: mappings.data.length };
  const summary = completionSummary({
    provider: provider.data,
    location: provider.data.location,
    settlementAccount: activity.data.settlementAccount,
    services,
  });
  return (
    <CompletionSummary
      state={{
        status: 'ready',
        setUp: summary.setUp,
        left: summary.left.map((item) => ({ ...item, to: linkTo(item.link, providerId, asAdmin) })),
      }}
    />
  );
}
