import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from '../../api/client';
import { useFlow } from '../../app/flow';
import { providerQueries } from '../../api/providers/providers.queries';
import { ACCESS_MESSAGES } from '../../domain/shared/messages';
import { providerChoices } from '../../domain/providers/providers';
import { createInviteProviderActors } from '../../machines/providers/invite-provider.actors';
import { inviteProviderMachine } from '../../machines/providers/invite-provider.machine';
import { inviteProviderView } from '../../machines/providers/invite-provider.view';
import { notify } from '../../ui/kit/notify';
import { InviteProviderForm } from '../../ui/providers/InviteProviderForm';

/**
 * Invite provider (admin): an email and providers, Save → 'Sent invite!' and the registration link; an
 * email that already has an account is said so before sending, with the Provider role offered instead.
 */
export function InviteProviderScreen({ api, origin }: { api: ApiClient; origin: string }) {
  const providers = useQuery(providerQueries.choices(api));
  const [actors] = useState(() => createInviteProviderActors(api));
  const [snapshot, send] = useFlow(inviteProviderMachine, { actors });
  const view = inviteProviderView(snapshot, origin);
  const link = view.sent?.link ?? null;

  return (
    <InviteProviderForm
      email={view.email}
      emailError={view.emailError}
      providers={providerChoices(providers.data ?? [])}
      providersLoading={providers.isPending}
      providersFailure={providers.isError ? ACCESS_MESSAGES.providersLoadFailed : null}
      selectedIds={view.providerIds}
      providersError={view.providersError}
      busy={view.busy}
      failure={view.failure}
      sent={view.sent}
      existing={view.existing}
      granted={view.granted}
      grantLabel={ACCESS_MESSAGES.inviteGiveRole}
      onGrantRole={() => send({ type: 'role.grant' })}
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
