import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import { RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import type { MarketplaceSettings, SettingsUpdate } from '../../../../src/api/contract/settings';
import { DEFAULT_SETTINGS, SETTINGS_FIELD_ERRORS } from '../../../../src/domain/settings/settings';
import {
  settingsEditorMachine,
  type SettingsEditorEmitted,
} from '../../../../src/machines/settings/settings-editor.machine';
import { recordEditorView } from '../../../../src/machines/shared/record-editor';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const stored: MarketplaceSettings = { ...DEFAULT_SETTINGS, version: 3, updatedAt: '2026-03-04T17:00:00Z' };
const stale = new ApiRequestError(409, 'record/stale', RECORD_STALE_MESSAGE, 'version');

function start(outcomes: { save?: Error; fresh?: MarketplaceSettings } = {}) {
  const saves: SettingsUpdate[] = [];
  const actor = createActor(
    settingsEditorMachine.provide({
      actors: {
        saveSettings: fromPromise(
          async ({ input }: { input: SettingsUpdate }): Promise<MarketplaceSettings> => {
            saves.push(input);
            if (outcomes.save) throw outcomes.save;
            const { version, ...values } = input;
            return {
              ...(values as typeof DEFAULT_SETTINGS),
              version: version + 1,
              updatedAt: '2026-03-05T00:00:00Z',
            };
          },
        ),
        reloadSettings: fromPromise(async () => {
          if (!outcomes.fresh) throw new Error('offline');
          return outcomes.fresh;
        }),
      },
    }),
    { input: { settings: stored } },
  );
  const emitted: SettingsEditorEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const messages = () => emitted.flatMap((event) => (event.type === 'notify' ? [event.message] : []));
  return { actor, saves, emitted, messages };
}

describe('settings editor machine', () => {
  it('starts with the settings as read, nothing changed: Save does nothing', () => {
    const { actor, saves } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.draft).toEqual({
      lateCancelHours: '24',
      commissionPresets: '15, 20',
      defaultCommission: '20',
      availableAfterDaysOptions: '0, 1, 2, 7',
      defaultTimezone: 'America/Los_Angeles',
      activityWindowDays: '30',
    });
    expect(recordEditorView(snapshot).dirty).toBe(false);
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(saves).toEqual([]);
  });

  it("saves the values typed with the version read, and says 'Saved settings.'", async () => {
    const { actor, saves, messages, emitted } = start();
    actor.send({ type: 'field.change', field: 'lateCancelHours', value: '48' });
    actor.send({ type: 'field.change', field: 'commissionPresets', value: '25, 10, 15,' });
    actor.send({ type: 'field.change', field: 'defaultCommission', value: '25' });
    actor.send({ type: 'field.change', field: 'defaultTimezone', value: ' Europe/Berlin ' });
    expect(recordEditorView(actor.getSnapshot()).dirty).toBe(true);
    actor.send({ type: 'settings.save' });
    const saved = await waitFor(actor, (s) => s.matches('editing') && saves.length === 1);
    expect(saves[0]).toEqual({
      ...DEFAULT_SETTINGS,
      lateCancelHours: 48,
      commissionPresets: [10, 15, 25],
      defaultCommission: 25,
      defaultTimezone: 'Europe/Berlin',
      version: 3,
    });
    expect(saved.context.settings.version).toBe(4);
    expect(saved.context.draft.commissionPresets).toBe('10, 15, 25');
    expect(recordEditorView(saved).dirty).toBe(false);
    expect(messages()).toEqual(['Saved settings.']);
    expect(emitted).toContainEqual({ type: 'settings.saved', settings: saved.context.settings });
  });

  it('shows each broken rule on its field and sends nothing; typing clears that field’s error', () => {
    const { actor, saves } = start();
    actor.send({ type: 'field.change', field: 'lateCancelHours', value: '200' });
    actor.send({ type: 'field.change', field: 'commissionPresets', value: '15, 15' });
    actor.send({ type: 'field.change', field: 'availableAfterDaysOptions', value: 'one, two' });
    actor.send({ type: 'field.change', field: 'defaultTimezone', value: 'Mars/Base' });
    actor.send({ type: 'field.change', field: 'activityWindowDays', value: '0' });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().context.errors).toEqual({
      lateCancelHours: SETTINGS_FIELD_ERRORS.lateCancelHours,
      commissionPresets: SETTINGS_FIELD_ERRORS.commissionPresets,
      availableAfterDaysOptions: SETTINGS_FIELD_ERRORS.availableAfterDaysOptions,
      defaultTimezone: SETTINGS_FIELD_ERRORS.defaultTimezone,
      activityWindowDays: SETTINGS_FIELD_ERRORS.activityWindowDays,
    });
    actor.send({ type: 'field.change', field: 'lateCancelHours', value: '12' });
    expect(actor.getSnapshot().context.errors.lateCancelHours).toBeUndefined();
    expect(saves).toEqual([]);
  });

  it('a refusal naming a field lands on it; any other failure shows above the button', async () => {
    const refused = start({
      save: new ApiRequestError(
        400,
        'request/invalid-body',
        'defaultTimezone must be an IANA time zone',
        'defaultTimezone',
      ),
    });
    refused.actor.send({ type: 'field.change', field: 'activityWindowDays', value: '60' });
    refused.actor.send({ type: 'settings.save' });
    const one = await waitFor(refused.actor, (s) => s.matches('editing') && refused.saves.length === 1);
    expect(one.context.errors.defaultTimezone).toBe('defaultTimezone must be an IANA time zone');
    expect(one.context.saveError).toBeNull();
    expect(one.context.draft.activityWindowDays).toBe('60');
    expect(refused.messages()).toEqual(['Error saving settings.']);

    const offline = start({ save: new Error('The server could not be reached.') });
    offline.actor.send({ type: 'field.change', field: 'activityWindowDays', value: '60' });
    offline.actor.send({ type: 'settings.save' });
    const two = await waitFor(offline.actor, (s) => s.matches('editing') && offline.saves.length === 1);
    expect(two.context.saveError).toBe('The server could not be reached.');
  });

  it('a stale save: Reload keeps what was typed on the fresh settings and takes their version', async () => {
    const fresh: MarketplaceSettings = { ...stored, activityWindowDays: 14, version: 5 };
    const { actor, saves } = start({ save: stale, fresh });
    actor.send({ type: 'field.change', field: 'lateCancelHours', value: '12' });
    actor.send({ type: 'settings.save' });
    const staleSnapshot = await waitFor(actor, (s) => s.matches('stale'));
    expect(recordEditorView(staleSnapshot).stale).toBe(true);
    actor.send({ type: 'stale.reload' });
    const reloaded = await waitFor(actor, (s) => s.matches('editing'));
    expect(reloaded.context.draft).toMatchObject({ lateCancelHours: '12', activityWindowDays: '14' });
    expect(reloaded.context.settings.version).toBe(5);
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.matches('stale'));
    expect(saves.map((save) => save.version)).toEqual([3, 5]);
  });

  it('after a stale save, a failed reload stays stale; Keep editing keeps the draft', async () => {
    const { actor, messages } = start({ save: stale });
    actor.send({ type: 'field.change', field: 'lateCancelHours', value: '12' });
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.matches('stale'));
    actor.send({ type: 'stale.reload' });
    await waitFor(actor, (s) => s.matches('stale') && messages().length === 1);
    expect(messages()).toEqual(['The record could not be reloaded. Try again.']);
    actor.send({ type: 'stale.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft.lateCancelHours).toBe('12');
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(settingsEditorMachine, {
      input: { settings: stored },
      events: {
        'field.change': [
          { type: 'field.change', field: 'lateCancelHours', value: '48' },
          { type: 'field.change', field: 'lateCancelHours', value: 'x' },
        ],
        'settings.save': [{ type: 'settings.save' }],
        'stale.reload': [{ type: 'stale.reload' }],
        'stale.dismiss': [{ type: 'stale.dismiss' }],
      },
      outputs: { saveSettings: [{ ...stored, version: 4 }], reloadSettings: [{ ...stored, version: 5 }] },
      errors: { saveSettings: [stale, new Error('offline')] },
    });
    expect(report.failures).toEqual([]);
    recordCoverage(report);
    assertFullCoverage(report);
  });
});
