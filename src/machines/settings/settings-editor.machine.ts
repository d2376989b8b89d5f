/**
 * The marketplace settings editor (/settings, 02 §9): one versioned record, read by the screen and edited here.
 *
 *   editing ──settings.save [invalid] (field errors)
 *      │ └──settings.save [changed]──► saving ──done ('Saved settings.')──► editing
 *      │                                 ├─error ('Error saving settings.'; error.field on its field)──► editing
 *      │                                 └─error [record/stale]──► stale ──stale.reload──► reloading ──► editing
 *      │                                                             └──stale.dismiss──► editing (typed values kept)
 *      └──field.change (the field's error clears)
 *
 * Save does nothing until something changed. The save sends the version the settings were read at; a stale
 * save is the shared stale half (src/machines/shared/record-editor.ts): Reload keeps what was typed on top of
 * the fresh settings and takes their version. Each save is announced (`settings.saved`) so every screen that
 * follows a setting reads it again.
 */
import { assign, emit, setup } from 'xstate';
import type { MarketplaceSettings, SettingsUpdate } from '../../api/contract/settings';
import { isIanaTimeZone } from '../../domain/providers/location';
import {
  checkSettingsDraft,
  SETTINGS_FIELDS,
  SETTINGS_MESSAGES,
  settingsDraftFrom,
  type SettingsDraft,
  type SettingsErrors,
  type SettingsField,
} from '../../domain/settings/settings';
import { notice, type Notice, type NoticeParams, notifying } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import {
  draftErrors,
  isDraftDirty,
  rebaseDraft,
  saveRefused,
  startEditing,
  staleStates,
  toStale,
  type RecordEditorState,
  type StaleSaveEvent,
} from '../shared/record-editor';

export interface SettingsEditorContext extends RecordEditorState<SettingsDraft, SettingsErrors> {
  /** The settings as read (or saved, or reloaded): their version goes with the next save. */
  settings: MarketplaceSettings;
}

export type SettingsEditorEvent =
  { type: 'field.change'; field: SettingsField; value: string } | { type: 'settings.save' } | StaleSaveEvent;

export type SettingsEditorEmitted = Notice | { type: 'settings.saved'; settings: MarketplaceSettings };

const check = (context: SettingsEditorContext) => checkSettingsDraft(context.draft, isIanaTimeZone);
const outputOf = (event: unknown) => (event as { output: MarketplaceSettings }).output;

export const settingsEditorMachine = setup({
  types: {
    input: {} as { settings: MarketplaceSettings },
    context: {} as SettingsEditorContext,
    events: {} as SettingsEditorEvent,
    emitted: {} as SettingsEditorEmitted,
  },
  actors: {
    saveSettings: placeholder<MarketplaceSettings, SettingsUpdate>('saveSettings'),
    reloadSettings: placeholder<MarketplaceSettings, undefined>('reloadSettings'),
  },
  guards: {
    isDraftInvalid: ({ context }) => !check(context).ok,
    isDraftChanged: ({ context }) => isDraftDirty(context),
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    /** One field typed: the draft takes it and the field's error clears. */
    takeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return {
        draft: { ...context.draft, [event.field]: event.value },
        errors: { ...context.errors, [event.field]: undefined },
      };
    }),
    showErrors: assign(({ context }) => ({ errors: draftErrors(check(context)) })),
    clearErrors: assign({ errors: {}, saveError: null }),
    saveFailed: assign(({ context, event }) =>
      saveRefused(context, (event as { error?: unknown }).error, SETTINGS_FIELDS),
    ),
    takeSaved: assign(({ event }) => {
      const settings = outputOf(event);
      const draft = settingsDraftFrom(settings);
      return { settings, draft, base: draft };
    }),
    takeReloaded: assign(({ context, event }) => {
      const settings = outputOf(event);
      const base = settingsDraftFrom(settings);
      return { settings, base, draft: rebaseDraft(context.base, context.draft, base), saveError: null };
    }),
    announceSaved: emit(({ context }) => ({ type: 'settings.saved' as const, settings: context.settings })),
  },
}).createMachine({
  id: 'settingsEditor',
  context: ({ input }) => ({
    settings: input.settings,
    ...startEditing<MarketplaceSettings, SettingsDraft, SettingsErrors>(
      input.settings,
      settingsDraftFrom,
      settingsDraftFrom(input.settings),
    ),
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'takeField' },
        'settings.save': [
          { guard: 'isDraftInvalid', actions: 'showErrors' },
          { guard: 'isDraftChanged', target: 'saving', actions: 'clearErrors' },
        ],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveSettings',
        input: ({ context }) => {
          const checked = check(context);
          if (!checked.ok) throw new Error('saving invalid settings');
          return { ...checked.value, version: context.settings.version };
        },
        onDone: {
          target: 'editing',
          actions: ['takeSaved', 'announceSaved', notifying('success', SETTINGS_MESSAGES.saved)],
        },
        onError: [
          toStale(),
          {
            target: 'editing',
            actions: ['saveFailed', notifying('error', SETTINGS_MESSAGES.saveFailed)],
          },
        ],
      },
    },
    ...staleStates({
      reload: { actor: 'reloadSettings', input: () => undefined },
    }),
  },
});
