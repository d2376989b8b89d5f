import { Box, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { Provider } from '../../api/contract/provider';
import type { AppContext } from '../../app/context';
import { useFlow } from '../../app/flow';
import { providerQueries } from '../../app/queries';
import { ACCESS_MESSAGES, PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { currentProvider } from '../../domain/shell/navigation';
import { apiLocationMachine } from '../../machines/connections/api-location.machine';
import { staleView } from '../../machines/shared/record-editor';
import { staleNoticeProps } from '../../ui/kit/StaleNotice';
import { createApiLocationActors } from '../../machines/connections/connections.actors';
import { ApiLocationForm } from '../../ui/connections/ApiLocationForm';
import { PageHeader } from '../../ui/kit/PageHeader';
import { PageShell } from '../../ui/kit/PageShell';

type Props = Pick<AppContext, 'api' | 'session'> & { providerId: number | undefined };

/** /provider/onboarding/apilocation: associate the provider's location with its scheduling system's. */
export function ApiLocationScreen({ api, session, providerId }: Props) {
  const isAdmin = useSelector(session, (s) => s.context.isAdmin);
  const chosenId = useSelector(session, (s) => s.context.providerId);
  const providers = useQuery(providerQueries.list(api));
  const list = providers.data ?? [];
  const provider =
    list.find((p) => p.id === providerId) ?? currentProvider(list, providerId ?? chosenId, { isAdmin });
  let body;
  if (providers.isPending) body = <Text role="status">Loading…</Text>;
  else if (providers.isError) body = <Text role="alert">{ACCESS_MESSAGES.providersLoadFailed}</Text>;
  else if (!provider) body = <Text role="alert">{PROVIDER_MESSAGES.locationNotFound}</Text>;
  else body = <Association key={provider.id} api={api} provider={provider} />;
  return (
    <PageShell maxW="3xl">
      <PageHeader
        title="Associate Location"
        description="Match your location with your scheduling system's."
      />
      <Box bg="white" p={{ base: '3', md: '5' }} rounded="md" borderWidth="1px">
        {body}
      </Box>
    </PageShell>
  );
}

function Association({ api, provider }: { api: AppContext['api']; provider: Provider }) {
  const [actors] = useState(() => createApiLocationActors(api));
  const [snapshot, send] = useFlow(apiLocationMachine, {
    actors,
    input: {
      providerId: provider.id,
      locationId: provider.location?.id ?? null,
      current: provider.location?.externalLocationId ?? null,
      locationVersion: provider.location?.version ?? null,
    },
  });

  return (
    <ApiLocationForm
      providerName={provider.name}
      locations={snapshot.context.locations}
      chosen={snapshot.context.chosen}
      loading={snapshot.matches('loading')}
      busy={snapshot.matches('associating')}
      failure={snapshot.matches('missing') ? snapshot.context.failure : null}
      associated={snapshot.matches('associated')}
      onChoose={(id) => send({ type: 'location.choose', id })}
      onSubmit={() => send({ type: 'association.submit' })}
      onRetry={() => send({ type: 'association.retry' })}
      stale={staleNoticeProps(staleView(snapshot), send)}
    />
  );
}
