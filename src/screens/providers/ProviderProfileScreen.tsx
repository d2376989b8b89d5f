import { Field, NativeSelect, Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { SectionMenu } from '../../ui/kit/SectionMenu';
import { usePageSections } from '../shared/use-page-sections';
import type { AppContext } from '../../app/context';
import { providerQueries } from '../../api/providers/providers.queries';
import { ACCESS_MESSAGES } from '../../domain/shared/messages';
import { canSwitchProvider, currentProvider, MY_PROFILE_LABEL } from '../../domain/shell/navigation';
import { PageHeader } from '../../ui/kit/PageHeader';
import type { Provider } from '../../api/contract/provider';
import { ProviderEditorBody, ProviderSaveButton } from './provider-editor-parts';
import { UnsavedScope } from '../shared/unsaved-scope';
import { useProviderEditor } from './use-provider-editor';
import { PageShell } from '../../ui/kit/PageShell';
import { namedOptions, SelectOptions } from '../../ui/kit/FormParts';

export const NO_PROVIDER_CHOSEN = 'Choose a provider to view as from Providers to manage its profile.';

/** The page's title: the words of the sidebar entry that opens it. */
const TITLE = MY_PROFILE_LABEL;
/** The spec's heading for the profile, under the title. */
const MANAGE_PROVIDER = 'Manage Provider';

/**
 * /provider/profile (spec 02 §2): "Manage Provider" with Save, the provider's details and location. The page
 * is the person's own profile, so it is titled as the sidebar entry that opens it, My Profile, with Manage
 * Provider and the provider's name under the title. A provider user edits only their own provider(s) (the API
 * lists no other) and switches between them when they have several; an admin edits the provider they view as.
 */
export function ProviderProfileScreen({
  api,
  session,
  providerId: fromUrlId,
}: Pick<AppContext, 'api' | 'session'> & { providerId?: number | undefined }) {
  const isAdmin = useSelector(session, (s) => s.context.isAdmin);
  const chosenId = useSelector(session, (s) => s.context.providerId);
  const providers = useQuery(providerQueries.inView(api, { isAdmin, providerId: fromUrlId ?? chosenId }));
  const list = providers.data ?? [];
  const fromUrl = list.find((each) => each.id === fromUrlId);
  const provider = fromUrl ?? currentProvider(list, chosenId, { isAdmin });

  // The URL's provider becomes the session's (the sidebar and the Switch Provider picker follow it), then
  // leaves the URL, so switching provider later is the picker's alone.
  const navigate = useNavigate();
  useEffect(() => {
    if (!fromUrl) return;
    if (fromUrl.id !== chosenId) session.send({ type: 'session.switchProvider', providerId: fromUrl.id });
    void navigate({ to: '/provider/profile', search: {}, hash: true, replace: true });
  }, [fromUrl, chosenId, session, navigate]);

  if (providers.isPending) return <Spinner role="status" aria-label="Loading providers" />;
  if (providers.isError)
    return (
      <PageShell>
        <PageHeader title={TITLE} description={MANAGE_PROVIDER} />
        <Text role="alert">{ACCESS_MESSAGES.providersLoadFailed}</Text>
      </PageShell>
    );
  if (!provider)
    return (
      <PageShell>
        <PageHeader title={TITLE} description={MANAGE_PROVIDER} />
        <Text color="fg.muted">{NO_PROVIDER_CHOSEN}</Text>
      </PageShell>
    );
  return (
    // One question for the details, the services and the selections, before leaving or switching.
    <UnsavedScope key={provider.id}>
      <ProfileEditor
        api={api}
        providerId={provider.id}
        switchable={canSwitchProvider({ isAdmin }, list.length) ? list : null}
        onSwitch={(providerId) => session.send({ type: 'session.switchProvider', providerId })}
      />
    </UnsavedScope>
  );
}

interface ProfileEditorProps {
  api: AppContext['api'];
  providerId: number;
  /** The providers to switch between, when there are several. */
  switchable: Provider[] | null;
  onSwitch(providerId: number): void;
}

/** Switching provider loses unsaved edits like leaving does: the guard asks first. */
function ProfileEditor(props: ProfileEditorProps) {
  const editor = useProviderEditor(props.api, props.providerId);
  const { view } = editor;
  const body = useRef<HTMLDivElement>(null);
  const sections = usePageSections(body);
  return (
    <PageShell ref={body}>
      <PageHeader
        sticky
        title={TITLE}
        description={view.provider ? `${MANAGE_PROVIDER}: ${view.provider.name}` : MANAGE_PROVIDER}
        primary={<ProviderSaveButton editor={editor} />}
      >
        <SectionMenu sections={sections} />
      </PageHeader>
      {props.switchable && (
        <Field.Root maxW="sm" mb="4">
          <Field.Label>Switch Provider</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              bg="white"
              value={String(props.providerId)}
              onChange={(event) => {
                const providerId = Number(event.target.value);
                editor.guard.leave(() => props.onSwitch(providerId));
              }}
            >
              <SelectOptions options={namedOptions(props.switchable)} />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      <ProviderEditorBody api={props.api} editor={editor} />
    </PageShell>
  );
}
