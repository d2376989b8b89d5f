import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import type { AppContext } from '../../app/context';
import { providerQueries } from '../../api/providers/providers.queries';
import { useFlow, useNotices } from '../../app/flow';
import type { OnboardingProgress, WizardStep } from '../../domain/onboarding/progress';
import { stepTwoTitle, strategyMapsServiceItems } from '../../domain/onboarding/strategies';
import { STRATEGY_LABELS } from '../../domain/providers/provider-list';
import { canSubmitProfile } from '../../domain/onboarding/profile';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { onboardingWizardMachine } from '../../machines/onboarding/onboarding-wizard.machine';
import { createOnboardingWizardActors } from '../../machines/onboarding/onboarding.actors';
import { PageHeader } from '../../ui/kit/PageHeader';
import { WizardFrame } from '../../ui/onboarding/WizardFrame';
import { ConnectionLocations } from './connection-locations';
import { ProfileStep, profileNextHint } from './profile-step';
import { CompletionSummaryScreen } from './completion-summary';
import { ServicesStepFrame } from './services-step';
import {
  WizardAvailabilityStep,
  type AvailabilityEditorRef,
} from '../availability/AvailabilityEditorSection';
import { ServiceSelectionStep } from './service-selection-step';
import { useStepGate } from '../shared/step-gate';
import { MappingEditorSection } from '../mappings/MappingEditorSection';
import { useOnboardingProgress } from './use-onboarding-progress';
import { PAGE_PADDING, PageShell } from '../../ui/kit/PageShell';

type Props = Pick<AppContext, 'api' | 'persistence' | 'env'> & {
  step: WizardStep;
  /**
   * Where "Return To Dashboard" goes: /services as the spec says, for an admin; a provider (or an admin
   * viewing as one) cannot open /services, so their dashboard, /provider/overview.
   */
  dashboard: '/services' | '/provider/overview';
};

/** The onboarding wizard (spec 02 §2): its step in the URL, its progress in stored state. */
export function OnboardingWizardScreen(props: Props) {
  const { ready, progress } = useOnboardingProgress(props.persistence);
  if (!ready) return <Text p={PAGE_PADDING}>Loading…</Text>;
  if (!progress) return <Navigate to="/provider/onboarding" />;
  return <Wizard {...props} initial={progress} />;
}

