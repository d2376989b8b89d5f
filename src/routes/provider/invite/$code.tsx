import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { invitesApi } from '../../../api/invites';
import { ACCESS_MESSAGES } from '../../../domain/messages';
import { isConsoleRole } from '../../../domain/roles';
import { landingAfterSignIn } from '../../../domain/sign-in';
import { registrationMachine } from '../../../machines/registration.machine';
import { registrationView } from '../../../machines/registration.view';
import { notify } from '../../../ui/notify';
import { RegistrationForm } from '../../../ui/RegistrationForm';

const SearchSchema = v.object({ email: v.fallback(v.optional(v.string()), undefined) });

/** Create Your Account with a provider invite: /provider/invite/{code}?email= (public). */
export const Route = createFileRoute('/provider/invite/$code')({
  validateSearch: SearchSchema,
  component: RegistrationRoute,
});

function RegistrationRoute() {
  const { code } = Route.useParams();
  const { email } = Route.useSearch();
  const { api, identity, session } = Route.useRouteContext();
  const navigate = useNavigate();
  const machine = useMemo(() => {
    const invites = invitesApi(api);
    return registrationMachine.provide({
      actors: {
        checkInvite: fromPromise(({ input }) => invites.check(input.code, input.email)),
        register: fromPromise(({ input }) => invites.register(input)),
        signIn: fromPromise(({ input }) => identity.signIn(input.email, input.password)),
      },
    });
  }, [api, identity]);
  const [snapshot, send, actor] = useMachine(machine, { input: { code, email } });

  useEffect(() => {
    const subscription = actor.on('notify.error', (event) => void notify('error', event.message));
    return () => subscription.unsubscribe();
  }, [actor]);

  const user = snapshot.status === 'done' ? snapshot.output?.user : undefined;
  useEffect(() => {
    if (!user || !isConsoleRole(user.role)) return;
    session.send({ type: 'session.signedIn', user, now: Date.now() });
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
