import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { isConsoleRole } from '../../domain/auth/roles';
import { landingAfterSignIn } from '../../domain/auth/sign-in';
import type { AppContext } from '../../app/context';
import { nowMs } from '../../app/clock';
import { useFlow } from '../../app/flow';
import { createSignInActors } from '../../machines/auth/sign-in.actors';
import { signInMachine } from '../../machines/auth/sign-in.machine';
import { SignInForm } from '../../ui/auth/SignInForm';

// Only a visitor who is signed in already sees it: its page names load with it, not with the sign-in form.
const SignedIn = lazy(() => import('./SignedIn'));

/**
 * Sign in (01 §1): on success the session starts and the console opens where the user was going. Someone
 * already signed in (e.g. sent here from a page their role may not open) sees who they are instead, why
 * they were sent here, and the ways on: the console, or logging out to sign in as someone else.
 */
export function SignInScreen({
  identity,
  session,
  redirect,
}: Pick<AppContext, 'identity' | 'session'> & { redirect: string | undefined }) {
  const navigate = useNavigate();
  const notice = useSelector(session, (s) => s.context.notice);
  const signedInUser = useSelector(session, (s) => (s.matches('signedIn') ? s.context.user : null));
  const loggingOut = useSelector(session, (s) => s.matches('signingOut'));
  const [actors] = useState(() => createSignInActors(identity));
  const [snapshot, send] = useFlow(signInMachine, { actors });

  const user = snapshot.status === 'done' ? snapshot.output?.user : undefined;
  useEffect(() => {
    if (!user || !isConsoleRole(user.role)) return;
    session.send({ type: 'session.signedIn', user, now: nowMs() });
    const landing = landingAfterSignIn(user.role, redirect);
    void navigate({ to: landing.to, state: (s) => ({ ...s, fromProvider: landing.fromProvider }) });
  }, [user, session, redirect, navigate]);

  if (signedInUser && snapshot.status !== 'done') {
    return (
      <Suspense fallback={null}>
        <SignedIn
          email={signedInUser.email ?? ''}
          role={signedInUser.role}
          redirect={redirect}
          loggingOut={loggingOut}
          onLogout={() => session.send({ type: 'session.logout' })}
        />
      </Suspense>
    );
  }

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
