import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { ExternalServiceItem, ProviderServiceItem } from '../../api/contract/provider-svc-item';
import { useFlow } from '../../app/flow';
import { useUnsavedGuard } from '../../app/unsaved-guard';
import { rowsFromMappings, type MappingCatalogue } from '../../domain/mappings/mappings';
import { matchingExternalId } from '../../domain/mappings/selection';
import { strategyLabel } from '../../domain/providers/provider-list';
import { MAPPING_MESSAGES } from '../../domain/shared/messages';
import { mappingRowsMachine } from '../../machines/mappings/mapping-rows.machine';
import { createMappingRowsActors } from '../../machines/mappings/mappings.actors';
import { mappingSelectionView } from '../../machines/mappings/mapping-selection.view';
import { ConfirmDialog } from '../../ui/kit/ConfirmDialog';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';
import { ServiceSelection } from '../../ui/mappings/ServiceSelection';
import type { StepGate } from '../shared/step-gate';

export interface ServiceSelectionEditorProps {
  api: ApiClient;
  locationId: number;
  strategy: string;
  externalItems: ExternalServiceItem[];
  mappings: ProviderServiceItem[];
  catalogue: MappingCatalogue;
  /** In the wizard: Back and Get Started save the selections first (and stay while one is incomplete). */
  gate?: StepGate;
}

/**
 * The mapping editor as a selection (BOULEVARD, spec 02 §2 Step 2): the mapping rows machine over every Upkeep
 * item and bundle. Selecting one adds a row booked by the external service of the same name; unselecting an
 * unsaved one drops it, a saved one is removed after a question; Save selections (and, in the wizard, Back and
 * Get Started) saves every unsaved selection. Leaving the page with unsaved selections asks first.
 */
export function ServiceSelectionEditor(props: ServiceSelectionEditorProps) {
  const { catalogue, externalItems, gate } = props;
  const queryClient = useQueryClient();
  const [actors] = useState(() => createMappingRowsActors(props.api, queryClient));
  const [snapshot, send] = useFlow(mappingRowsMachine, {
    actors,
    input: {
      locationId: props.locationId,
      externalItems,
      rows: rowsFromMappings(catalogue, props.mappings),
    },
  });
  const view = mappingSelectionView(snapshot, catalogue);
  const guard = useUnsavedGuard(view.unsaved > 0, { message: MAPPING_MESSAGES.unsaved });

  // The wizard's Back or Get Started: save everything, then go on once the machine has left.
  const next = useRef<(() => void) | null>(null);
  useEffect(
    () =>
      gate?.hold((go) => {
        next.current = go;
        send({ type: 'rows.leave' });
      }),
    [gate, send],
  );
  useEffect(() => {
    const go = next.current;
    if (view.left && go) {
      next.current = null;
      go();
    }
  }, [view.left]);

  const system = strategyLabel(props.strategy) ?? props.strategy;
  return (
    <>
      <ServiceSelection
        system={system}
        externalItems={externalItems}
        sections={view.sections}
        busy={view.busy}
        unsaved={view.unsaved}
        canSave={view.canSave}
        {...(gate ? { saveHint: 'Get Started saves them too.' } : {})}
        onToggle={(section, item) =>
          item.rowKey === null
            ? send({
                type: 'row.add',
                section,
                target: item.target,
                externalId: matchingExternalId(externalItems, item.name),
              })
            : send({ type: 'row.delete', key: item.rowKey })
        }
        onChange={(key, externalId) => send({ type: 'row.change', key, externalId })}
        onSave={() => send({ type: 'rows.save' })}
      />
      <ConfirmDialog
        open={view.confirmRemove !== null}
        title="Remove this service?"
        message={MAPPING_MESSAGES.confirmUnselect(
          view.confirmRemove?.name ?? '',
          system,
          view.confirmRemove?.service ?? '',
        )}
        confirmLabel="Remove"
        busy={view.removing}
        busyLabel="Removing"
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      />
      <UnsavedChangesDialog {...guard.dialog} message={MAPPING_MESSAGES.unsaved} />
    </>
  );
}
