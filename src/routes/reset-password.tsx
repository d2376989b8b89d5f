import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../ui/NotBuiltYet';

export const Route = createFileRoute('/reset-password')({
  component: () => <NotBuiltYet title="Reset password" />,
});
