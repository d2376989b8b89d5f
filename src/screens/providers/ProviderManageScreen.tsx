import { Button, Text } from '@chakra-ui/react';
import { useCallback, useRef } from 'react';
import type { ProviderFees } from '../../machines/providers/commission-editor.machine';
import type { ApiClient } from '../../api/client';
import { PageHeader } from '../../ui/kit/PageHeader';
import { AppointmentsSection } from './sections/AppointmentsSection';
import { CommissionsSection } from './sections/CommissionsSection';
import { ManageStripeAccountSection } from '../payouts/ManageStripeAccountSection';
import { SpecialDatesSection } from './sections/SpecialDatesSection';
import { UnsavedScope } from '../shared/unsaved-scope';
import { editorReady, ProviderEditorBody, ProviderSaveButton } from './provider-editor-parts';
import { useProviderEditor } from './use-provider-editor';
import { PageShell } from '../../ui/kit/PageShell';
import { SectionMenu } from '../../ui/kit/SectionMenu';
import { usePageSections } from '../shared/use-page-sections';
import { ChangedBy } from '../audit/ChangedBy';
import { RecordPager } from '../../ui/kit/RecordPager';
import type { ProvidersSearch } from './providers-search';
import { useProviderPlace } from './use-provider-place';

export interface ProviderManageScreenProps {
  api: ApiClient;
  providerId: number;
  isAdmin: boolean;
  /** The list it was opened from (filters, order, page): previous and next follow it. */
  list: ProvidersSearch;
  /** Opens another provider of the list (on its page). */
  onOpen(providerId: number, page: number): void;
  onExit(): void;
  /** Admins only: view the console as this provider. */
  onViewAs: ((providerId: number) => void) | null;
}

/**
 * The manage view of /providers?provider= (spec 02 §2): previous and next in the list it was opened from,
 * Exit, View as provider and Save; provider details,
 * Manage Location, Special Dates, Commission and Fees, and the sections later changes fill. Exit closes the
 * view by navigating back to the list; the editor's unsaved-changes guard asks first when edits are unsaved.
 */
/** The manage view; its editors (details, services, selections, …) ask one question before work is lost. */
export function ProviderManageScreen(props: ProviderManageScreenProps) {
  return (
    <UnsavedScope>
      <ManageView {...props} />
    </UnsavedScope>
  );
}

function ManageView(props: ProviderManageScreenProps) {
  const editor = useProviderEditor(props.api, props.providerId);
  const { view, send } = editor;
  const onProviderSaved = useCallback(
    (provider: ProviderFees) => send({ type: 'provider.updated', provider }),
    [send],
  );

  const body = useRef<HTMLDivElement>(null);
  const sections = usePageSections(body);
  const place = useProviderPlace(props.api, props.list, props.providerId, props.onOpen);

  return (
    <PageShell ref={body}>
      <PageHeader
        sticky
        title={view.provider?.name ?? 'Manage Provider'}
        description="Manage Provider"
        secondary={
          <>
            {place && <RecordPager noun="provider" {...place} />}
            <Button variant="outline" onClick={props.onExit}>
              Exit
            </Button>
            {/* Usable once the provider is read: by then the session is signed in, so starting to view as the
                provider is on record. */}
            {props.onViewAs && (
              <Button
                variant="outline"
                disabled={!editorReady(editor)}
                onClick={() => props.onViewAs?.(props.providerId)}
              >
                View as provider
              </Button>
            )}
          </>
        }
        primary={<ProviderSaveButton editor={editor} />}
      >
        <SectionMenu sections={sections} />
      </PageHeader>
      <ChangedBy
        api={props.api}
        recordType="provider"
        recordId={props.providerId}
        version={view.provider?.version ?? null}
        isAdmin={props.isAdmin}
      />
      <ProviderEditorBody
        api={props.api}
        editor={editor}
        locationChangedBy={(location) => (
          <ChangedBy
            api={props.api}
            recordType="location"
            recordId={location.id}
            version={location.version}
            isAdmin={props.isAdmin}
          />
        )}
        sections={(provider, location) => (
          <>
            <SpecialDatesSection
              api={props.api}
              provider={provider}
              location={location}
              isAdmin={props.isAdmin}
            />
            <CommissionsSection
              api={props.api}
              provider={provider}
              location={location}
              isAdmin={props.isAdmin}
              onProviderSaved={onProviderSaved}
            />
          </>
        )}
        after={(provider, location) => (
          <>
            <AppointmentsSection api={props.api} provider={provider} isAdmin={props.isAdmin} />
            {props.isAdmin && (
              <ManageStripeAccountSection
                api={props.api}
                provider={provider}
                location={location}
                isAdmin={props.isAdmin}
              />
            )}
          </>
        )}
      />
      <Text srOnly aria-live="polite">
        {view.saving ? 'Saving' : ''}
      </Text>
    </PageShell>
  );
}
