import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import type { ApiClient } from '../../api/client';
import { useFlow } from '../../app/flow';
import { useUnsavedGuard } from '../../app/unsaved-guard';
import { providerQueries } from '../../api/providers/providers.queries';
import { settingsQueries } from '../../api/settings/settings.queries';
import { addressSearchMachine } from '../../machines/providers/address-search.machine';
import {
  createAddressSearchActors,
  createProviderManageActors,
} from '../../machines/providers/provider-manage.actors';
import { providerManageMachine } from '../../machines/providers/provider-manage.machine';
import { addressSearchView, providerManageView } from '../../machines/providers/provider-manage.view';
import { LocationForm } from '../../ui/providers/LocationForm';
import { ProviderDetailsForm } from '../../ui/providers/ProviderDetailsForm';
import type { ProviderImageField } from '../../domain/providers/provider-draft';
import { ImageUpload } from '../catalogue/services-upload';

const consoleRoute = getRouteApi('/_console');

/**
 * One provider's editor (the manage view and /provider/profile): the manage machine and the address search,
 * bound together (a picked address goes into the location draft); saving refreshes the provider lists. The
 * console's one unsaved-changes guard asks before unsaved edits are lost (`guard.leave` for a loss that is
 * not a navigation, such as switching provider).
 */
export function useProviderEditor(api: ApiClient, providerId: number) {
  const queryClient = useQueryClient();
  const [snapshot, send, actor] = useFlow(providerManageMachine, {
    actors: createProviderManageActors(api),
    input: { providerId },
  });
  const [searchSnapshot, searchSend, searchActor] = useFlow(addressSearchMachine, {
    actors: createAddressSearchActors(api),
  });
  useEffect(() => {
    const picked = searchActor.on('address.picked', (event) =>
      send({ type: 'address.pick', place: event.place }),
    );
    const saved = actor.on('provider.saved', () => {
      void queryClient.invalidateQueries({ queryKey: providerQueries.all });
    });
    return () => {
      picked.unsubscribe();
      saved.unsubscribe();
    };
  }, [searchActor, actor, send, queryClient]);
  const view = providerManageView(snapshot);
  const guard = useUnsavedGuard(view.dirty, { message: UNSAVED_PROVIDER_MESSAGE });
  const apiUrl = consoleRoute.useRouteContext().env.VITE_API_URL;
  return { api, apiUrl, view, send, search: addressSearchView(searchSnapshot), searchSend, guard };
}
export type ProviderEditor = ReturnType<typeof useProviderEditor>;

/** The question before the provider's unsaved edits are lost, in the provider's words. */
const UNSAVED_PROVIDER_MESSAGE = 'Your changes to this provider are not saved yet. Discard them?';

/** Said under an uploaded image until the provider is saved with it. */
export const IMAGE_NOT_SAVED = 'Not saved yet: Save keeps it.';

/** The logo or cover upload of the provider details, its path going into the draft. */
function ProviderImage({
  editor,
  field,
  label,
  sectionId,
}: {
  editor: ProviderEditor;
  field: ProviderImageField;
  label: string;
  sectionId: string;
}) {
  const { view, send } = editor;
  const path = view.draft[field];
  return (
    <ImageUpload
      api={editor.api}
      apiUrl={editor.apiUrl}
      label={label}
      sectionId={sectionId}
      path={path}
      note={path !== (view.provider?.[field] ?? '') ? IMAGE_NOT_SAVED : null}
      onUploaded={(uploaded) => send({ type: 'provider.change', field, value: uploaded })}
    />
  );
}

/** Provider details and Manage Location, as the editor holds them. */
export function ProviderEditorSections({
  editor,
  locationChangedBy,
}: {
  editor: ProviderEditor;
  /** Who last changed the location, under Manage Location's title. */
  locationChangedBy?: ReactNode;
}) {
  const { view, send, search, searchSend } = editor;
  const settings = useQuery(settingsQueries.current(editor.api));
  return (
    <>
      <ProviderDetailsForm
        availableAfterDaysOptions={settings.data?.availableAfterDaysOptions}
        draft={view.draft}
        errors={view.errors}
        onChange={(field, value) => send({ type: 'provider.change', field, value })}
        onSmsChange={(value) => send({ type: 'provider.sms', value })}
        onAvailableAfterChange={(value) => send({ type: 'provider.availableAfter', value })}
        logoField={<ProviderImage editor={editor} field="logoURL" label="Logo" sectionId="logo" />}
        coverField={
          <ProviderImage editor={editor} field="coverImageURL" label="Cover image" sectionId="cover" />
        }
      />
      <LocationForm
        draft={view.locationDraft}
        errors={view.errors}
        search={{
          ...search,
          onTextChange: (text) => searchSend({ type: 'text.change', text }),
          onPick: (suggestion) => searchSend({ type: 'suggestion.pick', suggestion }),
        }}
        onChange={(field, value) => send({ type: 'location.change', field, value })}
        onFlagChange={(field, value) => send({ type: 'location.flag', field, value })}
        onHoursChange={(day, value) => send({ type: 'hours.change', day, value })}
        onHoursCopy={(from, to) => send({ type: 'hours.copy', from, to })}
        changedBy={locationChangedBy}
      />
    </>
  );
}
