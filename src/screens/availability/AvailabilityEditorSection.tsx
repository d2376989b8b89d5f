import { Text } from '@chakra-ui/react';
import { RecordSection } from '../../ui/kit/RecordSection';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { Location, Provider } from '../../api/contract/provider';
import { useFlow, useNotices } from '../../app/flow';
import { useUnsavedGuard } from '../../app/unsaved-guard';
import { AVAILABILITY_MESSAGES } from '../../domain/shared/messages';
import { createAvailabilityEditorActors } from '../../machines/availability/availability-editor.actors';
import { availabilityEditorMachine } from '../../machines/availability/availability-editor.machine';
import { availabilityEditorView } from '../../machines/availability/availability-editor.view';
import { AvailabilityEditor } from '../../ui/availability/AvailabilityEditor';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';
import { staleNoticeProps } from '../../ui/kit/StaleNotice';

export type AvailabilityEditorRef = ActorRefFrom<typeof availabilityEditorMachine>;

/**
 * The availability editor of a running machine, drawn: its own flow (a MANUAL provider's Services) or the
 * wizard's child (step 2). One editor, wherever it is shown.
 */
export function AvailabilityEditorBinding({
  actor,
  timezone,
}: {
  actor: AvailabilityEditorRef;
  timezone: string;
}) {
  const snapshot = useSelector(actor, (s) => s);
  const view = availabilityEditorView(snapshot);
  const { send } = actor;
  return (
    <AvailabilityEditor
      {...view}
      timezone={timezone}
      stale={staleNoticeProps(view, send)}
      onToggle={(categoryId) => send({ type: 'category.toggle', categoryId })}
      onSet={(cells, checked) => send({ type: 'slots.set', cells, checked })}
      onSave={() => send({ type: 'availability.save' })}
      onRetry={() => send({ type: 'availability.retry' })}
    />
  );
}

/** Wizard step 2 for MANUAL: the wizard's availability editor child, with its toasts. */
export function WizardAvailabilityStep({
  actor,
  timezone,
}: {
  actor: AvailabilityEditorRef;
  timezone: string;
}) {
  useNotices(actor, { keepErrorsWhenDone: true });
  return <AvailabilityEditorBinding actor={actor} timezone={timezone} />;
}

/**
 * A MANUAL provider's Services on the profile and the manage view (spec 02 §2): the same editor as wizard
 * step 2, for the provider's location. Leaving with unsaved changes asks first.
 */
export function ManualServicesSection(props: {
  api: ApiClient;
  provider: Provider;
  location: Location | null;
}) {
  const { location } = props;
  return (
    <RecordSection
      headingId="services-heading"
      title="Services"
      saves="Saved on its own with Save availability."
    >
      {location ? (
        <ManualServices
          key={location.id}
          api={props.api}
          locationId={location.id}
          timezone={location.timezone}
        />
      ) : (
        <Text color="fg.muted">{AVAILABILITY_MESSAGES.noLocation}</Text>
      )}
    </RecordSection>
  );
}

function ManualServices(props: { api: ApiClient; locationId: number; timezone: string }) {
  const [snapshot, , actor] = useFlow(availabilityEditorMachine, {
    actors: createAvailabilityEditorActors(props.api),
    input: { locationId: props.locationId },
  });
  const guard = useUnsavedGuard(availabilityEditorView(snapshot).dirty, {
    message: AVAILABILITY_MESSAGES.unsaved,
  });
  return (
    <>
      <AvailabilityEditorBinding actor={actor} timezone={props.timezone} />
      <UnsavedChangesDialog {...guard.dialog} message={AVAILABILITY_MESSAGES.unsaved} />
    </>
  );
}
