import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../ui/NotBuiltYet';

export const Route = createFileRoute('/provider/invite/$code')({
  component: () => <NotBuiltYet title="Create Your Account" />,
});
