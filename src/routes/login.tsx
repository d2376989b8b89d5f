import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { isConsoleRole } from '../domain/roles';
import { landingAfterSignIn } from '../domain/sign-in';
import { signInMachine } from '../machines/sign-in.machine';
import { SignInForm } from '../ui/SignInForm';
import { notify } from '../ui/notify';

const SearchSchema = v.object({ redirect: v.fallback(v.optional(v.string()), undefined) });

export const Route = createFileRoute('/login')({
  validateSearch: SearchSchema,
  component: LoginRoute,
});

function LoginRoute() {
  const { identity, session } = Route.useRouteContext();
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  const notice = useSelector(session, (s) => s.context.notice);
  const machine = useMemo(
    () =>
      signInMachine.provide({
        actors: {
          signIn: fromPromise(({ input }) => identity.signIn(input.email, input.password)),
          signOut: fromPromise(() => identity.signOut()),
        },
      }),
    [identity],
  );
  const [snapshot, send, actor] = useMachine(machine);

  useEffect(() => {
    const subscription = actor.on('notify.error', (event) => {
      void notify('error', event.message, event.duration);
      if (event.log) console.error('Sign-in failed:', event.message);
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  const user = snapshot.status === 'done' ? snapshot.output?.user : undefined;
  useEffect(() => {
    if (!user || !isConsoleRole(user.role)) return;
    session.send({ type: 'session.signedIn', user, now: Date.now() });
    const landing = landingAfterSignIn(user.role, redirect);
    void navigate({ to: landing.to, state: (s) => ({ ...s, fromProvider: landing.fromProvider }) });
  }, [user, session, redirect, navigate]);

  return (
    <SignInForm
      email={snapshot.context.email}
      password={snapshot.context.password}
      busy={snapshot.hasTag('busy') || snapshot.status === 'done'}
      failure={snapshot.context.failure?.message ?? null}
      notice={notice}
      onEmailChange={(value) => send({ type: 'email.change', value })}
      onPasswordChange={(value) => send({ type: 'password.change', value })}
      onSubmit={() => send({ type: 'credentials.submit' })}
    />
  );
}
