import type { SnapshotFrom } from 'xstate';
import { inviteFormErrors } from '../../domain/providers/invites';
import { ACCESS_MESSAGES } from '../../domain/shared/messages';
import { INVITE_FORM_MESSAGES, type inviteProviderMachine } from './invite-provider.machine';

/**
 * What the invite form shows: field errors once submitted, an existing account for the email (and whether
 * it may be given the Provider role), and the sent invite with its full link or the role given instead.
 */
export function inviteProviderView(snapshot: SnapshotFrom<typeof inviteProviderMachine>, origin: string) {
  const { context } = snapshot;
  const errors = context.submitted ? inviteFormErrors(context, INVITE_FORM_MESSAGES) : {};
  return {
    email: context.email,
    emailError: errors.email ?? null,
    providerIds: context.providerIds,
    providersError: errors.providerIds ?? null,
    busy: snapshot.hasTag('busy'),
    failure: snapshot.matches('accountExists') ? null : context.failure,
    existing: context.existing
      ? {
          message: ACCESS_MESSAGES.inviteAccountExists(context.existing.email),
          name: context.existing.name,
          note:
            context.existing.role === 'ADMIN'
              ? ACCESS_MESSAGES.inviteAccountIsAdmin
              : ACCESS_MESSAGES.inviteAccountOffer,
          canGrant: snapshot.can({ type: 'role.grant' }),
          granting: snapshot.matches('granting'),
          failure: context.failure,
        }
      : null,
    granted: context.granted ? ACCESS_MESSAGES.inviteRoleGiven(context.granted.email) : null,
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
