import { Box, Heading } from '@chakra-ui/react';
import type { ApiClient } from '../../../api/client';
import type { Location, Provider } from '../../../api/contract/provider';
import { useFlow } from '../../../app/flow';
import { PROVIDER_MESSAGES } from '../../../domain/shared/messages';
import { createCommissionEditorActors } from '../../../machines/providers/commission-editor.actors';
import { commissionEditorMachine } from '../../../machines/providers/commission-editor.machine';
import { commissionEditorView } from '../../../machines/providers/commission-editor.view';
import { CommissionSettings } from '../../../ui/providers/CommissionSettings';

export interface CommissionsSectionProps {
  api: ApiClient;
  provider: Provider;
  /** The provider's location, or null when it has none yet. */
  location: Location | null;
  isAdmin: boolean;
}

/** The manage view's "Commission and Fees" section. */
export function CommissionsSection({ api, provider, isAdmin }: CommissionsSectionProps) {
  return (
    <Box as="section" aria-labelledby="commissionssection-heading">
      <Heading as="h2" size="md" id="commissionssection-heading" mb="3">
        Commission and Fees
      </Heading>
      <Commissions key={provider.id} api={api} provider={provider} isAdmin={isAdmin} />
    </Box>
  );
}

function Commissions({ api, provider, isAdmin }: { api: ApiClient; provider: Provider; isAdmin: boolean }) {
  const [snapshot, send] = useFlow(commissionEditorMachine, {
    actors: createCommissionEditorActors(api),
    input: { providerId: provider.id, isUpkeepPayingProcessingFees: provider.isUpkeepPayingProcessingFees },
  });
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
    />
  );
}