function Wizard({
  api,
  persistence,
  env,
  step,
  dashboard,
  initial,
}: Props & { initial: OnboardingProgress }) {
  const navigate = useNavigate();
  const { save } = useOnboardingProgress(persistence);
  const [actors] = useState(() => createOnboardingWizardActors(api));
  const [snapshot, send] = useFlow(onboardingWizardMachine, { actors, input: { progress: initial, step } });
  // Step 2's editor keeps its unsaved work before Back and Get Started move on.
  const gate = useStepGate();
  const { context } = snapshot;
  const { progress } = context;
  // The creation flow ends (rolled back) while the wizard stays: its error stays up to be read.
  useNotices((snapshot.children.creation ?? EMPTY_REF) as AnyActorRef, { keepErrorsWhenDone: true });

  // The URL names the step: follow it, and write the machine's step back into it.
  useEffect(() => {
    send({ type: 'wizard.goTo', step });
  }, [step, send]);
  useEffect(() => {
    if (snapshot.status === 'active' && context.step !== step) {
      void navigate({ to: '/provider/onboarding/location', search: { step: context.step }, replace: true });
    }
    // Only the machine's step moves the URL here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [context.step]);

  // The provider the wizard made joins every providers list (the sidebar, the profile's picker, the links).
  const queryClient = useQueryClient();
  const madeId = progress.ids.providerId;
  useEffect(() => {
    if (madeId !== null) void queryClient.invalidateQueries({ queryKey: providerQueries.all });
  }, [madeId, queryClient]);

  const text = JSON.stringify(progress);
  useEffect(() => {
    if (snapshot.status === 'active') save(progress);
    // The text stands for the progress: write only when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  useEffect(() => {
    if (snapshot.matches('left')) {
      void navigate({
        to: context.exit === 'credentials' ? '/provider/onboarding/credentials' : '/provider/onboarding',
      });
    }
    // Leave first, then clear: with no progress left this screen would send the user to the strategy choice.
    if (snapshot.matches('finished')) void navigate({ to: dashboard }).then(() => save(null));
    if (snapshot.matches('aborted')) save(null);
  }, [snapshot, context.exit, navigate, save, dashboard]);

  const busy = snapshot.hasTag('busy');
  const strategy = progress.strategy;
  let body;
  if (snapshot.matches('services')) {
    const availability = snapshot.children.availability as AvailabilityEditorRef | undefined;
    body = (
      <ServicesStepFrame
        availability={availability}
        onBack={() => gate.pass(() => send({ type: 'wizard.back' }))}
        onNext={() => gate.pass(() => send({ type: 'wizard.next' }))}
      >
        <Stack gap="4">
          <Heading as="h2" size="lg">
            {stepTwoTitle(strategy)}
          </Heading>
          {availability && strategy === 'MANUAL' ? (
            <WizardAvailabilityStep actor={availability} timezone={progress.profile.timezone} />
          ) : progress.ids.locationId !== null &&
            progress.ids.providerId !== null &&
            strategyMapsServiceItems(strategy) ? (
            <MappingEditorSection
              api={api}
              providerId={progress.ids.providerId}
              locationId={progress.ids.locationId}
            />
          ) : (
            <ServiceSelectionStep api={api} ids={progress.ids} gate={gate} />
          )}
        </Stack>
      </ServicesStepFrame>
    );
  } else if (snapshot.matches('completed') || snapshot.matches('finished')) {
    body = (
      <WizardFrame step={3} onBack={() => send({ type: 'wizard.back' })}>
        <Stack gap="4" align="flex-start">
          <Heading as="h2" size="lg">
            {PROVIDER_MESSAGES.onboardingComplete}
          </Heading>
          <CompletionSummaryScreen
            api={api}
            strategy={strategy}
            ids={progress.ids}
            asAdmin={dashboard === '/services'}
          />
          <Button colorPalette="teal" onClick={() => send({ type: 'wizard.finish' })}>
            Return To Dashboard
          </Button>
        </Stack>
      </WizardFrame>
    );
  } else {
    body = (
      <WizardFrame
        step={1}
        onBack={() => send({ type: 'wizard.back' })}
        onNext={() => send({ type: 'wizard.next' })}
        nextDisabled={!canSubmitProfile(strategy, progress.profile)}
        nextHint={busy ? null : profileNextHint(strategy, progress.profile)}
        busy={busy}
      >
        <Stack gap="4">
          <Heading as="h2" size="lg">
            Creating your Business Profile
          </Heading>
          {strategy !== 'MANUAL' ? (
            <ConnectionLocations
              api={api}
              progress={progress}
              disabled={busy}
              onChange={(patch) => send({ type: 'profile.change', patch })}
            />
          ) : null}
          <ProfileStep
            api={api}
            apiUrl={env.VITE_API_URL}
            draft={progress.profile}
            showExternalIds={strategy === 'BOULEVARD'}
            disabled={busy}
            onChange={(patch) => send({ type: 'profile.change', patch })}
          />
        </Stack>
      </WizardFrame>
    );
  }
  return (
    <PageShell maxW="5xl">
      <PageHeader
        title="Provider Onboarding"
        back={{ to: '/provider/onboarding', label: 'Strategy' }}
        description={`Strategy: ${STRATEGY_LABELS[strategy]}`}
      />
      {body}
    </PageShell>
  );
}

/** Stands in for the provider-creation child while none runs (useNotices needs an actor). */
const EMPTY_REF = { on: () => ({ unsubscribe: () => undefined }) };
