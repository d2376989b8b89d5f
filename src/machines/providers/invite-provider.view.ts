import type { SnapshotFrom } from 'xstate';
import { inviteFormErrors } from '../../domain/providers/invites';
import { ACCESS_MESSAGES } from '../../domain/shared/messages';
import { INVITE_FORM_MESSAGES, type inviteProviderMachine } from './invite-provider.machine';

/** What the invite form shows: field errors once submitted, and the sent invite with its full link. */
export function inviteProviderView(snapshot: SnapshotFrom<typeof inviteProviderMachine>, origin: string) {
  const { context } = snapshot;
  const errors = context.submitted ? inviteFormErrors(context, INVITE_FORM_MESSAGES) : {};
  return {
    email: context.email,
    emailError: errors.email ?? null,
    providerIds: context.providerIds,
    providersError: errors.providerIds ?? null,
    busy: snapshot.hasTag('busy'),
    failure: context.failure,
    sent: context.sent
      ? {
          email: context.sent.email,
          link: new URL(context.sent.invitePath, origin).toString(),
          providerNames: context.sent.providers.map((provider) => provider.name),
          note: ACCESS_MESSAGES.inviteLogged,
        }
      : null,
  };
}
