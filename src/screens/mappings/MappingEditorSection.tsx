import { Text } from '@chakra-ui/react';
import { RecordSection } from '../../ui/kit/RecordSection';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { useFlow } from '../../app/flow';
import { bundleQueries } from '../../api/catalogue/bundles.queries';
import { serviceCategoryQueries } from '../../api/catalogue/service-categories.queries';
import { mappingQueries } from '../../api/mappings/mappings.queries';
import {
  externalName,
  MAPPING_SECTIONS,
  rowCanSave,
  rowsFromMappings,
  sectionOptions,
  targetOf,
} from '../../domain/mappings/mappings';
import {
  strategyMapsServiceItems,
  strategySelectsServiceItems,
  type OnboardingStrategy,
} from '../../domain/onboarding/strategies';
import { MAPPING_MESSAGES } from '../../domain/shared/messages';
import { STRATEGY_LABELS, strategyLabel } from '../../domain/providers/provider-list';
import { mappingBulkEditMachine } from '../../machines/mappings/mapping-bulk-edit.machine';
import { mappingRowsMachine } from '../../machines/mappings/mapping-rows.machine';
import {
  createMappingBulkEditActors,
  createMappingRowsActors,
} from '../../machines/mappings/mappings.actors';
import { ConfirmDialog } from '../../ui/kit/ConfirmDialog';
import { BulkEditDialog } from '../../ui/mappings/BulkEditDialog';
import { MappingEditor } from '../../ui/mappings/MappingEditor';
import type { StepGate } from '../shared/step-gate';
import { ServiceSelectionEditor, type ServiceSelectionEditorProps } from './ServiceSelectionEditor';

/** What both mapping editors are given: the location, its system's items, its mappings and our catalogue. */
type MappingEditorProps = Omit<ServiceSelectionEditorProps, 'gate'>;
import { RetryMessage } from '../../ui/kit/RetryMessage';

export interface MappingEditorSectionProps {
  api: ApiClient;
  providerId: number;
  locationId: number;
  /** Wizard step 2: Back and Get Started keep a selection's unsaved work first. */
  gate?: StepGate;
}

/**
 * The service mapping editor (spec 02 §2, §4): wizard step 2, the providers panel and the provider profile.
 * Loads the provider's external items, the location's mappings and the catalogue, then runs the rows and bulk
 * edit machines for a MINDBODY, BOOKER or SQUARE provider, or the rows machine as a selection of our items for
 * a BOULEVARD one (ServiceSelectionEditor).
 */
export function MappingEditorSection({ api, providerId, locationId, gate }: MappingEditorSectionProps) {
  const external = useQuery(mappingQueries.externalItems(api, providerId));
  // Read fresh each time the editor mounts: its rows start from this answer.
  const mappings = useQuery({ ...mappingQueries.forLocation(api, locationId), gcTime: 0 });
  const categories = useQuery(serviceCategoryQueries.list(api));
  const bundles = useQuery(bundleQueries.list(api));
  const queries = [external, mappings, categories, bundles];
  const failed = queries.find((query) => query.isError);
  if (failed) {
    return (
      <RetryMessage
        message={failed.error?.message ?? ''}
        onRetry={() => queries.forEach((query) => void query.refetch())}
      />
    );
  }
  if (!external.data || !mappings.data || !categories.data || !bundles.data) {
    return <Text role="status">Loading service mappings…</Text>;
  }
  const editor: MappingEditorProps = {
    api,
    locationId,
    strategy: external.data.strategy,
    externalItems: external.data.items,
    mappings: mappings.data,
    catalogue: { categories: categories.data, bundles: bundles.data },
  };
  return strategySelectsServiceItems(external.data.strategy) ? (
    <ServiceSelectionEditor {...editor} {...(gate ? { gate } : {})} />
  ) : (
    <BoundEditor {...editor} />
  );
}

