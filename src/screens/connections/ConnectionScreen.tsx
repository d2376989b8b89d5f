import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { AppContext } from '../../app/context';
import { useFlow } from '../../app/flow';
import { takeOAuthState } from '../../app/oauth-state';
import { EMPTY_MINDBODY } from '../../domain/connections/connection';
import type { ConnectionLocation } from '../../domain/connections/locations';
import type { OAuthReturn } from '../../domain/connections/square';
import type { OnboardingProgress } from '../../domain/onboarding/progress';
import { STRATEGY_LABELS } from '../../domain/providers/provider-list';
import { boulevardConnectionMachine } from '../../machines/connections/boulevard-connection.machine';
import { boulevardConnectionView } from '../../machines/connections/boulevard-connection.view';
import {
  createBoulevardConnectionActors,
  createMindbodyCredentialsActors,
  createSquareOAuthActors,
} from '../../machines/connections/connections.actors';
import { mindbodyCredentialsMachine } from '../../machines/connections/mindbody-credentials.machine';
import { squareOAuthMachine } from '../../machines/connections/square-oauth.machine';
import { PageHeader } from '../../ui/kit/PageHeader';
import { BoulevardConnection } from '../../ui/connections/BoulevardConnection';
import { MindbodyCredentialsForm } from '../../ui/connections/MindbodyCredentialsForm';
import { SquareConnect } from '../../ui/connections/SquareConnect';
import { useOnboardingProgress } from '../onboarding/use-onboarding-progress';
import { PAGE_PADDING, PageShell } from '../../ui/kit/PageShell';
import { SQUARE_SCOPE_NAMES, squareBrowser, useBoulevardInstallUrl } from './connection-browser';

type Props = Pick<AppContext, 'api' | 'persistence' | 'env'> & {
  /** The query Square's authorisation page returned with, when it did. */
  oauthReturn: OAuthReturn | null;
  /** Clears the return from the URL once read. */
  onReturnRead(): void;
  /** Test builds only: a shorter Boulevard poll interval than the product's 5 s. */
  boulevardPollMs?: number | undefined;
};

/** The wizard's connection step (/provider/onboarding/credentials): MINDBODY, BOULEVARD or SQUARE. */
export function ConnectionScreen(props: Props) {
  const { ready, progress, save } = useOnboardingProgress(props.persistence);
  const navigate = useNavigate();
  if (!ready) return <Text p={PAGE_PADDING}>Loading…</Text>;
  if (!progress) return <Navigate to="/provider/onboarding" />;
  if (
    progress.strategy !== 'MINDBODY' &&
    progress.strategy !== 'BOULEVARD' &&
    progress.strategy !== 'SQUARE'
  ) {
    return <Navigate to="/provider/onboarding/location" search={{ step: 1 }} />;
  }
  const advance = (next: OnboardingProgress) => {
    save(next);
    void navigate({ to: '/provider/onboarding/location', search: { step: 1 } });
  };
  const connected = (patch: Partial<OnboardingProgress>, locations: ConnectionLocation[]) =>
    advance({ ...progress, ...patch, locations });
  return (
    <PageShell maxW="3xl">
      <PageHeader
        title="Provider Onboarding"
        back={{ to: '/provider/onboarding', label: 'Strategy' }}
        description={`Strategy: ${STRATEGY_LABELS[progress.strategy]}`}
      />
      <Box bg="white" p={{ base: '3', md: '5' }} rounded="md" borderWidth="1px">
        <Stack gap="4">
          <Heading as="h2" size="lg">
            Connect {STRATEGY_LABELS[progress.strategy]}
          </Heading>
          {progress.strategy === 'MINDBODY' ? (
            <MindbodyStep {...props} progress={progress} onConnected={connected} />
          ) : progress.strategy === 'BOULEVARD' ? (
            <BoulevardStep {...props} progress={progress} onConnected={connected} />
          ) : (
            <SquareStep {...props} progress={progress} onConnected={connected} />
          )}
        </Stack>
      </Box>
    </PageShell>
  );
}

