import { createFileRoute, redirect } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';

/** Step 2 of the wizard lives at /provider/onboarding/location?step=2. */
export const Route = createFileRoute('/_console/provider/onboarding/serviceitems')({
  beforeLoad: async (options) => {
    await guard('/provider/onboarding/serviceitems')(options);
    throw redirect({ to: '/provider/onboarding/location', search: { step: 2 } });
  },
});
