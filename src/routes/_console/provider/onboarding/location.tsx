import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import * as v from 'valibot';
import { guard } from '../../../../app/guards';
import { OnboardingWizardScreen } from '../../../../screens/onboarding/OnboardingWizardScreen';

/** The wizard; `step` (1–3) is its step, a bad value falls back to 1. */
const SearchSchema = v.object({
  step: v.fallback(v.optional(v.picklist([1, 2, 3]), 1), 1),
});

export const Route = createFileRoute('/_console/provider/onboarding/location')({
  beforeLoad: guard('/provider/onboarding/location'),
  validateSearch: (search) => v.parse(SearchSchema, { step: Number(search.step ?? 1) }),
  component: OnboardingWizardRoute,
});

function OnboardingWizardRoute() {
  const { api, persistence, env, session } = Route.useRouteContext();
  const { step } = Route.useSearch();
  const asAdmin = useSelector(session, (s) => s.context.isAdmin && !s.context.viewAsProvider);
  return (
    <OnboardingWizardScreen
      api={api}
      persistence={persistence}
      env={env}
      step={step}
      dashboard={asAdmin ? '/services' : '/provider/overview'}
    />
  );
}
