import { useState } from 'react';
import type { AppContext } from '../../app/context';
import { useFlow } from '../../app/flow';
import { RESET_MESSAGES } from '../../domain/shared/messages';
import { createResetPasswordActors } from '../../machines/auth/reset-password.actors';
import { resetPasswordMachine } from '../../machines/auth/reset-password.machine';
import { ResetPasswordForm } from '../../ui/auth/ResetPasswordForm';

/** Reset password (01 §1): an email, then the identity service sends the link. */
export function ResetPasswordScreen({ identity }: Pick<AppContext, 'identity'>) {
  const [actors] = useState(() => createResetPasswordActors(identity));
  const [snapshot, send] = useFlow(resetPasswordMachine, { actors });
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
