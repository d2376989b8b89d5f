import { Button, Spinner, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ApiClient } from '../../api/client';
import type { Location, Provider } from '../../api/contract/provider';
import { StaleNotice, staleNoticeProps } from '../../ui/kit/StaleNotice';
import { ManualServicesSection } from '../availability/AvailabilityEditorSection';
import { ConnectionSettingsSection } from '../connections/ConnectionSettingsSection';
import { useHashSection } from '../shared/use-hash-section';
import { ServiceMappingsSection } from '../mappings/MappingEditorSection';
import { ProviderEditorSections, type ProviderEditor } from './use-provider-editor';
import { RetryMessage } from '../../ui/kit/RetryMessage';
import { FormAlert } from '../../ui/kit/FormParts';

/** Pieces the manage view and the profile share around the provider editor. */
export const PROVIDER_LOAD_FAILED = 'The provider could not be loaded.';

/** Whether the provider is loaded and can be edited. */
export const editorReady = ({ view }: ProviderEditor) =>
  view.provider !== null && !view.loading && !view.loadFailed;

/** Save, in the page header. */
export function ProviderSaveButton({ editor }: { editor: ProviderEditor }) {
  return (
    <Button
      colorPalette="teal"
      loading={editor.view.saving}
      loadingText="Saving"
      disabled={!editorReady(editor) || !editor.view.canSave}
      onClick={() => editor.send({ type: 'manage.save' })}
    >
      Save
    </Button>
  );
}

/** Services: the manual editor, or the connected system's settings and the service mappings. */
function ProviderServicesSections({ api, editor }: { api: ApiClient; editor: ProviderEditor }) {
  const { provider, location } = editor.view;
  if (!provider) return null;
  if (provider.strategy === 'MANUAL')
    return <ManualServicesSection api={api} provider={provider} location={location} />;
  return (
    <>
      <ConnectionSettingsSection
        api={api}
        provider={provider}
        location={location}
        onProviderSaved={(saved) => editor.send({ type: 'provider.updated', provider: saved })}
        onLocationSaved={(saved) => editor.send({ type: 'location.updated', location: saved })}
      />
      <ServiceMappingsSection api={api} provider={provider} location={location} />
    </>
  );
}

/**
 * The editor's body: loading or its failure, then the save's refusal, the details and location, the screen's
 * own sections (`sections`, before Services) and Services, and what follows them (`after`).
 */
export function ProviderEditorBody(props: {
  api: ApiClient;
  editor: ProviderEditor;
  sections?: (provider: Provider, location: Location | null) => ReactNode;
  after?: (provider: Provider, location: Location | null) => ReactNode;
  /** Who last changed the location, under Manage Location's title. */
  locationChangedBy?: (location: Location) => ReactNode;
}) {
  const { editor } = props;
  const { provider, location } = editor.view;
  // A link to a section (the checklist's #cover, #hours) opens there once the provider is loaded.
  useHashSection(editorReady(editor));
  return (
    <>
      <EditorStatus editor={editor} />
      {editorReady(editor) && provider && (
        <Stack gap="8">
          <SaveError editor={editor} />
          <ProviderEditorSections
            editor={editor}
            locationChangedBy={location && props.locationChangedBy?.(location)}
          />
          {props.sections?.(provider, location)}
          <ProviderServicesSections api={props.api} editor={editor} />
          {props.after?.(provider, location)}
        </Stack>
      )}
    </>
  );
}

/** Loading and load failure of an editor; null once it is editing. */
function EditorStatus({ editor }: { editor: ProviderEditor }) {
  if (editor.view.loading) return <Spinner role="status" aria-label="Loading provider" />;
  if (editor.view.loadFailed)
    return (
      <RetryMessage message={PROVIDER_LOAD_FAILED} onRetry={() => editor.send({ type: 'load.retry' })} />
    );
  return null;
}

function SaveError({ editor }: { editor: ProviderEditor }) {
  const stale = staleNoticeProps(editor.view, editor.send);
  if (stale) return <StaleNotice {...stale} />;
  const message = editor.view.saveError;
  if (!message) return null;
  return <FormAlert announce title={message} />;
}
