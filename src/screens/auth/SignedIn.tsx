import { useNavigate } from '@tanstack/react-router';
import type { ConsoleRole } from '../../domain/auth/roles';
import { alreadySignedIn } from '../../domain/auth/page-names';
import { SignedInCard } from '../../ui/auth/SignedInCard';

export interface SignedInProps {
  email: string;
  role: ConsoleRole;
  redirect: string | undefined;
  loggingOut: boolean;
  onLogout(): void;
}

/**
 * /login for someone already signed in: the card naming the page they were sent away from and the one "Go to …"
 * opens. Its own chunk, loaded only for a signed-in visitor, so the pages' names stay out of the first load.
 */
export default function SignedIn(props: SignedInProps) {
  const navigate = useNavigate();
  const landing = alreadySignedIn(props.role, props.redirect);
  return (
    <SignedInCard
      email={props.email}
      roleLabel={props.role === 'admin' ? 'an admin' : 'a provider'}
      refused={landing.refused}
      landingName={landing.landingName}
      onGoToConsole={() =>
        void navigate({ to: landing.to, state: (s) => ({ ...s, fromProvider: landing.fromProvider }) })
      }
      loggingOut={props.loggingOut}
      onLogout={props.onLogout}
    />
  );
}
