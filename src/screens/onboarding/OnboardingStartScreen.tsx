import { Button, Skeleton, Stack, Text, chakra } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { AppContext } from '../../app/context';
import { useFlow } from '../../app/flow';
import { providerQueries } from '../../api/providers/providers.queries';
import { settingsQueries } from '../../api/settings/settings.queries';
import { onboardedLine, onboardedProviders } from '../../domain/onboarding/onboarded';
import { EMPTY_CREDENTIALS, NO_IDS, emptyProfile } from '../../domain/onboarding/profile';
import { ONBOARDING_STRATEGIES, STRATEGY_NEXT } from '../../domain/onboarding/strategies';
import { STRATEGY_LABELS } from '../../domain/providers/provider-list';
import { DEFAULT_TIME_ZONE } from '../../domain/shared/constants';
import { onboardingPointerMachine } from '../../machines/onboarding/onboarding-pointer.machine';
import { PageHeader } from '../../ui/kit/PageHeader';
import { OnboardedNotice } from '../../ui/onboarding/OnboardedNotice';
import { useOnboardingProgress } from './use-onboarding-progress';
import { PageShell } from '../../ui/kit/PageShell';

/**
 * The strategy choice (spec 02 §4, the legacy pointer): MINDBODY, BOULEVARD and SQUARE continue to their
 * connection; BOOKER and MANUAL go straight to the business profile. Admins also get Add Provider. A
 * provider already onboarded is told so, with their provider named and links to their Overview and My
 * Profile; the choice stays, for onboarding another business.
 */
export function OnboardingStartScreen({
  api,
  persistence,
  session,
}: Pick<AppContext, 'api' | 'persistence' | 'session'>) {
  const navigate = useNavigate();
  const isAdmin = useSelector(session, (s) => s.context.isAdmin);
  const viewAsProvider = useSelector(session, (s) => s.context.viewAsProvider);
  const providerId = useSelector(session, (s) => s.context.providerId);
  const providers = useQuery({
    ...providerQueries.inView(api, { isAdmin, providerId }),
    enabled: !isAdmin || viewAsProvider,
  });
  // A provider's own businesses decide the notice above the choice: the choice waits for them, so it never
  // moves under the pointer when the notice arrives.
  const waiting = providers.isLoading;
  const onboarded = onboardedProviders(providers.data ?? [], { isAdmin, viewAsProvider, providerId });
  const { progress, save } = useOnboardingProgress(persistence);
  // A new provider's location starts in the marketplace's default zone (/settings).
  const zone = useQuery(settingsQueries.current(api)).data?.defaultTimezone ?? DEFAULT_TIME_ZONE;
  const [snapshot, send] = useFlow(onboardingPointerMachine, { input: {} });
  const { strategy } = snapshot.context;
  const at = snapshot.value;

  useEffect(() => {
    if (!strategy || (at !== 'credentials' && at !== 'location')) return;
    const same = progress?.strategy === strategy;
    save({
      strategy,
      reached: same && progress ? progress.reached : 1,
      profile: same && progress ? progress.profile : emptyProfile(zone),
      credentials: same && progress ? progress.credentials : EMPTY_CREDENTIALS,
      ids: same && progress ? progress.ids : NO_IDS,
    });
    if (at === 'credentials') void navigate({ to: '/provider/onboarding/credentials' });
    else void navigate({ to: '/provider/onboarding/location', search: { step: 1 } });
    // Only a move of the pointer navigates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [at]);

  return (
    <PageShell maxW="3xl">
      <PageHeader
        title="Provider Onboarding"
        description={
          onboarded.length > 0
            ? 'Onboard another business: choose how it connects its scheduling.'
            : 'Choose how your business connects its scheduling.'
        }
        primary={
          isAdmin ? (
            <Button asChild colorPalette="teal">
              <Link to="/provider/onboarding/create">Add Provider</Link>
            </Button>
          ) : undefined
        }
        secondary={
          progress ? (
            <Button asChild variant="outline">
              <Link to="/provider/onboarding/location" search={{ step: progress.reached }}>
                Continue onboarding
              </Link>
            </Button>
          ) : undefined
        }
      />
      {waiting && (
        <Stack role="status" aria-label="Loading your businesses" gap="2">
          <Skeleton height="14" rounded="md" />
          <Skeleton height="64" rounded="md" />
        </Stack>
      )}
      {!waiting && onboarded.length > 0 && (
        <OnboardedNotice
          line={onboardedLine(onboarded.map((provider) => provider.name))}
          several={onboarded.length > 1}
        />
      )}
      <chakra.fieldset bg="white" p="5" rounded="md" borderWidth="1px" hidden={waiting}>
        <chakra.legend srOnly>Scheduling system</chakra.legend>
        <Stack gap="2">
          {ONBOARDING_STRATEGIES.map((option) => (
            <chakra.label
              key={option}
              display="flex"
              alignItems="flex-start"
              gap="3"
              p="3"
              borderWidth="1px"
              rounded="md"
              cursor="pointer"
              bg={strategy === option ? 'teal.50' : 'white'}
            >
              <input
                type="radio"
                name="strategy"
                value={option}
                checked={strategy === option}
                aria-labelledby={`strategy-${option}`}
                aria-describedby={`strategy-${option}-next`}
                onChange={() => send({ type: 'strategy.choose', strategy: option })}
              />
              <span>
                <Text fontWeight="medium" id={`strategy-${option}`}>
                  {STRATEGY_LABELS[option]}
                </Text>
                <Text fontSize="sm" color="fg.muted" id={`strategy-${option}-next`}>
                  {STRATEGY_NEXT[option]}
                </Text>
              </span>
            </chakra.label>
          ))}
        </Stack>
        <Button
          mt="4"
          colorPalette="teal"
          disabled={!strategy}
          onClick={() => send({ type: 'pointer.next' })}
        >
          Next
        </Button>
      </chakra.fieldset>
    </PageShell>
  );
}
