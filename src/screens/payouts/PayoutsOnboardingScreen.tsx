import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { AppContext } from '../../app/context';
import { useFlow } from '../../app/flow';
import { providerQueries } from '../../api/providers/providers.queries';
import { STRIPE_STANDIN_PATH, STRIPE_STANDIN_PUBLISHABLE_KEY } from '../../api/contract/payouts';
import { stripeTokeniser, type BankTokeniser } from '../../api/payouts/tokeniser';
import { PAYOUTS_MESSAGES } from '../../domain/payouts/onboarding';
import { currentProvider } from '../../domain/shell/navigation';
import { createPayoutsOnboardingActors } from '../../machines/payouts/payouts-onboarding.actors';
import { payoutsOnboardingMachine } from '../../machines/payouts/payouts-onboarding.machine';
import { payoutsOnboardingView } from '../../machines/payouts/payouts-onboarding.view';
import { PageHeader } from '../../ui/kit/PageHeader';
import { PageShell } from '../../ui/kit/PageShell';
import { PayoutsOnboarding } from '../../ui/payouts/PayoutsOnboarding';
import { Stack, Text } from '@chakra-ui/react';

/** The bank form's tokeniser: Stripe's /v1/tokens at VITE_STRIPE_API_URL, else the API's Stripe stand-in. */
const bankTokeniser = ({ env }: Pick<AppContext, 'env'>): BankTokeniser =>
  stripeTokeniser({
    apiUrl: env.VITE_STRIPE_API_URL ?? `${env.VITE_API_URL}${STRIPE_STANDIN_PATH}`,
    publishableKey: env.VITE_STRIPE_PUBLISHABLE_KEY ?? STRIPE_STANDIN_PUBLISHABLE_KEY,
  });

/**
 * /provider/onboarding/stripe (02 §2): the payouts onboarding of a provider's location: the one in the URL
 * (`?provider=`, from the providers panel's Manage Stripe Account) when the person may see it, else the
 * current provider (the one viewed as, for an admin). Its back link names where it was opened from: that
 * provider's manage view, or the Overview whose checklist leads here.
 */
export function PayoutsOnboardingScreen({
  api,
  env,
  session,
  providerId: fromUrl,
}: Pick<AppContext, 'api' | 'env' | 'session'> & { providerId?: number | undefined }) {
  const isAdmin = useSelector(session, (s) => s.context.isAdmin);
  const providerId = useSelector(session, (s) => s.context.providerId);
  const providers = useQuery(providerQueries.inView(api, { isAdmin, providerId: fromUrl ?? providerId }));
  const list = providers.data ?? [];
  const provider =
    list.find((candidate) => candidate.id === fromUrl) ?? currentProvider(list, providerId, { isAdmin });
  const location = provider?.location ?? null;
  return (
    <PageShell>
      <PageHeader
        title="Connect To Stripe"
        back={
          provider && provider.id === fromUrl
            ? { to: '/providers', search: { provider: provider.id }, label: provider.name }
            : { to: '/provider/overview', label: 'Overview' }
        }
        description={provider ? `Where Upkeep pays ${provider.name} what its appointments earn.` : undefined}
      />
      <Stack gap="6">
        {providers.isPending ? <Text>Loading…</Text> : null}
        {providers.isError ? <Text color="red.700">{PAYOUTS_MESSAGES.providersFailed}</Text> : null}
        {providers.isSuccess && !provider ? <Text>{PAYOUTS_MESSAGES.noProvider}</Text> : null}
        {providers.isSuccess && provider && !location ? <Text>{PAYOUTS_MESSAGES.noLocation}</Text> : null}
        {location ? (
          <PayoutsFlow
            key={location.id}
            api={api}
            env={env}
            isAdmin={isAdmin}
            locationId={location.id}
            settlementAccountId={location.settlementAccount?.id ?? null}
          />
        ) : null}
      </Stack>
    </PageShell>
  );
}

function PayoutsFlow(
  props: Pick<AppContext, 'api' | 'env'> & {
    isAdmin: boolean;
    locationId: number;
    settlementAccountId: string | null;
  },
) {
  const navigate = useNavigate();
  const [actors] = useState(() => createPayoutsOnboardingActors(props.api, bankTokeniser(props)));
  const [snapshot, send, actor] = useFlow(payoutsOnboardingMachine, {
    actors,
    input: {
      locationId: props.locationId,
      settlementAccountId: props.settlementAccountId,
      isAdmin: props.isAdmin,
    },
  });
  useEffect(() => {
    const redirect = actor.on('redirect', (event) => window.location.assign(event.url));
    const leave = actor.on('navigate', (event) => void navigate({ to: event.to }));
    return () => {
      redirect.unsubscribe();
      leave.unsubscribe();
    };
  }, [actor, navigate]);
  const view = payoutsOnboardingView(snapshot);
  return (
    <PayoutsOnboarding
      {...view}
      onConnect={() => send({ type: 'link.create' })}
      onExistingIdChange={(value) => send({ type: 'existingId.change', value })}
      onAttach={() => send({ type: 'existing.attach' })}
      onBankChange={(field, value) => send({ type: 'bank.change', field, value })}
      onBankSubmit={() => send({ type: 'bank.submit' })}
      onReset={() => send({ type: 'onboarding.reset' })}
      onViewProvider={() => void navigate({ to: '/provider/overview' })}
    />
  );
}
