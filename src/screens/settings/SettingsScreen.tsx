import { Skeleton, Stack } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { MarketplaceSettings } from '../../api/contract/settings';
import { readerTimeZone } from '../../app/clock';
import { useFlow } from '../../app/flow';
import { settingsQueries } from '../../api/settings/settings.queries';
import { useUnsavedGuard } from '../../app/unsaved-guard';
import { formatWhen } from '../../domain/audit/audit-times';
import { SETTINGS_MESSAGES } from '../../domain/settings/settings';
import { recordEditorView } from '../../machines/shared/record-editor';
import { createSettingsEditorActors } from '../../machines/settings/settings-editor.actors';
import { settingsEditorMachine } from '../../machines/settings/settings-editor.machine';
import { PageHeader } from '../../ui/kit/PageHeader';
import { PageShell } from '../../ui/kit/PageShell';
import { StaleNotice, staleNoticeProps } from '../../ui/kit/StaleNotice';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';
import { SettingsForm } from '../../ui/settings/SettingsForm';
import { ChangedBy } from '../audit/ChangedBy';
import { RetryMessage } from '../../ui/kit/RetryMessage';

/**
 * Settings (/settings, admin): the marketplace's business constants (02 §9) that the console and the API
 * follow — the late-cancel threshold, commission presets and default, available-after options, the default
 * time zone and the activity window — saved with the version read.
 */
export function SettingsScreen({ api }: { api: ApiClient }) {
  const settings = useQuery(settingsQueries.current(api));
  return (
    <PageShell maxW="5xl">
      <PageHeader
        title="Settings"
        description="Business rules of the marketplace. A change applies to every provider from the next time a screen reads it."
      />
      {settings.isPending ? (
        <Stack gap="5" aria-busy="true" aria-label="Loading the settings">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height="32" rounded="md" />
          ))}
        </Stack>
      ) : settings.isError ? (
        <RetryMessage message={SETTINGS_MESSAGES.loadFailed} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <ChangedBy api={api} recordType="settings" recordId={1} version={settings.data.version} isAdmin />
          <SettingsEditor api={api} settings={settings.data} />
        </>
      )}
    </PageShell>
  );
}

function SettingsEditor({ api, settings }: { api: ApiClient; settings: MarketplaceSettings }) {
  const [actors] = useState(() => createSettingsEditorActors(api));
  const [snapshot, send, actor] = useFlow(settingsEditorMachine, { actors, input: { settings } });
  const queryClient = useQueryClient();
  // Every screen that follows a setting reads the saved settings (the picker, Commission and Fees, the dashboard).
  useEffect(() => {
    const subscription = actor.on('settings.saved', (event) => {
      queryClient.setQueryData(settingsQueries.all, event.settings);
      void queryClient.invalidateQueries({ queryKey: settingsQueries.all });
    });
    return () => subscription.unsubscribe();
  }, [actor, queryClient]);
  const view = recordEditorView(snapshot);
  const guard = useUnsavedGuard(view.dirty);
  const stale = staleNoticeProps(view, send);
  const { context } = snapshot;
  return (
    <>
      {stale && <StaleNotice {...stale} />}
      <SettingsForm
        draft={context.draft}
        errors={context.errors}
        saveError={context.saveError}
        saving={snapshot.hasTag('saving')}
        changed={view.dirty}
        editable={snapshot.matches('editing')}
        savedAt={context.settings.updatedAt && formatWhen(context.settings.updatedAt, readerTimeZone())}
        onFieldChange={(field, value) => send({ type: 'field.change', field, value })}
        onSubmit={() => send({ type: 'settings.save' })}
      />
      <UnsavedChangesDialog {...guard.dialog} />
    </>
  );
}