type StepProps = Props & {
  progress: OnboardingProgress;
  onConnected(patch: Partial<OnboardingProgress>, locations: ConnectionLocation[]): void;
};

function MindbodyStep({ api, progress, onConnected }: StepProps) {
  const [actors] = useState(() => createMindbodyCredentialsActors(api));
  const [snapshot, send] = useFlow(mindbodyCredentialsMachine, {
    actors,
    input: {
      draft: {
        ...EMPTY_MINDBODY,
        username: progress.credentials.username,
        siteId: progress.credentials.siteId,
      },
      credentialsId: progress.ids.credentialsId,
    },
  });
  useEffect(() => {
    if (snapshot.status !== 'done') return;
    const { draft } = snapshot.context;
    onConnected(
      {
        credentials: {
          ...progress.credentials,
          username: draft.username.trim(),
          siteId: draft.siteId.trim(),
        },
        ids: { ...progress.ids, credentialsId: snapshot.output.credentialsId },
      },
      snapshot.output.locations,
    );
    // Only the end of the flow moves on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.status]);
  return (
    <MindbodyCredentialsForm
      draft={snapshot.context.draft}
      errors={snapshot.context.errors}
      busy={snapshot.hasTag('busy') || snapshot.status === 'done'}
      onChange={(patch) => send({ type: 'credentials.change', patch })}
      onSubmit={() => send({ type: 'credentials.submit' })}
    />
  );
}

function BoulevardStep({ api, env, progress, onConnected, boulevardPollMs }: StepProps) {
  const [actors] = useState(() => createBoulevardConnectionActors(api));
  const [machine] = useState(() =>
    boulevardPollMs === undefined
      ? boulevardConnectionMachine
      : boulevardConnectionMachine.provide({ delays: { boulevardPoll: boulevardPollMs } }),
  );
  const [snapshot, send] = useFlow(machine, {
    actors,
    input: { businessId: progress.credentials.businessId },
  });
  const view = boulevardConnectionView(snapshot);
  useEffect(() => {
    if (snapshot.status !== 'done') return;
    const { output } = snapshot;
    onConnected(
      {
        credentials: { ...progress.credentials, businessId: output.businessId },
        profile: { ...progress.profile, externalId: output.externalId },
      },
      output.locations,
    );
    // Only the end of the flow moves on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.status]);
  const installLink = useBoulevardInstallUrl(
    api,
    env,
    snapshot.context.businessId.trim(),
    view.subStep === 2,
  );
  return (
    <BoulevardConnection
      {...view}
      businessId={snapshot.context.businessId}
      error={snapshot.context.error}
      installLink={installLink}
      onChange={(businessId) => send({ type: 'business.change', businessId })}
      onSubmit={() => send({ type: 'business.submit' })}
      onContinue={() => send({ type: 'connection.continue' })}
      onBack={() => send({ type: 'connection.back' })}
    />
  );
}

function SquareStep({ api, env, progress, oauthReturn, onReturnRead, onConnected }: StepProps) {
  const [actors] = useState(() =>
    createSquareOAuthActors(
      api,
      squareBrowser(api, env, () => `${window.location.origin}/provider/onboarding/credentials`),
    ),
  );
  const [expectedState] = useState(() => (oauthReturn ? takeOAuthState() : null));
  const [snapshot, send] = useFlow(squareOAuthMachine, { actors, input: { expectedState } });
  useEffect(() => {
    if (!oauthReturn) return;
    send({ type: 'square.returned', query: oauthReturn });
    onReturnRead();
    // The return is read once, when the screen opens with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (snapshot.status !== 'done') return;
    onConnected(
      { ids: { ...progress.ids, credentialsId: snapshot.output.credentialsId } },
      snapshot.output.locations,
    );
    // Only the end of the flow moves on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.status]);
  return (
    <SquareConnect
      scopes={SQUARE_SCOPE_NAMES}
      error={snapshot.context.error}
      busy={snapshot.hasTag('busy') || snapshot.status === 'done'}
      onConnect={() => send({ type: 'square.connect' })}
    />
  );
}
