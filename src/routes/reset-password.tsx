import { createFileRoute } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { RESET_MESSAGES } from '../domain/messages';
import { resetPasswordMachine } from '../machines/reset-password.machine';
import { notify } from '../ui/notify';
import { ResetPasswordForm } from '../ui/ResetPasswordForm';

export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { identity } = Route.useRouteContext();
  const machine = useMemo(
    () =>
      resetPasswordMachine.provide({
        actors: { sendReset: fromPromise(({ input }) => identity.sendPasswordReset(input.email)) },
      }),
    [identity],
  );
  const [snapshot, send, actor] = useMachine(machine, { input: undefined });

  useEffect(() => {
    const subscription = actor.on('notify', (event) => {
      void notify(event.status, event.message, event.duration);
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  return (
    <ResetPasswordForm
      email={snapshot.context.email}
      canSubmit={snapshot.can({ type: 'reset.submit' })}
      busy={snapshot.hasTag('busy')}
      sentMessage={snapshot.matches('sent') ? RESET_MESSAGES.sent : null}
      failure={snapshot.context.failure}
      onEmailChange={(value) => send({ type: 'email.change', value })}
      onSubmit={() => send({ type: 'reset.submit' })}
    />
  );
}
