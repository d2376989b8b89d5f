import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import { createSettingsEditorActors } from '../../../../src/machines/settings/settings-editor.actors';
import { SETTINGS } from '../../../support/api-records';
import { fakeActors, refusal } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';

const { version: _version, updatedAt: _updatedAt, ...values } = SETTINGS;

describe('settings editor actors', () => {
  it('saves every setting with the version read, and passes a stale refusal on', async () => {
    const { fake, actors } = fakeActors(createSettingsEditorActors);
    const saved = { ...SETTINGS, lateCancelHours: 12, version: 6, updatedAt: '2026-03-01T00:00:00.000Z' };
    fake.on('PUT /settings', saved, refusal(409, API_ERROR_CODES.recordStale, 'changed'));
    const update = { ...values, lateCancelHours: 12, version: 5 };

    await expect(runActor(actors.saveSettings, update)).resolves.toEqual(saved);
    await expect(runActor(actors.saveSettings, update)).rejects.toMatchObject({ status: 409 });
    expect(fake.calls[0]).toEqual({ method: 'PUT', path: '/settings', body: update, idempotent: false });
  });

  it('reads the settings as they are now after a stale save', async () => {
    const { fake, actors } = fakeActors(createSettingsEditorActors);
    fake.on('GET /settings', { ...SETTINGS, version: 7 });

    await expect(runActor(actors.reloadSettings, undefined)).resolves.toMatchObject({ version: 7 });
    expect(fake.calls).toEqual([{ method: 'GET', path: '/settings', idempotent: false }]);
  });
});
