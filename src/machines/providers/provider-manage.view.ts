/** What the manage view shows, from its snapshot: what may be clicked, which messages show. */
import type { SnapshotFrom } from 'xstate';
import { STALE_MESSAGE } from '../shared/record-editor';
import type { addressSearchMachine } from './address-search.machine';
import { hasUnsavedChanges } from './provider-manage.context';
import type { providerManageMachine } from './provider-manage.machine';

export function providerManageView(snapshot: SnapshotFrom<typeof providerManageMachine>) {
  const { context } = snapshot;
  const dirty = hasUnsavedChanges(context);
  const saving = snapshot.hasTag('saving');
  return {
    loading: snapshot.hasTag('loading'),
    loadFailed: snapshot.matches('loadFailed'),
    provider: context.provider,
    location: context.location,
    draft: context.draft,
    locationDraft: context.locationDraft,
    errors: context.errors,
    saveError: context.saveError,
    saving,
    /** Something typed is not saved: the unsaved-changes guard asks before it is lost. */
    dirty,
    /** Save is offered once something typed differs from what was loaded or saved. */
    canSave: snapshot.matches('editing') && dirty,
    /** Someone else saved the provider or its location since it was opened: Reload or Keep editing. */
    stale: snapshot.hasTag('stale'),
    reloading: snapshot.hasTag('reloading'),
    staleMessage: STALE_MESSAGE,
  };
}
export type ProviderManageView = ReturnType<typeof providerManageView>;

export function addressSearchView(snapshot: SnapshotFrom<typeof addressSearchMachine>) {
  const { context } = snapshot;
  return {
    text: context.text,
    busy: snapshot.hasTag('busy'),
    suggestions: snapshot.matches('results') ? context.suggestions : [],
    message: context.message,
  };
}
export type AddressSearchView = ReturnType<typeof addressSearchView>;
