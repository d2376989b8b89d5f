import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guards';
import { NotBuiltYet } from '../../ui/NotBuiltYet';

export const Route = createFileRoute('/_console/pricing-tiers')({
  beforeLoad: guard('/pricing-tiers'),
  component: () => <NotBuiltYet title="Pricing Tiers" />,
});