function BoundEditor(props: MappingEditorProps) {
  const { catalogue, externalItems } = props;
  const queryClient = useQueryClient();
  const [rowsActors] = useState(() => createMappingRowsActors(props.api, queryClient));
  const [bulkActors] = useState(() => createMappingBulkEditActors(props.api));
  const [snapshot, send] = useFlow(mappingRowsMachine, {
    actors: rowsActors,
    input: {
      locationId: props.locationId,
      externalItems,
      rows: rowsFromMappings(catalogue, props.mappings),
    },
  });
  const [bulk, sendBulk, bulkActor] = useFlow(mappingBulkEditMachine, {
    actors: bulkActors,
    input: { locationId: props.locationId },
  });
  useEffect(() => {
    const subscription = bulkActor.on('mappings.created', ({ mapping, section }) => {
      send({
        type: 'rows.added',
        rows: [
          {
            key: `saved-${mapping.id}`,
            id: mapping.id,
            version: mapping.version,
            section,
            externalId: mapping.externalId,
            target: targetOf(mapping),
            dirty: false,
          },
        ],
      });
    });
    return () => subscription.unsubscribe();
  }, [bulkActor, send]);

  const { rows, pending } = snapshot.context;
  const groups = MAPPING_SECTIONS.map((section) => ({
    section,
    options: sectionOptions(catalogue, section),
  }));
  const pendingRow = rows.find((row) => row.key === pending);
  const deleting = snapshot.hasTag('deleting');
  return (
    <>
      <MappingEditor
        strategy={strategyLabel(props.strategy) ?? props.strategy}
        externalItems={externalItems}
        sections={groups.map((group) => ({
          ...group,
          rows: rows
            .filter((row) => row.section === group.section)
            .map((row) => ({
              key: row.key,
              saved: row.id !== null,
              externalId: row.externalId,
              target: row.target,
              canSave: rowCanSave(row),
            })),
        }))}
        busy={snapshot.hasTag('busy') || deleting}
        pending={pending}
        onAdd={(section) => send({ type: 'row.add', section })}
        onChange={(key, change) => send({ type: 'row.change', key, ...change })}
        onSave={(key) => send({ type: 'row.save', key })}
        onDelete={(key) => send({ type: 'row.delete', key })}
        onBulkEdit={() => {
          const mapped = new Set(rows.map((row) => row.externalId));
          sendBulk({
            type: 'bulk.open',
            entries: externalItems
              .filter((item) => !mapped.has(item.id))
              .map((item) => ({ externalId: item.id, name: item.name, target: null, section: null })),
          });
        }}
      />
      <BulkEditDialog
        open={!bulk.matches('closed')}
        strategy={strategyLabel(props.strategy) ?? props.strategy}
        entries={bulk.context.entries}
        groups={groups}
        failed={bulk.context.failed}
        saving={bulk.hasTag('busy')}
        canSave={bulk.can({ type: 'bulk.save' })}
        onChange={(externalId, target, section) =>
          sendBulk({ type: 'entry.change', externalId, target, section })
        }
        onSave={() => sendBulk({ type: 'bulk.save' })}
        onClose={() => sendBulk({ type: 'bulk.close' })}
      />
      <ConfirmDialog
        open={snapshot.matches('confirmingDelete') || deleting}
        title="Delete mapping?"
        message={`The mapping of ${externalName(externalItems, pendingRow?.externalId ?? '')} will be deleted.`}
        confirmLabel="Delete"
        busy={deleting}
        busyLabel="Deleting"
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      />
    </>
  );
}

/** The "Service Mappings" section of the providers panel's manage view and of the provider profile. */
export function ServiceMappingsSection(props: {
  api: ApiClient;
  provider: { id: number; strategy: OnboardingStrategy };
  location: { id: number } | null;
}) {
  return (
    <RecordSection
      headingId="mappings-heading"
      title="Service Mappings"
      saves="Each mapping is saved on its own with its Save."
    >
      {!strategyMapsServiceItems(props.provider.strategy) &&
      !strategySelectsServiceItems(props.provider.strategy) ? (
        <Text color="fg.muted" fontSize="sm">
          {STRATEGY_LABELS[props.provider.strategy]} providers pick Upkeep service items directly.
        </Text>
      ) : props.location === null ? (
        <Text color="fg.muted" fontSize="sm">
          {MAPPING_MESSAGES.noLocation}
        </Text>
      ) : (
        <MappingEditorSection
          key={`${props.provider.id}-${props.location.id}`}
          api={props.api}
          providerId={props.provider.id}
          locationId={props.location.id}
        />
      )}
    </RecordSection>
  );
}
