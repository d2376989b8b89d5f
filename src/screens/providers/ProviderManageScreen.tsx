import { Button, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect } from 'react';
import type { ProviderFees } from '../../machines/providers/commission-editor.machine';
import type { ApiClient } from '../../api/client';
import { PageHeader } from '../../ui/kit/PageHeader';
import { LaterSection } from '../../ui/providers/LaterSection';
import { AppointmentsSection } from './sections/AppointmentsSection';
import { CommissionsSection } from './sections/CommissionsSection';
import { ManageStripeAccountSection } from '../payouts/ManageStripeAccountSection';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';
import { SpecialDatesSection } from './sections/SpecialDatesSection';
import { ServiceMappingsSection } from '../mappings/MappingEditorSection';
import { EditorStatus, SaveError, UNSAVED_MESSAGE, useUnsavedGuard } from './provider-editor-parts';
import { ProviderEditorSections, useProviderEditor } from './use-provider-editor';

export interface ProviderManageScreenProps {
  api: ApiClient;
  providerId: number;
  isAdmin: boolean;
  onExit(): void;
  /** Admins only: view the console as this provider. */
  onViewAs: ((providerId: number) => void) | null;
}

/**
 * The manage view of /providers?provider= (spec 02 §2): Exit, View as provider and Save; provider details,
 * Manage Location, Special Dates, Commission and Fees, and the sections later changes fill.
 */
export function ProviderManageScreen(props: ProviderManageScreenProps) {
  const editor = useProviderEditor(props.api, props.providerId);
  const { view, send } = editor;
  const guard = useUnsavedGuard(editor);
  const { onExit } = props;
  useEffect(() => {
    if (view.exited) onExit();
  }, [view.exited, onExit]);
  const ready = view.provider !== null && !view.loading && !view.loadFailed;
  const onProviderSaved = useCallback(
    (provider: ProviderFees) => send({ type: 'provider.updated', provider }),
    [send],
  );

  return (
    <>
      <PageHeader
        title={view.provider?.name ?? 'Manage Provider'}
        description="Manage Provider"
        secondary={
          <>
            <Button variant="outline" onClick={() => send({ type: 'manage.exit' })}>
              Exit
            </Button>
            {props.onViewAs && (
              <Button variant="outline" disabled={!ready} onClick={() => props.onViewAs?.(props.providerId)}>
                View as provider
              </Button>
            )}
          </>
        }
        primary={
          <Button
            colorPalette="teal"
            loading={view.saving}
            loadingText="Saving"
            disabled={!ready || !view.canSave}
            onClick={() => send({ type: 'manage.save' })}
          >
            Save
          </Button>
        }
      />
      <EditorStatus editor={editor} />
      {ready && view.provider && (
        <Stack gap="8">
          <SaveError editor={editor} />
          <ProviderEditorSections editor={editor} />
          <SpecialDatesSection
            api={props.api}
            provider={view.provider}
            location={view.location}
            isAdmin={props.isAdmin}
          />
          <CommissionsSection
            api={props.api}
            provider={view.provider}
            location={view.location}
            isAdmin={props.isAdmin}
            onProviderSaved={onProviderSaved}
          />
          {view.provider.strategy === 'MANUAL' ? (
            <LaterSection id="services" title="Services" line="The manual service editor comes later." />
          ) : (
            <>
              <LaterSection
                id="location-settings"
                title="Location Settings and Credentials"
                line={`${view.provider.strategy} location settings and credentials come later.`}
              />
              <ServiceMappingsSection api={props.api} provider={view.provider} location={view.location} />
            </>
          )}
          <AppointmentsSection api={props.api} provider={view.provider} isAdmin={props.isAdmin} />
          {props.isAdmin && (
            <ManageStripeAccountSection
              api={props.api}
              provider={view.provider}
              location={view.location}
              isAdmin={props.isAdmin}
            />
          )}
        </Stack>
      )}
      <UnsavedChangesDialog
        open={view.confirmingExit}
        message={UNSAVED_MESSAGE}
        onDiscard={() => send({ type: 'exit.confirm' })}
        onStay={() => send({ type: 'exit.cancel' })}
      />
      {guard}
      <Text srOnly aria-live="polite">
        {view.saving ? 'Saving' : ''}
      </Text>
    </>
  );
}
