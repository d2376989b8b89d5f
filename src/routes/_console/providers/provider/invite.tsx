import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { invitesApi } from '../../../../api/invites';
import { providersApi } from '../../../../api/providers';
import { guard } from '../../../../app/guards';
import { queryKeys } from '../../../../app/query';
import { inviteFormErrors } from '../../../../domain/invites';
import { ACCESS_MESSAGES } from '../../../../domain/messages';
import { INVITE_FORM_MESSAGES, inviteProviderMachine } from '../../../../machines/invite-provider.machine';
import { InviteProviderForm } from '../../../../ui/InviteProviderForm';
import { notify } from '../../../../ui/notify';

/** Invite provider (admin): an email and providers, Save → 'Sent invite!' and the registration link. */
export const Route = createFileRoute('/_console/providers/provider/invite')({
  beforeLoad: guard('/providers/provider/invite'),
  component: InviteProviderRoute,
});

function InviteProviderRoute() {
  const { api } = Route.useRouteContext();
  const providers = useQuery({ queryKey: queryKeys.providers, queryFn: () => providersApi(api).list() });
  const machine = useMemo(
    () =>
      inviteProviderMachine.provide({
        actors: { createInvite: fromPromise(({ input }) => invitesApi(api).create(input)) },
      }),
    [api],
  );
  const [snapshot, send, actor] = useMachine(machine);

  useEffect(() => {
    const subscription = actor.on('notify', (event) => void notify(event.status, event.message));
    return () => subscription.unsubscribe();
  }, [actor]);

  const { context } = snapshot;
  const errors = context.submitted ? inviteFormErrors(context, INVITE_FORM_MESSAGES) : {};
  const link = context.sent ? new URL(context.sent.invitePath, window.location.origin).toString() : null;

  return (
    <InviteProviderForm
      email={context.email}
      emailError={errors.email ?? null}
      providers={(providers.data ?? []).map((provider) => ({
        id: provider.id,
        name: provider.name,
        place: [provider.location?.city, provider.location?.state].filter(Boolean).join(', ') || null,
      }))}
      providersLoading={providers.isPending}
      providersFailure={providers.isError ? ACCESS_MESSAGES.providersLoadFailed : null}
      selectedIds={context.providerIds}
      providersError={errors.providerIds ?? null}
      busy={snapshot.hasTag('busy')}
      failure={context.failure}
      sent={
        context.sent && link
          ? {
              email: context.sent.email,
              link,
              providerNames: context.sent.providers.map((provider) => provider.name),
              note: ACCESS_MESSAGES.inviteLogged,
            }
          : null
      }
      onEmailChange={(value) => send({ type: 'email.change', value })}
      onProvidersChange={(providerIds) => send({ type: 'providers.change', providerIds })}
      onSubmit={() => send({ type: 'invite.submit' })}
      onCopyLink={() => {
        if (!link) return;
        void navigator.clipboard
          ?.writeText(link)
          .then(() => notify('success', ACCESS_MESSAGES.inviteLinkCopied))
          .catch(() => undefined);
      }}
      onInviteAnother={() => send({ type: 'invite.another' })}
      onRetryProviders={() => void providers.refetch()}
    />
  );
}
