import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { AppContext } from '../../app/context';
import { nowMs } from '../../app/clock';
import { useFlow } from '../../app/flow';
import { ACCESS_MESSAGES } from '../../domain/shared/messages';
import { isConsoleRole } from '../../domain/auth/roles';
import { landingAfterSignIn } from '../../domain/auth/sign-in';
import { createRegistrationActors } from '../../machines/auth/registration.actors';
import { registrationMachine } from '../../machines/auth/registration.machine';
import { registrationView } from '../../machines/auth/registration.view';
import { RegistrationForm } from '../../ui/auth/RegistrationForm';
import '../../ui/kit/later-recipes';

/** Create Your Account with a provider invite; on success the new provider user is signed in. */
export function RegistrationScreen({
  api,
  identity,
  session,
  code,
  email,
}: Pick<AppContext, 'api' | 'identity' | 'session'> & { code: string; email: string | undefined }) {
  const navigate = useNavigate();
  const [actors] = useState(() => createRegistrationActors(api, identity));
  const [snapshot, send] = useFlow(registrationMachine, { actors, input: { code, email } });

  const user = snapshot.status === 'done' ? snapshot.output?.user : undefined;
  useEffect(() => {
    if (!user || !isConsoleRole(user.role)) return;
    session.send({ type: 'session.signedIn', user, now: nowMs() });
    const landing = landingAfterSignIn(user.role, undefined);
    void navigate({ to: landing.to, state: (s) => ({ ...s, fromProvider: landing.fromProvider }) });
  }, [user, session, navigate]);

  const view = registrationView(snapshot);
  return (
    <RegistrationForm
      {...view}
      registeredMessage={ACCESS_MESSAGES.registeredSignInFailed}
      onChange={(field, value) => send({ type: 'field.change', field, value })}
      onBlur={(field) => send({ type: 'field.blur', field })}
      onSubmit={() => send({ type: 'registration.submit' })}
    />
  );
}
