import {} from '@chakra-ui/react';
import { RecordSection } from '../../../ui/kit/RecordSection';
import { useEffect } from 'react';
import type { ApiClient } from '../../../api/client';
import type { Location, Provider } from '../../../api/contract/provider';
import { useFlow } from '../../../app/flow';
import { PROVIDER_MESSAGES } from '../../../domain/shared/messages';
import { createCommissionEditorActors } from '../../../machines/providers/commission-editor.actors';
import {
  commissionEditorMachine,
  type ProviderFees,
} from '../../../machines/providers/commission-editor.machine';
import { commissionEditorView } from '../../../machines/providers/commission-editor.view';
import { staleNoticeProps } from '../../../ui/kit/StaleNotice';
import { CommissionSettings } from '../../../ui/providers/CommissionSettings';

export interface CommissionsSectionProps {
  api: ApiClient;
  provider: Provider;
  /** The provider's location, or null when it has none yet. */
  location: Location | null;
  isAdmin: boolean;
  /** A fees save changed the provider: its new version and flag, for the manage view to keep. */
  onProviderSaved?(provider: ProviderFees): void;
}

/** The manage view's "Commission and Fees" section. */
export function CommissionsSection({ api, provider, isAdmin, onProviderSaved }: CommissionsSectionProps) {
  return (
    <RecordSection
      headingId="commissionssection-heading"
      title="Commission and Fees"
      saves="Saved on its own with Update commission."
    >
      <Commissions
        key={provider.id}
        api={api}
        provider={provider}
        isAdmin={isAdmin}
        onProviderSaved={onProviderSaved}
      />
    </RecordSection>
  );
}

function Commissions({ api, provider, isAdmin, onProviderSaved }: Omit<CommissionsSectionProps, 'location'>) {
  const [snapshot, send, actor] = useFlow(commissionEditorMachine, {
    actors: createCommissionEditorActors(api),
    input: {
      providerId: provider.id,
      isUpkeepPayingProcessingFees: provider.isUpkeepPayingProcessingFees,
      providerVersion: provider.version,
    },
  });
  const { version, isUpkeepPayingProcessingFees } = provider;
  // The manage view saved the provider: the fees switch saves on top of that version.
  useEffect(() => {
    send({ type: 'provider.changed', provider: { version, isUpkeepPayingProcessingFees } });
  }, [send, version, isUpkeepPayingProcessingFees]);
  useEffect(() => {
    const saved = actor.on('provider.saved', (event) => onProviderSaved?.(event.provider));
    return () => saved.unsubscribe();
  }, [actor, onProviderSaved]);
  const view = commissionEditorView(snapshot, isAdmin);
  return (
    <CommissionSettings
      {...view}
      loadFailedText={PROVIDER_MESSAGES.commissionFailed}
      onChoose={(categoryId, choice) => send({ type: 'commission.choose', categoryId, choice })}
      onCustom={(categoryId, text) => send({ type: 'commission.custom', categoryId, text })}
      onFees={(value) => send({ type: 'fees.change', value })}
      onSave={() => send({ type: 'commission.save' })}
      onRetry={() => send({ type: 'commission.retry' })}
      stale={staleNoticeProps(view, send)}
    />
  );
}
