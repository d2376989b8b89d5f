import { Box, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { AppContext } from '../../app/context';
import { providerQueries } from '../../api/providers/providers.queries';
import { ACCESS_MESSAGES, PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { currentProvider } from '../../domain/shell/navigation';
import { PageHeader } from '../../ui/kit/PageHeader';
import { PageShell } from '../../ui/kit/PageShell';
import { ApiLocationAssociation } from './ApiLocationAssociation';

type Props = Pick<AppContext, 'api' | 'session'> & { providerId: number | undefined };

/** /provider/onboarding/apilocation: associate the provider's location with its scheduling system's. */
export function ApiLocationScreen({ api, session, providerId }: Props) {
  const isAdmin = useSelector(session, (s) => s.context.isAdmin);
  const chosenId = useSelector(session, (s) => s.context.providerId);
  const providers = useQuery(providerQueries.inView(api, { isAdmin, providerId: providerId ?? chosenId }));
  const list = providers.data ?? [];
  const provider =
    list.find((p) => p.id === providerId) ?? currentProvider(list, providerId ?? chosenId, { isAdmin });
  let body;
  if (providers.isPending) body = <Text role="status">Loading…</Text>;
  else if (providers.isError) body = <Text role="alert">{ACCESS_MESSAGES.providersLoadFailed}</Text>;
  else if (!provider) body = <Text role="alert">{PROVIDER_MESSAGES.locationNotFound}</Text>;
  else
    body = (
      <ApiLocationAssociation
        key={provider.id}
        api={api}
        provider={provider}
        location={provider.location ?? null}
      />
    );
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
