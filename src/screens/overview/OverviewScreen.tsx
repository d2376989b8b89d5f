import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { overviewQueries } from '../../api/overview/overview.queries';
import { PageHeader } from '../../ui/kit/PageHeader';
import { PageShell } from '../../ui/kit/PageShell';
import { RetryMessage } from '../../ui/kit/RetryMessage';
import { EmptyMarketplace, PayoutsWaitingCard, ProvidersByStateCard } from '../../ui/overview/OverviewPanels';
import { StatCard, StatCardSkeleton } from '../../ui/overview/StatCard';
import { isEmptyMarketplace, statCards, windowsLine } from './overview-view';

const CARD_COLUMNS = { base: 1, sm: 2, xl: 3 } as const;

/**
 * /overview (admins, issue 30): the marketplace at a glance. One read (GET /overview) with TanStack Query's
 * loading, error and retry; no flow of its own.
 */
export function OverviewScreen({ api }: { api: ApiClient }) {
  const overview = useQuery(overviewQueries.summary(api));
  const data = overview.data;
  return (
    <PageShell>
      <PageHeader
        title="Overview"
        description={data ? windowsLine(data) : 'The marketplace’s last 30 days against the 30 before'}
      />
      {overview.isError && !data ? (
        <RetryMessage message="The overview could not be loaded." onRetry={() => void overview.refetch()} />
      ) : !data ? (
        <SimpleGrid columns={CARD_COLUMNS} gap="4" aria-busy="true" aria-label="Loading the overview">
          {Array.from({ length: 6 }, (_, index) => (
            <StatCardSkeleton key={index} />
          ))}
        </SimpleGrid>
      ) : isEmptyMarketplace(data) ? (
        <EmptyMarketplace />
      ) : (
        <Stack gap="4">
          <SimpleGrid columns={CARD_COLUMNS} gap="4">
            {statCards(data).map((card) => (
              <StatCard key={card.id} {...card} />
            ))}
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <ProvidersByStateCard counts={data.providers} />
            <PayoutsWaitingCard {...data.payoutsWaiting} />
          </SimpleGrid>
        </Stack>
      )}
    </PageShell>
  );
}
