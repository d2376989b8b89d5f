import { Box, Button, Field, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { AppContext } from '../../app/context';
import { providerQueries } from '../../app/queries';
import { ACCESS_MESSAGES } from '../../domain/shared/messages';
import { canSwitchProvider, currentProvider } from '../../domain/shell/navigation';
import { PageHeader } from '../../ui/kit/PageHeader';
import { LaterSection } from '../../ui/providers/LaterSection';
import { ServiceMappingsSection } from '../mappings/MappingEditorSection';
import { EditorStatus, SaveError, useUnsavedGuard } from './provider-editor-parts';
import { ProviderEditorSections, useProviderEditor } from './use-provider-editor';

export const NO_PROVIDER_CHOSEN = 'Choose a provider to view as from Providers to manage its profile.';

/**
 * /provider/profile (spec 02 §2): "Manage Provider" with Save, the provider's details and location. A provider
 * user edits only their own provider(s) (the API lists no other) and switches between them when they have
 * several; an admin edits the provider they view as.
 */
export function ProviderProfileScreen({ api, session }: Pick<AppContext, 'api' | 'session'>) {
  const isAdmin = useSelector(session, (s) => s.context.isAdmin);
  const chosenId = useSelector(session, (s) => s.context.providerId);
  const providers = useQuery(providerQueries.list(api));
  const list = providers.data ?? [];
  const provider = currentProvider(list, chosenId, { isAdmin });

  if (providers.isPending) return <Spinner role="status" aria-label="Loading providers" />;
  if (providers.isError)
    return (
      <Box p={{ base: '4', md: '6' }}>
        <PageHeader title="Manage Provider" />
        <Text role="alert">{ACCESS_MESSAGES.providersLoadFailed}</Text>
      </Box>
    );
  if (!provider)
    return (
      <Box p={{ base: '4', md: '6' }}>
        <PageHeader title="Manage Provider" />
        <Text color="fg.muted">{NO_PROVIDER_CHOSEN}</Text>
      </Box>
    );
  const switcher = canSwitchProvider({ isAdmin }, list.length) ? (
    <Field.Root maxW="sm" mb="4">
      <Field.Label>Switch Provider</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          bg="white"
          value={String(provider.id)}
          onChange={(event) =>
            session.send({ type: 'session.switchProvider', providerId: Number(event.target.value) })
          }
        >
          {list.map((each) => (
            <option key={each.id} value={each.id}>
              {each.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  ) : null;
  return <ProfileEditor key={provider.id} api={api} providerId={provider.id} switcher={switcher} />;
}

function ProfileEditor(props: { api: AppContext['api']; providerId: number; switcher: React.ReactNode }) {
  const editor = useProviderEditor(props.api, props.providerId);
  const { view, send } = editor;
  const guard = useUnsavedGuard(editor);
  const ready = view.provider !== null && !view.loading && !view.loadFailed;
  return (
    <Box p={{ base: '4', md: '6' }}>
      <PageHeader
        title="Manage Provider"
        description={view.provider?.name}
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
      {props.switcher}
      <EditorStatus editor={editor} />
      {ready && view.provider && (
        <Stack gap="8">
          <SaveError editor={editor} />
          <ProviderEditorSections editor={editor} />
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
        </Stack>
      )}
      {guard}
    </Box>
  );
}
