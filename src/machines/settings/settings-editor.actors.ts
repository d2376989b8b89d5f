import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { SettingsUpdate } from '../../api/contract/settings';
import { settingsApi } from '../../api/settings/settings';

/** The settings editor's side effects: save with the version read; read the fresh settings after a stale save. */
export function createSettingsEditorActors(api: ApiClient) {
  const settings = settingsApi(api);
  return {
    saveSettings: fromPromise(({ input }: { input: SettingsUpdate }) => settings.update(input)),
    reloadSettings: fromPromise((_: { input: undefined }) => settings.get()),
  };
}
